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

/// Every function answers 0 on success and a negative number when the bytes cannot be read; none of them
/// aborts the process or jumps out of the caller, whatever the input.

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

/// Largest image decoded, in pixels (a decompression bomb is refused before any allocation).
#define CPHOTO_MAX_PIXELS (64 * 1024 * 1024)

#endif
