#ifndef CPHOTOCODECS_H
#define CPHOTOCODECS_H

#include <stddef.h>
#include <stdint.h>

/// Decoded pixels: `width * height` RGB triplets, owned by the caller (free with cphoto_free).
typedef struct {
    uint8_t *pixels;
    int width;
    int height;
} cphoto_rgb;

/// Every function answers CPHOTO_OK on success and a negative code otherwise; none of them aborts the process
/// or jumps out of the caller, whatever the input. Limits are set in each library before it reads the image
/// data, and the header's pixel size is checked before anything is allocated for the pixels.
#define CPHOTO_OK 0
/// The bytes are not a readable image of this format (corrupt, truncated, a codec warning).
#define CPHOTO_UNREADABLE (-1)
/// An allocation failed (the worker's memory limit, or the machine's).
#define CPHOTO_NO_MEMORY (-2)
/// More pixels, or a longer side, than Patio decodes (CPHOTO_MAX_PIXELS, CPHOTO_MAX_SIDE).
#define CPHOTO_TOO_LARGE (-3)
/// More work than a photo needs: a progressive JPEG with more than libjpeg-turbo's scan limit (500).
#define CPHOTO_TOO_COMPLEX (-4)

/// Pixel size without decoding the image data.
int cphoto_jpeg_size(const uint8_t *data, size_t length, int *width, int *height);
int cphoto_png_size(const uint8_t *data, size_t length, int *width, int *height);
int cphoto_heic_size(const uint8_t *data, size_t length, int *width, int *height);

/// Decodes to RGB. JPEG decodes at the smallest libjpeg-turbo scale whose sides stay at least
/// `min_side` (0: full size), which keeps thumbnails of camera photos cheap.
int cphoto_decode_jpeg(const uint8_t *data, size_t length, int min_side, cphoto_rgb *out);
int cphoto_decode_png(const uint8_t *data, size_t length, cphoto_rgb *out);
int cphoto_decode_heic(const uint8_t *data, size_t length, cphoto_rgb *out);

/// Encodes RGB pixels as a baseline JPEG (4:2:0); `*out` is freed with cphoto_free.
int cphoto_encode_jpeg(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *out_length);

void cphoto_free(void *pointer);

/// A pipe whose two ends close on exec (pipe2 with O_CLOEXEC), for the photo worker's standard input and output:
/// a worker spawned at the same moment by another thread never inherits them. 0 on success, -1 and errno.
int cphoto_pipe_cloexec(int descriptors[2]);

/// Largest image decoded, in pixels: a 48 MP phone camera writes 8064 × 6048 = 48.8 MP (the largest default
/// output of today's phones; 200 MP modes write files far above the 8 MB upload limit). Decoded as RGB that is
/// at most 150 MB, which fits the worker's memory limit with the codec's own buffers.
#define CPHOTO_MAX_PIXELS 50000000
/// Longest side decoded: a phone photo's long side is at most 8064 (48 MP, 4:3); 12000 leaves room for that and
/// for short panoramas, and refuses thin-strip bombs (1 × 50,000,000). A full phone panorama (up to ~16000 wide)
/// is refused: Courier's proof photos are single shots.
#define CPHOTO_MAX_SIDE 12000

#endif
