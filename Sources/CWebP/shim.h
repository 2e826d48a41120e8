#pragma once
// libwebp's simple decoding API. It reports errors by status codes (no longjmp), so
// WebPCodec calls it directly; the features are read first, the limits checked, and
// the pixels decoded into a buffer WebPCodec allocated (WebPDecodeRGBAInto).
#include <webp/decode.h>
