#define _GNU_SOURCE
#include "CPhotoCodecs.h"

#include <fcntl.h>
#include <unistd.h>

int cphoto_pipe_cloexec(int descriptors[2]) {
#ifdef __linux__
    return pipe2(descriptors, O_CLOEXEC);
#else
    if (pipe(descriptors) != 0) return -1;
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
