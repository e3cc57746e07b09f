#include "CPhotoCodecs.h"

#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>
#include <png.h>
#include <libheif/heif.h>

static int too_large(int width, int height) {
    return width <= 0 || height <= 0 || (int64_t)width * (int64_t)height > CPHOTO_MAX_PIXELS;
}

void cphoto_free(void *pointer) { free(pointer); }

int cphoto_jpeg_size(const uint8_t *data, size_t length, int *width, int *height) {
    if (length == 0 || length > (size_t)0x7fffffff) return -1;
    tjhandle handle = tjInitDecompress();
    if (!handle) return -2;
    int subsampling = 0, colorspace = 0;
    int status = tjDecompressHeader3(handle, data, (unsigned long)length, width, height, &subsampling, &colorspace);
    tjDestroy(handle);
    return status == 0 && !too_large(*width, *height) ? 0 : -1;
}

int cphoto_decode_jpeg(const uint8_t *data, size_t length, int min_side, cphoto_rgb *out) {
    memset(out, 0, sizeof(*out));
    if (length == 0 || length > (size_t)0x7fffffff) return -1;
    tjhandle handle = tjInitDecompress();
    if (!handle) return -2;
    int width = 0, height = 0, subsampling = 0, colorspace = 0;
    if (tjDecompressHeader3(handle, data, (unsigned long)length, &width, &height, &subsampling, &colorspace) != 0 || too_large(width, height)) {
        tjDestroy(handle);
        return -1;
    }
    int count = 0;
    tjscalingfactor *factors = tjGetScalingFactors(&count);
    int best_width = width, best_height = height;
    for (int i = 0; factors && i < count && min_side > 0; i++) {
        int w = TJSCALED(width, factors[i]), h = TJSCALED(height, factors[i]);
        int shorter = w < h ? w : h;
        if (shorter >= min_side && (int64_t)w * h < (int64_t)best_width * best_height) {
            best_width = w;
            best_height = h;
        }
    }
    uint8_t *pixels = malloc((size_t)best_width * (size_t)best_height * 3);
    if (!pixels) {
        tjDestroy(handle);
        return -2;
    }
    // Any warning (a truncated file decodes "successfully" as grey) counts as unreadable.
    int status = tjDecompress2(handle, data, (unsigned long)length, pixels, best_width, 0, best_height, TJPF_RGB, TJFLAG_STOPONWARNING);
    tjDestroy(handle);
    if (status != 0) {
        free(pixels);
        return -1;
    }
    out->pixels = pixels;
    out->width = best_width;
    out->height = best_height;
    return 0;
}

int cphoto_png_size(const uint8_t *data, size_t length, int *width, int *height) {
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) return -1;
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return too_large(*width, *height) ? -1 : 0;
}

int cphoto_decode_png(const uint8_t *data, size_t length, cphoto_rgb *out) {
    memset(out, 0, sizeof(*out));
    png_image image;
    memset(&image, 0, sizeof(image));
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) return -1;
    if (too_large((int)image.width, (int)image.height)) {
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGB;
    uint8_t *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (!pixels) {
        png_image_free(&image);
        return -2;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        free(pixels);
        png_image_free(&image);
        return -1;
    }
    out->pixels = pixels;
    out->width = (int)image.width;
    out->height = (int)image.height;
    return 0;
}

static int heic_open(const uint8_t *data, size_t length, struct heif_context **context, struct heif_image_handle **handle) {
    *context = heif_context_alloc();
    if (!*context) return -2;
    struct heif_error error = heif_context_read_from_memory_without_copy(*context, data, length, NULL);
    if (error.code != heif_error_Ok) return -1;
    error = heif_context_get_primary_image_handle(*context, handle);
    return error.code == heif_error_Ok ? 0 : -1;
}

static void heic_close(struct heif_context *context, struct heif_image_handle *handle) {
    if (handle) heif_image_handle_release(handle);
    if (context) heif_context_free(context);
}

int cphoto_heic_size(const uint8_t *data, size_t length, int *width, int *height) {
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = NULL;
    int status = heic_open(data, length, &context, &handle);
    if (status == 0) {
        *width = heif_image_handle_get_width(handle);
        *height = heif_image_handle_get_height(handle);
        if (too_large(*width, *height)) status = -1;
    }
    heic_close(context, handle);
    return status;
}

int cphoto_decode_heic(const uint8_t *data, size_t length, cphoto_rgb *out) {
    memset(out, 0, sizeof(*out));
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = NULL;
    int status = heic_open(data, length, &context, &handle);
    if (status != 0 || too_large(heif_image_handle_get_width(handle), heif_image_handle_get_height(handle))) {
        heic_close(context, handle);
        return status != 0 ? status : -1;
    }
    struct heif_image *image = NULL;
    struct heif_error error = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL);
    if (error.code != heif_error_Ok || !image) {
        heic_close(context, handle);
        return -1;
    }
    int width = heif_image_get_width(image, heif_channel_interleaved);
    int height = heif_image_get_height(image, heif_channel_interleaved);
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    uint8_t *pixels = (plane && !too_large(width, height) && stride >= width * 3) ? malloc((size_t)width * (size_t)height * 3) : NULL;
    if (!pixels) {
        heif_image_release(image);
        heic_close(context, handle);
        return -1;
    }
    for (int row = 0; row < height; row++) memcpy(pixels + (size_t)row * width * 3, plane + (size_t)row * stride, (size_t)width * 3);
    heif_image_release(image);
    heic_close(context, handle);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return 0;
}

int cphoto_encode_jpeg(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *out_length) {
    *out = NULL;
    *out_length = 0;
    if (too_large(width, height)) return -1;
    tjhandle handle = tjInitCompress();
    if (!handle) return -2;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    int status = tjCompress2(handle, rgb, width, 0, height, TJPF_RGB, &buffer, &size, TJSAMP_420, quality, 0);
    tjDestroy(handle);
    if (status != 0 || !buffer) {
        if (buffer) tjFree(buffer);
        return -1;
    }
    // Hand back memory the caller frees with plain free().
    uint8_t *copy = malloc(size);
    if (!copy) {
        tjFree(buffer);
        return -2;
    }
    memcpy(copy, buffer, size);
    tjFree(buffer);
    *out = copy;
    *out_length = size;
    return 0;
}
