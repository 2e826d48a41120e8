#pragma once
// librsvg (2.54 on Debian 12) for SVG images: parsed from memory with no base file, so a
// reference to another file (`<image href="file:///…">`, `xlink:href`, CSS `@import`,
// `url(other.svg#id)`) has nothing to resolve against and is never loaded; `data:` URLs,
// which carry their bytes, still work. Errors come back as GErrors (no longjmp).
#include <librsvg/rsvg.h>

/// The GError's message, or a fixed text; the error is freed.
static inline void lr_rsvg_take_message(GError *error, char *out, size_t size) {
    const char *text = (error != NULL && error->message != NULL) ? error->message : "librsvg error";
    snprintf(out, size, "%s", text);
    if (error != NULL) g_error_free(error);
}
