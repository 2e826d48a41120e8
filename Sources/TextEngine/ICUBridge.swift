internal import _FoundationICU
import Synchronization

// TextEngine uses the ICU that ships with the Swift toolchain (`_FoundationICU`, the one
// Foundation itself uses), not Debian's libicu: a program that imports Foundation and a
// module built on a second copy of ICU's headers cannot be compiled together (Clang
// reports "different definitions" of ICU's enums). The toolchain's copy renames its entry
// points with a `swift_` prefix; these thin functions keep that detail in one place.

func lr_ubrk_open_line(_ text: UnsafePointer<UInt16>?, _ length: Int32,
                       _ status: UnsafeMutablePointer<UErrorCode>) -> OpaquePointer? {
    BreakIteratorPrototypes.shared.open(line: true, text, length, status)
}
func lr_ubrk_open_character(_ text: UnsafePointer<UInt16>?, _ length: Int32,
                            _ status: UnsafeMutablePointer<UErrorCode>) -> OpaquePointer? {
    BreakIteratorPrototypes.shared.open(line: false, text, length, status)
}

/// Opening a break iterator builds its rules anew each time (callgrind: 7 % of a card
/// render with 50 labels); cloning one built iterator and giving it the text shares them.
private final class BreakIteratorPrototypes: Sendable {
    static let shared = BreakIteratorPrototypes()

    private struct Prototypes: @unchecked Sendable {
        var line: OpaquePointer?
        var character: OpaquePointer?
    }
    private let prototypes = Mutex(Prototypes())

    func open(line: Bool, _ text: UnsafePointer<UInt16>?, _ length: Int32,
              _ status: UnsafeMutablePointer<UErrorCode>) -> OpaquePointer? {
        struct Handle: @unchecked Sendable { var pointer: OpaquePointer? }
        let clone = prototypes.withLock { p -> Handle in
            var prototype = line ? p.line : p.character
            if prototype == nil {
                var s = U_ZERO_ERROR
                prototype = swift_ubrk_open(line ? UBRK_LINE : UBRK_CHARACTER, "", nil, 0, &s)
                if s.rawValue > U_ZERO_ERROR.rawValue { prototype = nil }
                if line { p.line = prototype } else { p.character = prototype }
            }
            guard let prototype else { return Handle(pointer: nil) }
            return Handle(pointer: swift_ubrk_clone(prototype, status))
        }.pointer
        guard let clone, status.pointee.rawValue <= U_ZERO_ERROR.rawValue else {
            // No prototype: open directly, and let the caller see ICU's status.
            status.pointee = U_ZERO_ERROR
            return swift_ubrk_open(line ? UBRK_LINE : UBRK_CHARACTER, "", text, length, status)
        }
        swift_ubrk_setText(clone, text, length, status)
        return clone
    }
}

@inline(__always) func lr_ubrk_close(_ bi: OpaquePointer) { swift_ubrk_close(bi) }
@inline(__always) func lr_ubrk_first(_ bi: OpaquePointer) -> Int32 { swift_ubrk_first(bi) }
@inline(__always) func lr_ubrk_next(_ bi: OpaquePointer) -> Int32 { swift_ubrk_next(bi) }
@inline(__always) func lr_ubrk_following(_ bi: OpaquePointer, _ offset: Int32) -> Int32 { swift_ubrk_following(bi, offset) }
@inline(__always) func lr_ubrk_preceding(_ bi: OpaquePointer, _ offset: Int32) -> Int32 { swift_ubrk_preceding(bi, offset) }
@inline(__always) func lr_ubrk_get_rule_status(_ bi: OpaquePointer) -> Int32 { swift_ubrk_getRuleStatus(bi) }
@inline(__always) func lr_u_failure(_ code: UErrorCode) -> Int32 { code.rawValue > U_ZERO_ERROR.rawValue ? 1 : 0 }
@inline(__always) func lr_u_error_name(_ code: UErrorCode) -> UnsafePointer<CChar>? { swift_u_errorName(code) }
@inline(__always) func lr_u_east_asian_width(_ c: Int32) -> Int32 { swift_u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH) }
@inline(__always) func lr_u_general_category(_ c: Int32) -> Int32 { Int32(swift_u_charType(c)) }
@inline(__always) func lr_u_line_break(_ c: Int32) -> Int32 { swift_u_getIntPropertyValue(c, UCHAR_LINE_BREAK) }
@inline(__always) func lr_u_grapheme_cluster_break(_ c: Int32) -> Int32 {
    swift_u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK)
}
@inline(__always) func lr_u_default_ignorable(_ c: Int32) -> Int32 {
    swift_u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) != 0 ? 1 : 0
}
@inline(__always) func lr_u_emoji_presentation(_ c: Int32) -> Int32 {
    swift_u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION) != 0 ? 1 : 0
}
@inline(__always) func lr_u_extended_pictographic(_ c: Int32) -> Int32 {
    swift_u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC) != 0 ? 1 : 0
}

// The Unicode Bidirectional Algorithm (UAX #9), ICU's ubidi.
@inline(__always) func lr_ubidi_open() -> OpaquePointer? { swift_ubidi_open() }
@inline(__always) func lr_ubidi_close(_ bidi: OpaquePointer) { swift_ubidi_close(bidi) }
@inline(__always) func lr_ubidi_set_para(_ bidi: OpaquePointer, _ text: UnsafePointer<UInt16>?, _ length: Int32,
                                         _ level: UInt8, _ status: UnsafeMutablePointer<UErrorCode>) {
    swift_ubidi_setPara(bidi, text, length, level, nil, status)
}
@inline(__always) func lr_ubidi_set_line(_ paragraph: OpaquePointer, _ start: Int32, _ limit: Int32, _ line: OpaquePointer,
                                         _ status: UnsafeMutablePointer<UErrorCode>) {
    swift_ubidi_setLine(paragraph, start, limit, line, status)
}
/// Whether the text (or line) set on `bidi` is all left to right (no reordering to do).
@inline(__always) func lr_ubidi_is_all_ltr(_ bidi: OpaquePointer) -> Bool { swift_ubidi_getDirection(bidi) == UBIDI_LTR }
@inline(__always) func lr_ubidi_get_logical_map(_ bidi: OpaquePointer, _ map: UnsafeMutablePointer<Int32>?,
                                                _ status: UnsafeMutablePointer<UErrorCode>) {
    swift_ubidi_getLogicalMap(bidi, map, status)
}
@inline(__always) func lr_ubidi_level_at(_ bidi: OpaquePointer, _ offset: Int32) -> UInt8 { swift_ubidi_getLevelAt(bidi, offset) }
/// The Bidi_Mirroring_Glyph of `c` (`(` for `)`), or `c`.
@inline(__always) func lr_u_char_mirror(_ c: Int32) -> Int32 { swift_u_charMirror(c) }
