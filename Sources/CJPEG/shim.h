#pragma once
// libjpeg-turbo behind a setjmp-safe C surface, for decoding.
//
// libjpeg reports a fatal error by calling err->error_exit, which must not return.
// Swift frames cannot be unwound by longjmp, so every libjpeg call that may fail is made
// from one of the small C functions below: each sets the jump buffer of the reader's
// error manager, calls libjpeg, and returns LR_JPEG_OK or LR_JPEG_FAILED with libjpeg's
// message copied into the reader. Input comes from memory (jpeg_mem_src), never FILE*.
//
// Two warnings are made errors: data ending early, or a marker where scan data should be
// (libjpeg would pad the image with grey), and, through a progress monitor, more scans than `max_scans` (a progressive file
// of thousands of tiny scans is a CPU bomb of a few kilobytes).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>
#include <jerror.h>

enum { LR_JPEG_OK = 0, LR_JPEG_FAILED = 1 };

typedef struct {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr err;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int created;         // jpeg_create_decompress has run
    int truncated;       // the data ended before the image did
    int max_scans;
    char message[JMSG_LENGTH_MAX];
} lr_jpeg_reader;

static void lr_jpeg_error_exit(j_common_ptr cinfo) {
    lr_jpeg_reader *reader = (lr_jpeg_reader *)cinfo->client_data;
    cinfo->err->format_message(cinfo, reader->message);
    longjmp(reader->jump, 1);
}

static void lr_jpeg_emit_message(j_common_ptr cinfo, int level) {
    lr_jpeg_reader *reader = (lr_jpeg_reader *)cinfo->client_data;
    // JWRN_JPEG_EOF: the bytes ran out. JWRN_HIT_MARKER: a marker (an EOI, say) came
    // before the scan's data did, as when a header claims more rows than the scan holds;
    // libjpeg would pad the rest with grey either way.
    if (level == -1 && (cinfo->err->msg_code == JWRN_JPEG_EOF || cinfo->err->msg_code == JWRN_HIT_MARKER)) {
        reader->truncated = 1;
        cinfo->err->format_message(cinfo, reader->message);
        longjmp(reader->jump, 1);
    }
    // Other warnings (extraneous bytes, unknown markers) are not errors.
}

static void lr_jpeg_progress(j_common_ptr cinfo) {
    lr_jpeg_reader *reader = (lr_jpeg_reader *)cinfo->client_data;
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        if (d->input_scan_number > reader->max_scans) {
            snprintf(reader->message, sizeof reader->message,
                     "more than %d scans", reader->max_scans);
            longjmp(reader->jump, 1);
        }
    }
}

/// A reader with its error manager in place; NULL when out of memory.
static inline lr_jpeg_reader *lr_jpeg_create(int max_scans, long max_memory) {
    lr_jpeg_reader *reader = (lr_jpeg_reader *)calloc(1, sizeof(lr_jpeg_reader));
    if (reader == NULL) return NULL;
    reader->max_scans = max_scans;
    reader->cinfo.err = jpeg_std_error(&reader->err);
    reader->err.error_exit = lr_jpeg_error_exit;
    reader->err.emit_message = lr_jpeg_emit_message;
    if (setjmp(reader->jump)) {
        if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->created = 1;
    reader->cinfo.client_data = reader;
    reader->cinfo.mem->max_memory_to_use = max_memory;
    reader->progress.progress_monitor = lr_jpeg_progress;
    reader->cinfo.progress = &reader->progress;
    return reader;
}

/// Reads the markers up to the first scan. *components is 1 (grey), 3 (YCbCr/RGB) or
/// 4 (CMYK/YCCK); *adobe_inverted is 1 when an Adobe marker says CMYK is stored inverted.
static inline int lr_jpeg_read_header(lr_jpeg_reader *reader, const unsigned char *data,
                                      unsigned long size, unsigned *width, unsigned *height,
                                      int *components) {
    if (setjmp(reader->jump)) return LR_JPEG_FAILED;
    jpeg_mem_src(&reader->cinfo, data, size);
    jpeg_read_header(&reader->cinfo, TRUE);
    *width = reader->cinfo.image_width;
    *height = reader->cinfo.image_height;
    *components = reader->cinfo.num_components;
    return LR_JPEG_OK;
}

/// Decodes every row into `pixels` (`height` rows of `row_bytes`): RGBA for grey and
/// colour images, CMYK (as stored) for four-component ones.
static inline int lr_jpeg_read_pixels(lr_jpeg_reader *reader, unsigned char *pixels,
                                      size_t row_bytes) {
    if (setjmp(reader->jump)) return LR_JPEG_FAILED;
    j_decompress_ptr cinfo = &reader->cinfo;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK)
        cinfo->out_color_space = JCS_CMYK;
    else
        cinfo->out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(cinfo);
    if ((size_t)cinfo->output_width * (size_t)cinfo->output_components != row_bytes) {
        snprintf(reader->message, sizeof reader->message, "unexpected row size");
        return LR_JPEG_FAILED;
    }
    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW row = pixels + (size_t)cinfo->output_scanline * row_bytes;
        jpeg_read_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_decompress(cinfo);
    return LR_JPEG_OK;
}

/// Whether an Adobe APP14 marker was seen (CMYK then stored inverted, as Photoshop writes).
static inline int lr_jpeg_saw_adobe(const lr_jpeg_reader *reader) {
    return reader->cinfo.saw_Adobe_marker;
}

static inline void lr_jpeg_destroy(lr_jpeg_reader *reader) {
    if (reader == NULL) return;
    if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
    free(reader);
}
