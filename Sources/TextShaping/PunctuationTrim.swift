internal import CHarfBuzz

/// Fullwidth punctuation collapsing (CSS Text 4, `text-spacing-trim: normal`, the
/// browsers' default): where two fullwidth punctuation marks meet, the blank half of one
/// is dropped, so `」「` and `，「` are one and a half ems wide, not two. As Chromium does
/// it (Blink's HanKerning): an opening mark after an opening, middle or closing mark (or a
/// narrow opening one) is set half-width, and a closing mark before a closing or middle
/// mark (or a narrow closing one); never at a line's start. The half-width glyph is the
/// font's own, through the OpenType `halt` feature on that character (with `chws`, which
/// the font then applies within a run itself, only at a run's edges): a font without
/// `halt` is left alone.
///
/// Full stops, commas, colons, semicolons and curly quotes count as closing, middle or
/// opening marks according to where the font draws them (a Chinese font's comma sits at
/// the left of its em, a Traditional Chinese one's in the middle): their glyphs' ink is
/// read once per font (`Facts`).
struct PunctuationTrim {
    enum Kind {
        case other, open, close, middle, openNarrow, closeNarrow
        /// Resolved by the font (`Facts`).
        case dot, colon, semicolon, openQuote, closeQuote
    }

    /// What a font's fullwidth punctuation looks like; nil when the font has no `halt`.
    struct Facts {
        var hasContextualSpacing: Bool
        var dot: Kind
        var colon: Kind
        var semicolon: Kind
        var quotesAreFullwidth: Bool
    }

    /// CSS Text 4's text-spacing classes for one UTF-16 unit.
    static func kind(of unit: UInt16) -> Kind {
        switch unit {
        case 0x2018, 0x201C: return .openQuote
        case 0x2019, 0x201D: return .closeQuote
        case 0x3000, 0x00B7, 0x2027, 0x30FB: return .middle
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E: return .dot
        case 0xFF1A: return .colon
        case 0xFF1B: return .semicolon
        default: break
        }
        guard let scalar = Unicode.Scalar(unit) else { return .other }
        // Fullwidth: U+3000, U+FF01–FF60, U+FFE0–FFE6 (East_Asian_Width F); or the CJK
        // Symbols and Punctuation block.
        let fullwidth = (0x3000...0x303F).contains(unit) || (0xFF01...0xFF60).contains(unit) || (0xFFE0...0xFFE6).contains(unit)
        switch scalar.properties.generalCategory {
        case .openPunctuation: return fullwidth ? .open : .openNarrow
        case .closePunctuation: return fullwidth ? .close : .closeNarrow
        default: return .other
        }
    }

    /// Whether `units` hold a character the trim could apply to (Chromium's quick test).
    static func mayApply(_ units: UnsafeBufferPointer<UInt16>) -> Bool {
        units.contains(where: mayApply)
    }

    /// Whether the trim could apply to `unit`.
    static func mayApply(_ unit: UInt16) -> Bool {
        (0x2018...0x301F).contains(unit) || (0xFF08...0xFF60).contains(unit)
    }

    /// What to set half-width in one text.
    struct Trim {
        /// The offsets of the characters, in order.
        var offsets: [Int] = []
        /// The opening marks among them, trimmed for the character before them: a line may
        /// not start there without shaping again (at a line's start they stay whole).
        var afterPrevious: [Int] = []
        /// Whether `before` and `after` (see `halfWidthOffsets`) each added one.
        var byBefore = false, byAfter = false
    }

    /// The characters of `units` to set half-width. `before` and `after` are the units
    /// beside the text (nil at a line's start, or at the text's edges).
    /// `trimLast`: the text ends a line that needs the room, and its last character is a
    /// closing mark that may be set half-width there (see `trimsAtLineEnd`).
    static func halfWidthOffsets(_ units: UnsafeBufferPointer<UInt16>, before: UInt16?, after: UInt16?,
                                 trimLast: Bool = false, facts: Facts) -> Trim {
        var trim = Trim()
        guard !units.isEmpty else { return trim }
        func resolved(_ unit: UInt16) -> Kind { Self.resolved(unit, facts) }
        var last = resolved(units[0])
        if let before, trimsOpening(last, after: resolved(before)) {
            trim.offsets.append(0)
            trim.afterPrevious.append(0)
            trim.byBefore = true
        }
        if !facts.hasContextualSpacing {
            for index in 1..<units.count {
                let kind = resolved(units[index])
                if trimsClosing(before: kind, last) {
                    trim.offsets.append(index - 1)
                } else if trimsOpening(kind, after: last) {
                    trim.offsets.append(index)
                    trim.afterPrevious.append(index)
                }
                last = kind
            }
        } else if units.count > 1 {
            last = resolved(units[units.count - 1])
        }
        if let after, trimsClosing(before: resolved(after), last), trim.offsets.last != units.count - 1 {
            trim.offsets.append(units.count - 1)
            trim.byAfter = true
        }
        if trimLast && trim.offsets.last != units.count - 1 { trim.offsets.append(units.count - 1) }
        return trim
    }

    /// Whether `unit`, ending a line that is too wide for it, may be set half-width there
    /// (CSS's `allow-end`, part of `normal`): a closing mark (or closing quote) not already
    /// trimmed for the character after it (`next`).
    static func trimsAtLineEnd(_ unit: UInt16, next: UInt16?, facts: Facts) -> Bool {
        let raw = kind(of: unit)
        guard raw == .close || raw == .closeQuote else { return false }
        guard let next else { return true }
        return !trimsClosing(before: resolved(next, facts), resolved(unit, facts))
    }

    private static func resolved(_ unit: UInt16, _ facts: Facts) -> Kind {
        switch kind(of: unit) {
        case .dot: facts.dot
        case .colon: facts.colon
        case .semicolon: facts.semicolon
        case .openQuote: facts.quotesAreFullwidth ? .open : .openNarrow
        case .closeQuote: facts.quotesAreFullwidth ? .close : .closeNarrow
        case let other: other
        }
    }

    /// An opening mark after an opening, middle, closing or narrow opening mark.
    private static func trimsOpening(_ kind: Kind, after last: Kind) -> Bool {
        kind == .open && (last == .open || last == .middle || last == .close || last == .openNarrow)
    }

    /// A closing mark before a closing, middle or narrow closing mark.
    private static func trimsClosing(before kind: Kind, _ last: Kind) -> Bool {
        last == .close && (kind == .close || kind == .middle || kind == .closeNarrow)
    }

    /// The font's facts, from its feature lists and the ink of its dots, colons and quotes
    /// shaped as Han text; nil when the font has no `halt` or draws one of those
    /// characters with other than one glyph.
    static func facts(of harfBuzzFont: HarfBuzzFont) -> Facts? {
        let hb = harfBuzzFont.hb, font = harfBuzzFont.handle
        let face = hb.font_get_face(font)
        guard hasFeature(face, tag: halt, hb) else { return nil }
        let probe: [UInt16] = [0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0x201C, 0x2018, 0x201D, 0x2019]
        guard let buffer = hb.buffer_create(), hb.buffer_allocation_successful(buffer) != 0 else { return nil }
        defer { hb.buffer_destroy(buffer) }
        probe.withUnsafeBufferPointer { units in
            hb.buffer_add_utf16(buffer, units.baseAddress, Int32(units.count), 0, Int32(units.count))
        }
        hb.buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb.buffer_set_script(buffer, HB_SCRIPT_HAN)
        hb.shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        guard hb.buffer_allocation_successful(buffer) != 0, let infos = hb.buffer_get_glyph_infos(buffer, &count),
              count == UInt32(probe.count), let positions = hb.buffer_get_glyph_positions(buffer, &count) else { return nil }
        var glyphs: [(glyph: UInt32, advance: Int32, left: Int32, right: Int32)] = []
        for index in 0..<probe.count {
            guard infos[index].cluster == UInt32(index) else { return nil }
            var extents = hb_glyph_extents_t()
            guard hb.font_get_glyph_extents(font, infos[index].codepoint, &extents) != 0 else { return nil }
            let left = extents.x_bearing + positions[index].x_offset
            glyphs.append((infos[index].codepoint, positions[index].x_advance, left, left + extents.width))
        }
        func kind(_ group: ArraySlice<(glyph: UInt32, advance: Int32, left: Int32, right: Int32)>) -> Kind {
            guard let first = group.first(where: { $0.glyph != 0 }) else { return .other }
            let half = Double(first.advance) / 2
            let kinds = group.filter { $0.glyph != 0 }.map { glyph -> Kind? in
                glyph.advance == first.advance ? kindFromInk(half: half, left: Double(glyph.left), right: Double(glyph.right)) : nil
            }
            return kinds.allSatisfy({ $0 == kinds[0] }) ? kinds[0] ?? .other : .other
        }
        return Facts(hasContextualSpacing: hasFeature(face, tag: chws, hb),
                     dot: kind(glyphs[0..<4]), colon: kind(glyphs[4..<5]), semicolon: kind(glyphs[5..<6]),
                     quotesAreFullwidth: kind(glyphs[6..<8]) == .open && kind(glyphs[8..<10]) == .close)
    }

    /// A glyph inked only in its em's left half is a closing mark, only in its right half an
    /// opening one, narrow and right of its first quarter a middle one.
    private static func kindFromInk(half: Double, left: Double, right: Double) -> Kind {
        if right <= half { return .close }
        if left >= half { return .open }
        if right - left <= half && left >= half / 2 { return .middle }
        return .other
    }

    static let halt: UInt32 = 0x6861_6C74  // "halt"
    static let chws: UInt32 = 0x6368_7773  // "chws"

    private static func hasFeature(_ face: OpaquePointer?, tag: UInt32, _ hb: HarfBuzz) -> Bool {
        var tags = [UInt32](repeating: 0, count: 64)
        for table: UInt32 in [0x4750_4F53, 0x4753_5542] {  // GPOS, GSUB
            var start: UInt32 = 0
            while start < 4096 {  // a page at a time; no font has thousands
                var count = UInt32(tags.count)
                _ = tags.withUnsafeMutableBufferPointer { hb.ot_layout_table_get_feature_tags(face, table, start, &count, $0.baseAddress) }
                if tags.prefix(Int(count)).contains(tag) { return true }
                if count < UInt32(tags.count) { break }
                start += count
            }
        }
        return false
    }
}
