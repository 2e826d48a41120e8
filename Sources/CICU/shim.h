#pragma once
// ICU renames its C entry points per version (ubrk_open → ubrk_open_72). Swift cannot
// import those renaming macros, so these unversioned inline wrappers are the interface.
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utypes.h>

static inline UBreakIterator *lr_ubrk_open_line(const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(UBRK_LINE, "", text, length, status);
}
static inline UBreakIterator *lr_ubrk_open_character(const UChar *text, int32_t length, UErrorCode *status) {
    return ubrk_open(UBRK_CHARACTER, "", text, length, status);
}
static inline void lr_ubrk_close(UBreakIterator *bi) { ubrk_close(bi); }
static inline int32_t lr_ubrk_first(UBreakIterator *bi) { return ubrk_first(bi); }
static inline int32_t lr_ubrk_next(UBreakIterator *bi) { return ubrk_next(bi); }
static inline int32_t lr_ubrk_get_rule_status(UBreakIterator *bi) { return ubrk_getRuleStatus(bi); }
static inline int lr_u_failure(UErrorCode code) { return U_FAILURE(code) ? 1 : 0; }
static inline const char *lr_u_error_name(UErrorCode code) { return u_errorName(code); }
static inline int32_t lr_u_east_asian_width(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH); }
static inline int32_t lr_u_general_category(UChar32 c) { return u_charType(c); }
static inline int lr_u_default_ignorable(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0; }
static inline int lr_u_emoji_presentation(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) ? 1 : 0; }
static inline int32_t lr_u_line_break(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_LINE_BREAK); }
static inline int32_t lr_ubrk_following(UBreakIterator *bi, int32_t offset) { return ubrk_following(bi, offset); }
static inline int32_t lr_ubrk_preceding(UBreakIterator *bi, int32_t offset) { return ubrk_preceding(bi, offset); }
static inline int lr_ubrk_is_boundary(UBreakIterator *bi, int32_t offset) { return ubrk_isBoundary(bi, offset) ? 1 : 0; }
static inline int32_t lr_u_grapheme_cluster_break(UChar32 c) { return u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK); }
static inline int lr_u_extended_pictographic(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0; }
static inline int lr_u_emoji_modifier(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER) ? 1 : 0; }
static inline int lr_u_regional_indicator(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR) ? 1 : 0; }
static inline int lr_u_white_space(UChar32 c) { return u_isWhitespace(c) ? 1 : 0; }
