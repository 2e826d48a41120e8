#pragma once
// glibc's allocator settings (mallopt), for LayoutRenderKit's ProcessMemory. Part of the
// C library: nothing to link. mallopt reports failure by returning 0.
#include <malloc.h>
