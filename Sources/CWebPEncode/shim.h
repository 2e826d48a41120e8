#pragma once
// libwebp's encoder (the simple API: one call, a size of 0 on failure).
#include <webp/encode.h>
