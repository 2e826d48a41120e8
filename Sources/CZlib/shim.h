#pragma once
// zlib's deflate for the PNG writer: raw deflate streams that can be cut at a byte
// boundary (Z_SYNC_FLUSH) and joined, so that parts of an image compress on
// different threads. deflateInit2 is a macro Swift cannot import; the functions
// below call it and return zlib's status, which Swift checks.
#include <zlib.h>

/// A raw deflate stream (no zlib header or trailer: PNGCodec writes those) at `level`.
static inline int lr_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY);
}

/// The Adler-32 of two byte sequences joined, from theirs and the second's length.
static inline unsigned long lr_adler32_combine(unsigned long first, unsigned long second, long long second_length) {
    return adler32_combine(first, second, (z_off_t)second_length);
}
