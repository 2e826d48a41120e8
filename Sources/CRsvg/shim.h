#pragma once
// librsvg 2 (2.54 on Debian 12) for SVG images, opened with dlopen when the first SVG is
// parsed (`LibRsvg` in the Rendering module) instead of being linked: librsvg brings about
// twenty shared libraries (gio, pango, X11, libxml2, ICU…) whose loading and start-up code
// cost about 5 ms at every start of every process, SVG or not. So no librsvg header is
// included: the few types the calls need are declared here as librsvg 2 and GLib define
// them (their layout is part of their stable ABI).
//
// Documents are parsed from memory with no base file, so a reference to another file
// (`<image href="file:///…">`, `xlink:href`, CSS `@import`, `url(other.svg#id)`) has
// nothing to resolve against and is never loaded; `data:` URLs, which carry their bytes,
// still work. Errors come back as GErrors (no longjmp).

/// librsvg's handle of one parsed document (opaque).
typedef struct _RsvgHandle RsvgHandle;

/// RsvgRectangle (rsvg.h): a rectangle in user units.
typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

/// GError (gerror.h): a GQuark domain, a code and a UTF-8 message.
typedef struct {
    unsigned int domain;
    int code;
    char *message;
} GError;
