#pragma once
// libpng behind a setjmp-safe C surface, for decoding (PNGCodec writes PNGs itself,
// compressing with libdeflate: Sources/CDeflate).
//
// libpng reports every error by calling the error function and then longjmp-ing
// to the png_jmpbuf of the png_struct. Swift frames cannot be unwound by longjmp,
// so every libpng call that may fail is made from one of the small C functions
// below: each sets the jump buffer, calls libpng, and returns LR_PNG_OK or
// LR_PNG_FAILED. The message of the failure is copied into an lr_png_status the
// caller owns. Reading goes through memory (lr_png_source), never FILE*, and its
// callback is C too, so a short read can png_error() without a Swift frame between
// the longjmp and its setjmp.
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
