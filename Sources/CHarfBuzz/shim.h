#pragma once
// HarfBuzz, opened with dlopen when the first proportional font is loaded
// (`HarfBuzzLibrary` in the TextShaping module) instead of being linked: libharfbuzz brings
// GLib, graphite2 and PCRE2, whose loading cost about 0.7 ms at every start of every
// process, while the default font (fixed pitch) is never shaped. HarfBuzz's headers are
// included for their types and constants; its functions are called through
// `lr_hb_functions`, which `lr_hb_look_up` fills from the opened library.
#include <dlfcn.h>
#include <stddef.h>
#include <harfbuzz/hb.h>
#include <harfbuzz/hb-ot.h>

// Every HarfBuzz function the shaping module calls, without its `hb_` prefix.
#define LR_HB_FUNCTIONS(X) \
    X(blob_create) X(blob_destroy) X(blob_get_length) \
    X(face_create) X(face_create_for_tables) X(face_destroy) X(face_get_glyph_count) X(face_get_upem) X(face_make_immutable) \
    X(font_create) X(font_destroy) X(font_get_empty) X(font_get_face) X(font_get_glyph_extents) \
    X(font_make_immutable) X(font_set_scale) X(ot_font_set_funcs) X(ot_layout_table_get_feature_tags) \
    X(buffer_create) X(buffer_destroy) X(buffer_allocation_successful) X(buffer_clear_contents) \
    X(buffer_add_utf16) X(buffer_set_direction) X(buffer_set_script) \
    X(buffer_get_glyph_infos) X(buffer_get_glyph_positions) X(shape) \
    X(unicode_funcs_get_default) X(unicode_script) X(script_get_horizontal_direction)

/// HarfBuzz's functions, each under its name without `hb_` (`shape` is `hb_shape`).
typedef struct {
#define LR_HB_FIELD(name) __typeof__(&hb_##name) _Nonnull name;
    LR_HB_FUNCTIONS(LR_HB_FIELD)
#undef LR_HB_FIELD
} lr_hb_functions;

/// The functions of `library` (a handle from dlopen). When one is missing, `*missing` is
/// set to its name and the table must not be used.
static inline lr_hb_functions lr_hb_look_up(void *_Nonnull library, const char *_Nullable *_Nonnull missing) {
    lr_hb_functions functions;
    *missing = NULL;
#define LR_HB_LOOK_UP(name) \
    functions.name = (__typeof__(&hb_##name))dlsym(library, "hb_" #name); \
    if (functions.name == NULL && *missing == NULL) *missing = "hb_" #name;
    LR_HB_FUNCTIONS(LR_HB_LOOK_UP)
#undef LR_HB_LOOK_UP
    return functions;
}
