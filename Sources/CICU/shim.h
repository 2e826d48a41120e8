#pragma once
// The few ICU entry points TextEngine uses, declared here rather than through ICU's API
// headers. Why: Foundation on Linux carries its own ICU headers (module _FoundationICU, a
// newer ICU), and a Swift module that sees both Foundation and ICU's enums (UErrorCode,
// UProperty, …) from /usr/include fails to build ("has different definitions in different
// modules"). So this header includes only ICU's configuration macros (no types) and
// declares each function with plain C types; the values below are ICU's stable ABI
// constants (read from ICU 72's headers; the width, mark, break and emoji tests fail if
// one is wrong).
//
// ICU renames its C entry points per version (ubrk_open → ubrk_open_72); LR_ICU applies the
// same renaming, so the wrappers below are the unversioned interface Swift calls.
#include <stdint.h>
#include <unicode/platform.h>
#include <unicode/uvernum.h>

#if defined(U_DISABLE_RENAMING) && U_DISABLE_RENAMING
#define LR_ICU(name) name
#else
#define LR_ICU(name) U_ICU_ENTRY_POINT_RENAME(name)
#endif

typedef struct LRBreakIterator LRBreakIterator;

// ICU's declarations, with int32_t for its enums (C enums of this range are int-sized).
LRBreakIterator *LR_ICU(ubrk_open)(int32_t type, const char *locale, const uint16_t *text, int32_t textLength, int32_t *status);
void LR_ICU(ubrk_close)(LRBreakIterator *bi);
int32_t LR_ICU(ubrk_first)(LRBreakIterator *bi);
int32_t LR_ICU(ubrk_next)(LRBreakIterator *bi);
int32_t LR_ICU(ubrk_following)(LRBreakIterator *bi, int32_t offset);
int32_t LR_ICU(ubrk_preceding)(LRBreakIterator *bi, int32_t offset);
int32_t LR_ICU(ubrk_getRuleStatus)(LRBreakIterator *bi);
const char *LR_ICU(u_errorName)(int32_t code);
int32_t LR_ICU(u_getIntPropertyValue)(int32_t c, int32_t which);
int8_t LR_ICU(u_charType)(int32_t c);
int8_t LR_ICU(u_hasBinaryProperty)(int32_t c, int32_t which);

// UBreakIteratorType
static const int32_t LR_UBRK_CHARACTER = 0;
static const int32_t LR_UBRK_LINE = 2;
// UBRK_DONE and UBRK_LINE_HARD
static const int32_t LR_UBRK_DONE = -1;
static const int32_t LR_UBRK_LINE_HARD = 100;
// UProperty
static const int32_t LR_UCHAR_DEFAULT_IGNORABLE_CODE_POINT = 5;
static const int32_t LR_UCHAR_EMOJI_PRESENTATION = 58;
static const int32_t LR_UCHAR_EXTENDED_PICTOGRAPHIC = 64;
static const int32_t LR_UCHAR_EAST_ASIAN_WIDTH = 0x1004;
static const int32_t LR_UCHAR_LINE_BREAK = 0x1008;
static const int32_t LR_UCHAR_GRAPHEME_CLUSTER_BREAK = 0x1012;
// UEastAsianWidth
static const int32_t LR_U_EA_FULLWIDTH = 3;
static const int32_t LR_U_EA_WIDE = 5;
// UCharCategory
static const int32_t LR_U_NON_SPACING_MARK = 6;
static const int32_t LR_U_ENCLOSING_MARK = 7;
static const int32_t LR_U_COMBINING_SPACING_MARK = 8;
static const int32_t LR_U_SPACE_SEPARATOR = 12;
static const int32_t LR_U_CONTROL_CHAR = 15;
static const int32_t LR_U_FORMAT_CHAR = 16;
// ULineBreak
static const int32_t LR_U_LB_MANDATORY_BREAK = 6;
static const int32_t LR_U_LB_CARRIAGE_RETURN = 10;
static const int32_t LR_U_LB_GLUE = 12;
static const int32_t LR_U_LB_LINE_FEED = 17;
static const int32_t LR_U_LB_NEXT_LINE = 29;
// UGraphemeClusterBreak
static const int32_t LR_U_GCB_OTHER = 0;
static const int32_t LR_U_GCB_CONTROL = 1;
static const int32_t LR_U_GCB_LF = 5;

static inline LRBreakIterator *lr_ubrk_open_line(const uint16_t *text, int32_t length, int32_t *status) {
    return LR_ICU(ubrk_open)(LR_UBRK_LINE, "", text, length, status);
}
static inline LRBreakIterator *lr_ubrk_open_character(const uint16_t *text, int32_t length, int32_t *status) {
    return LR_ICU(ubrk_open)(LR_UBRK_CHARACTER, "", text, length, status);
}
static inline void lr_ubrk_close(LRBreakIterator *bi) { LR_ICU(ubrk_close)(bi); }
static inline int32_t lr_ubrk_first(LRBreakIterator *bi) { return LR_ICU(ubrk_first)(bi); }
static inline int32_t lr_ubrk_next(LRBreakIterator *bi) { return LR_ICU(ubrk_next)(bi); }
static inline int32_t lr_ubrk_following(LRBreakIterator *bi, int32_t offset) { return LR_ICU(ubrk_following)(bi, offset); }
static inline int32_t lr_ubrk_preceding(LRBreakIterator *bi, int32_t offset) { return LR_ICU(ubrk_preceding)(bi, offset); }
static inline int32_t lr_ubrk_get_rule_status(LRBreakIterator *bi) { return LR_ICU(ubrk_getRuleStatus)(bi); }
// U_FAILURE: error codes are positive, warnings negative.
static inline int lr_u_failure(int32_t code) { return code > 0 ? 1 : 0; }
static inline const char *lr_u_error_name(int32_t code) { return LR_ICU(u_errorName)(code); }
static inline int32_t lr_u_east_asian_width(int32_t c) { return LR_ICU(u_getIntPropertyValue)(c, LR_UCHAR_EAST_ASIAN_WIDTH); }
static inline int32_t lr_u_line_break(int32_t c) { return LR_ICU(u_getIntPropertyValue)(c, LR_UCHAR_LINE_BREAK); }
static inline int32_t lr_u_grapheme_cluster_break(int32_t c) { return LR_ICU(u_getIntPropertyValue)(c, LR_UCHAR_GRAPHEME_CLUSTER_BREAK); }
static inline int32_t lr_u_general_category(int32_t c) { return LR_ICU(u_charType)(c); }
static inline int lr_u_default_ignorable(int32_t c) { return LR_ICU(u_hasBinaryProperty)(c, LR_UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ? 1 : 0; }
static inline int lr_u_emoji_presentation(int32_t c) { return LR_ICU(u_hasBinaryProperty)(c, LR_UCHAR_EMOJI_PRESENTATION) ? 1 : 0; }
static inline int lr_u_extended_pictographic(int32_t c) { return LR_ICU(u_hasBinaryProperty)(c, LR_UCHAR_EXTENDED_PICTOGRAPHIC) ? 1 : 0; }
