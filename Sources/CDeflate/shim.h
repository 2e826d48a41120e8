#pragma once
// libdeflate: whole-buffer zlib compression and CRC-32 for the PNG writer.
//
// libdeflate reports failure through return values only (NULL from
// libdeflate_alloc_compressor, 0 from libdeflate_zlib_compress), never through
// callbacks or longjmp, so Swift calls it directly and checks each result.
#include <libdeflate.h>
