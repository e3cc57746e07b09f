/* Placeholder: delete when the real shim lands. */
#include "CPhotoCodecs.h"
int cphotocodecs_placeholder(void) { return 0; }
