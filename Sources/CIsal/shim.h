#pragma once
// ISA-L's igzip (Intel's Intelligent Storage Acceleration Library) for the PNG writer's
// fastest speed: raw deflate streams, fed a piece at a time, that can end with a sync flush
// and be joined, as zlib's. Linked through pkg-config (libisal); Debian ships the shared
// library only. The level buffer sizes are macros over macros Swift cannot import: the
// functions below give them and read the one state field Swift needs.
#include <isa-l/igzip_lib.h>

/// The level buffer igzip's documentation suggests for `level` (0 needs none of its own
/// beyond ISAL_DEF_LVL0_DEFAULT); 0 for a level igzip does not have.
static inline unsigned int lr_isal_level_buffer_size(int level) {
    switch (level) {
    case 0: return ISAL_DEF_LVL0_DEFAULT;
    case 1: return ISAL_DEF_LVL1_DEFAULT;
    case 2: return ISAL_DEF_LVL2_DEFAULT;
    case 3: return ISAL_DEF_LVL3_DEFAULT;
    default: return 0;
    }
}

/// Starts a raw deflate stream (no zlib header or trailer: PNGCodec writes those) at
/// `level`, compressing with `level_buffer` of `size` bytes, which outlives the stream.
static inline void lr_isal_start_raw(struct isal_zstream *stream, int level, unsigned char *level_buffer,
                                     unsigned int size) {
    isal_deflate_init(stream);
    stream->level = (uint32_t)level;
    stream->level_buf = level_buffer;
    stream->level_buf_size = size;
    stream->gzip_flag = IGZIP_DEFLATE;
}

/// Whether the stream's final block has been written (after input given with end_of_stream).
static inline int lr_isal_finished(const struct isal_zstream *stream) {
    return stream->internal_state.state == ZSTATE_END;
}
