#pragma once
// libpng behind a setjmp-safe C surface.
//
// libpng reports every error by calling the error function and then longjmp-ing
// to the png_jmpbuf of the png_struct. Swift frames cannot be unwound by longjmp,
// so every libpng call that may fail is made from one of the small C functions
// below: each sets the jump buffer, calls libpng, and returns LR_PNG_OK or
// LR_PNG_FAILED. The message of the failure is copied into an lr_png_status the
// caller owns. Reading and writing go through memory (lr_png_source and
// lr_png_sink), never FILE*, and their callbacks are C too, so a short read can
// png_error() without a Swift frame between the longjmp and its setjmp.
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

enum { LR_PNG_OK = 0, LR_PNG_FAILED = 1 };

/// Error state shared with libpng through the error pointer.
typedef struct {
    char message[256];
    int truncated;  // set when the reader ran out of input
} lr_png_status;

/// Input bytes read by lr_png_read_fn.
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t offset;
} lr_png_source;

/// Growing output buffer written by lr_png_write_fn (malloc'd; caller frees).
typedef struct {
    unsigned char *data;
    size_t size;
    size_t capacity;
} lr_png_sink;

static void lr_png_error_fn(png_structp png, png_const_charp message) {
    lr_png_status *status = (lr_png_status *)png_get_error_ptr(png);
    if (status != NULL) {
        strncpy(status->message, message ? message : "libpng error", sizeof status->message - 1);
        status->message[sizeof status->message - 1] = '\0';
    }
    png_longjmp(png, 1);
}

static void lr_png_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;  // warnings (e.g. unknown ancillary chunks) are not errors
}

static void lr_png_read_fn(png_structp png, png_bytep out, size_t length) {
    lr_png_source *source = (lr_png_source *)png_get_io_ptr(png);
    if (source->size - source->offset < length) {
        lr_png_status *status = (lr_png_status *)png_get_error_ptr(png);
        if (status != NULL) status->truncated = 1;
        png_error(png, "unexpected end of data");
    }
    memcpy(out, source->data + source->offset, length);
    source->offset += length;
}

static void lr_png_write_fn(png_structp png, png_bytep bytes, size_t length) {
    lr_png_sink *sink = (lr_png_sink *)png_get_io_ptr(png);
    if (sink->capacity - sink->size < length) {
        size_t capacity = sink->capacity ? sink->capacity : 65536;
        while (capacity - sink->size < length) {
            if (capacity > ((size_t)-1) / 2) png_error(png, "output too large");
            capacity *= 2;
        }
        unsigned char *grown = (unsigned char *)realloc(sink->data, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void lr_png_flush_fn(png_structp png) { (void)png; }

static inline void lr_png_sink_free(lr_png_sink *sink) {
    free(sink->data);
    sink->data = NULL;
    sink->size = sink->capacity = 0;
}

// MARK: Reading

/// A read struct whose errors land in `status`; NULL when out of memory.
static inline png_structp lr_png_create_read(lr_png_status *status) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, status,
                                             lr_png_error_fn, lr_png_warning_fn);
    if (png != NULL) {
        // Allow the sizes PNGLimits allows; PNGCodec checks its own limits first.
        png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    }
    return png;
}

/// Reads the signature and every chunk up to the first IDAT, then sets the
/// transformations that turn any PNG into RGBA8 and updates `info` for them.
/// On success, *rowbytes is the size of one transformed row.
static inline int lr_png_read_header(png_structp png, png_infop info, lr_png_source *source,
                                     png_uint_32 *width, png_uint_32 *height,
                                     size_t *rowbytes, int *passes) {
    if (setjmp(png_jmpbuf(png))) return LR_PNG_FAILED;
    png_set_read_fn(png, source, lr_png_read_fn);
    // Skip zlib's Adler-32 of the inflated rows (about a tenth of decoding time): every
    // compressed byte is already covered by its IDAT chunk's CRC-32, which libpng checks,
    // so a damaged file is still an error; Adler-32 would only catch a faulty inflater.
    png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
    png_read_info(png, info);
    int bit_depth = 0, color_type = 0;
    png_get_IHDR(png, info, width, height, &bit_depth, &color_type, NULL, NULL, NULL);
    // Palette → RGB, grey < 8 bits → 8 bits, tRNS → alpha channel.
    png_set_expand(png);
    // 16 → 8 bits, rounded (png_set_strip_16 would truncate).
    if (bit_depth == 16) png_set_scale_16(png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA)
        png_set_gray_to_rgb(png);
    // Opaque alpha for images without an alpha channel and without tRNS.
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    *passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    *rowbytes = png_get_rowbytes(png, info);
    return LR_PNG_OK;
}

/// Decodes the whole image into `rows` and reads the chunks after IDAT into `info`.
static inline int lr_png_read_image(png_structp png, png_infop info, png_bytepp rows) {
    if (setjmp(png_jmpbuf(png))) return LR_PNG_FAILED;
    png_read_image(png, rows);
    png_read_end(png, info);
    return LR_PNG_OK;
}

static inline void lr_png_destroy_read(png_structp png, png_infop info) {
    png_infop info_copy = info;
    png_structp png_copy = png;
    png_destroy_read_struct(&png_copy, info_copy ? &info_copy : NULL, NULL);
}

// MARK: Writing

/// A write struct whose errors land in `status`; NULL when out of memory.
static inline png_structp lr_png_create_write(lr_png_status *status) {
    return png_create_write_struct(PNG_LIBPNG_VER_STRING, status,
                                   lr_png_error_fn, lr_png_warning_fn);
}

/// Writes an 8-bit RGBA, non-interlaced image with `text_count` tEXt chunks.
/// `filters` is a mask of PNG_FILTER_* values; `level` the zlib level 0…9;
/// `strategy` a zlib strategy (0 = default, 3 = RLE).
static inline int lr_png_write_rgba(png_structp png, png_infop info, lr_png_sink *sink,
                                    png_uint_32 width, png_uint_32 height, png_bytepp rows,
                                    int level, int filters, int strategy, int opaque,
                                    const char *const *keys, const char *const *values,
                                    int text_count) {
    if (setjmp(png_jmpbuf(png))) return LR_PNG_FAILED;
    png_set_write_fn(png, sink, lr_png_write_fn, lr_png_flush_fn);
    // An opaque image is written as RGB: the rows stay RGBA and libpng drops the alpha
    // byte (the "filler") of each pixel, so a quarter less data goes through deflate.
    png_set_IHDR(png, info, width, height, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // Fewer, larger IDAT chunks: one CRC and one write call per 256 KiB instead of per 8 KiB.
    png_set_compression_buffer_size(png, 256 * 1024);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, filters);
    if (text_count > 0) {
        png_textp texts = (png_textp)png_malloc(png, sizeof(png_text) * (size_t)text_count);
        memset(texts, 0, sizeof(png_text) * (size_t)text_count);
        for (int i = 0; i < text_count; i++) {
            texts[i].compression = PNG_TEXT_COMPRESSION_NONE;
            texts[i].key = (png_charp)keys[i];
            texts[i].text = (png_charp)values[i];
            texts[i].text_length = strlen(values[i]);
        }
        png_set_text(png, info, texts, text_count);  // copies the strings
        png_free(png, texts);
    }
    png_write_info(png, info);
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);
    png_write_image(png, rows);
    png_write_end(png, info);
    return LR_PNG_OK;
}

static inline void lr_png_destroy_write(png_structp png, png_infop info) {
    png_infop info_copy = info;
    png_structp png_copy = png;
    png_destroy_write_struct(&png_copy, info_copy ? &info_copy : NULL);
}
