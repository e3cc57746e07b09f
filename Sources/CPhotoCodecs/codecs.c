#include "CPhotoCodecs.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <turbojpeg.h>
#include <png.h>
#include <libheif/heif.h>

/// The size check every decoder makes from the header, before any pixel buffer exists.
static int check_size(int width, int height) {
    if (width <= 0 || height <= 0) return CPHOTO_UNREADABLE;
    if (width > CPHOTO_MAX_SIDE || height > CPHOTO_MAX_SIDE || (int64_t)width * (int64_t)height > CPHOTO_MAX_PIXELS) return CPHOTO_TOO_LARGE;
    return CPHOTO_OK;
}

void cphoto_free(void *pointer) { free(pointer); }

// MARK: JPEG (libjpeg-turbo 2.x TurboJPEG API)

static int jpeg_header(tjhandle handle, const uint8_t *data, size_t length, int *width, int *height) {
    int subsampling = 0, colorspace = 0;
    if (tjDecompressHeader3(handle, data, (unsigned long)length, width, height, &subsampling, &colorspace) != 0) return CPHOTO_UNREADABLE;
    return check_size(*width, *height);
}

int cphoto_jpeg_size(const uint8_t *data, size_t length, int *width, int *height) {
    if (length == 0 || length > (size_t)0x7fffffff) return CPHOTO_UNREADABLE;
    tjhandle handle = tjInitDecompress();
    if (!handle) return CPHOTO_NO_MEMORY;
    int status = jpeg_header(handle, data, length, width, height);
    tjDestroy(handle);
    return status;
}

int cphoto_decode_jpeg(const uint8_t *data, size_t length, int min_side, cphoto_rgb *out) {
    memset(out, 0, sizeof(*out));
    if (length == 0 || length > (size_t)0x7fffffff) return CPHOTO_UNREADABLE;
    tjhandle handle = tjInitDecompress();
    if (!handle) return CPHOTO_NO_MEMORY;
    int width = 0, height = 0;
    int status = jpeg_header(handle, data, length, &width, &height);
    if (status != CPHOTO_OK) {
        tjDestroy(handle);
        return status;
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
        return CPHOTO_NO_MEMORY;
    }
    // Any warning (a truncated file decodes "successfully" as grey) counts as unreadable. LIMITSCANS refuses a
    // progressive JPEG of more than 500 scans: each scan walks the whole image again, so thousands of them
    // (a few bytes each) cost minutes of CPU for a photo that a camera writes in at most a dozen.
    status = tjDecompress2(handle, data, (unsigned long)length, pixels, best_width, 0, best_height, TJPF_RGB,
                           TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS);
    if (status != 0) {
        const char *message = tjGetErrorStr2(handle);
        int too_many_scans = message && strstr(message, "scans") != NULL;
        tjDestroy(handle);
        free(pixels);
        return too_many_scans ? CPHOTO_TOO_COMPLEX : CPHOTO_UNREADABLE;
    }
    tjDestroy(handle);
    out->pixels = pixels;
    out->width = best_width;
    out->height = best_height;
    return CPHOTO_OK;
}

// MARK: PNG (libpng 1.6 full API, for its limits)

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    int status;  // set before png_error: what the failure means for the caller
} png_source;

static void png_read_memory(png_structp png, png_bytep out, size_t count) {
    png_source *source = png_get_io_ptr(png);
    if (count > source->length - source->offset) png_error(png, "truncated");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

/// libpng warns "Image width exceeds user limit in IHDR" (then fails with "Invalid IHDR data") when the header
/// is above png_set_user_limits: the warning says which refusal it is.
static void png_warn(png_structp png, png_const_charp message) {
    png_source *source = png_get_io_ptr(png);
    if (source && message && strstr(message, "user limit")) source->status = CPHOTO_TOO_LARGE;
}

static void png_fail(png_structp png, png_const_charp message) {
    png_warn(png, message);
    png_longjmp(png, 1);
}

/// Every chunk's declared length must fit in the bytes that follow it. libpng allocates an ancillary chunk's
/// buffer from the length the chunk claims before reading it, whatever png_set_chunk_malloc_max says (a 421-byte
/// file whose iTXt chunk claims 1.7 GB made it allocate 1.7 GB): a claim larger than the file is refused here first.
static int png_chunks_fit(const uint8_t *data, size_t length) {
    size_t offset = 8;
    for (int chunks = 0; offset + 8 <= length && chunks < 100000; chunks++) {
        uint32_t declared = (uint32_t)data[offset] << 24 | (uint32_t)data[offset + 1] << 16 | (uint32_t)data[offset + 2] << 8 | data[offset + 3];
        if ((size_t)declared > length - offset - 8) return 0;
        if (memcmp(data + offset + 4, "IEND", 4) == 0) return 1;
        offset += 8 + (size_t)declared + 4;
    }
    return 1;
}

/// Reads the PNG up to its first image data with libpng's limits set first: sides at most CPHOTO_MAX_SIDE, at
/// most 128 ancillary chunks kept, no chunk (a compressed text or ICC profile bomb) inflating past 1 MB.
/// `rows` non-NULL also decodes the pixels as 8-bit RGB (palette and grey expanded, alpha dropped).
static int png_read(const uint8_t *data, size_t length, int *width, int *height, uint8_t **rows) {
    if (length < 8 || !png_chunks_fit(data, length)) return CPHOTO_UNREADABLE;
    png_source source = {data, length, 0, CPHOTO_UNREADABLE};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, png_warn);
    if (!png) return CPHOTO_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return CPHOTO_NO_MEMORY;
    }
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile row_pointers = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(row_pointers);
        png_destroy_read_struct(&png, &info, NULL);
        return source.status;
    }
    png_set_read_fn(png, &source, png_read_memory);
    png_set_user_limits(png, CPHOTO_MAX_SIDE, CPHOTO_MAX_SIDE);
    png_set_chunk_cache_max(png, 128);
    png_set_chunk_malloc_max(png, 1024 * 1024);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    int status = check_size((int)w, (int)h);
    if (status != CPHOTO_OK || !rows) {
        png_destroy_read_struct(&png, &info, NULL);
        *width = (int)w;
        *height = (int)h;
        return status;
    }
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_strip_alpha(png);
    png_set_gray_to_rgb(png);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 3) png_error(png, "unexpected row size");
    pixels = malloc((size_t)w * (size_t)h * 3);
    row_pointers = malloc(sizeof(png_bytep) * h);
    if (!pixels || !row_pointers) {
        source.status = CPHOTO_NO_MEMORY;
        png_error(png, "out of memory");
    }
    for (png_uint_32 row = 0; row < h; row++) row_pointers[row] = pixels + (size_t)row * w * 3;
    png_read_image(png, row_pointers);
    png_read_end(png, NULL);
    free(row_pointers);
    png_destroy_read_struct(&png, &info, NULL);
    *width = (int)w;
    *height = (int)h;
    *rows = pixels;
    return CPHOTO_OK;
}

int cphoto_png_size(const uint8_t *data, size_t length, int *width, int *height) {
    return png_read(data, length, width, height, NULL);
}

int cphoto_decode_png(const uint8_t *data, size_t length, cphoto_rgb *out) {
    memset(out, 0, sizeof(*out));
    uint8_t *pixels = NULL;
    int width = 0, height = 0;
    int status = png_read(data, length, &width, &height, &pixels);
    if (status != CPHOTO_OK) return status;
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return CPHOTO_OK;
}

// MARK: HEIC (libheif 1.15)

static int heic_error(struct heif_error error) {
    if (error.code == heif_error_Ok) return CPHOTO_OK;
    if (error.subcode == heif_suberror_Security_limit_exceeded) return CPHOTO_TOO_LARGE;
    if (error.code == heif_error_Memory_allocation_error) return CPHOTO_NO_MEMORY;
    return CPHOTO_UNREADABLE;
}

static int heic_open(const uint8_t *data, size_t length, struct heif_context **context, struct heif_image_handle **handle) {
    *context = heif_context_alloc();
    if (!*context) return CPHOTO_NO_MEMORY;
    // libheif's own security limit (each side), set before it reads a box; tiles decode on this thread so the
    // worker's CPU and memory limits see one thread's work.
    heif_context_set_maximum_image_size_limit(*context, CPHOTO_MAX_SIDE);
    heif_context_set_max_decoding_threads(*context, 0);
    int status = heic_error(heif_context_read_from_memory_without_copy(*context, data, length, NULL));
    if (status != CPHOTO_OK) return status;
    status = heic_error(heif_context_get_primary_image_handle(*context, handle));
    if (status != CPHOTO_OK) return status;
    return check_size(heif_image_handle_get_width(*handle), heif_image_handle_get_height(*handle));
}

static void heic_close(struct heif_context *context, struct heif_image_handle *handle) {
    if (handle) heif_image_handle_release(handle);
    if (context) heif_context_free(context);
}

int cphoto_heic_size(const uint8_t *data, size_t length, int *width, int *height) {
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = NULL;
    int status = heic_open(data, length, &context, &handle);
    if (status == CPHOTO_OK) {
        *width = heif_image_handle_get_width(handle);
        *height = heif_image_handle_get_height(handle);
    }
    heic_close(context, handle);
    return status;
}

int cphoto_decode_heic(const uint8_t *data, size_t length, cphoto_rgb *out) {
    memset(out, 0, sizeof(*out));
    struct heif_context *context = NULL;
    struct heif_image_handle *handle = NULL;
    int status = heic_open(data, length, &context, &handle);
    if (status != CPHOTO_OK) {
        heic_close(context, handle);
        return status;
    }
    struct heif_image *image = NULL;
    status = heic_error(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, NULL));
    if (status != CPHOTO_OK || !image) {
        if (image) heif_image_release(image);
        heic_close(context, handle);
        return status != CPHOTO_OK ? status : CPHOTO_UNREADABLE;
    }
    int width = heif_image_get_width(image, heif_channel_interleaved);
    int height = heif_image_get_height(image, heif_channel_interleaved);
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    status = check_size(width, height);
    uint8_t *pixels = (status == CPHOTO_OK && plane && stride >= width * 3) ? malloc((size_t)width * (size_t)height * 3) : NULL;
    if (!pixels) {
        heif_image_release(image);
        heic_close(context, handle);
        return status != CPHOTO_OK ? status : CPHOTO_UNREADABLE;
    }
    for (int row = 0; row < height; row++) memcpy(pixels + (size_t)row * width * 3, plane + (size_t)row * stride, (size_t)width * 3);
    heif_image_release(image);
    heic_close(context, handle);
    out->pixels = pixels;
    out->width = width;
    out->height = height;
    return CPHOTO_OK;
}

// MARK: Thumbnail encoding

int cphoto_encode_jpeg(const uint8_t *rgb, int width, int height, int quality, uint8_t **out, size_t *out_length) {
    *out = NULL;
    *out_length = 0;
    if (check_size(width, height) != CPHOTO_OK) return CPHOTO_UNREADABLE;
    tjhandle handle = tjInitCompress();
    if (!handle) return CPHOTO_NO_MEMORY;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    int status = tjCompress2(handle, rgb, width, 0, height, TJPF_RGB, &buffer, &size, TJSAMP_420, quality, 0);
    tjDestroy(handle);
    if (status != 0 || !buffer) {
        if (buffer) tjFree(buffer);
        return CPHOTO_UNREADABLE;
    }
    // Hand back memory the caller frees with plain free().
    uint8_t *copy = malloc(size);
    if (!copy) {
        tjFree(buffer);
        return CPHOTO_NO_MEMORY;
    }
    memcpy(copy, buffer, size);
    tjFree(buffer);
    *out = copy;
    *out_length = size;
    return CPHOTO_OK;
}
