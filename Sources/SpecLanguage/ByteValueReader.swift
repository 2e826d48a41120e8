/// Reads the common values of a spec line (numbers, lengths, keywords, colours, flags,
/// ids) straight from the line's UTF-8 bytes, without a `String` made of each: a node line
/// holds half a dozen of them, and making, reading and freeing a string for every one was a
/// large share of the parse.
///
/// It reads only what it can settle exactly: ASCII text of the plain spellings, giving the
/// value `ValueReader.read` gives for the same text. For anything else, every error
/// included, it returns nil, and the caller reads the line the usual way, so every message
/// is still `ValueReader`'s. `PlainLineTests` compares the two over a list of
/// spellings.
enum ByteValueReader {
    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The value of the unquoted text `bytes` for an attribute of `shape`, or nil to read it
    /// with `ValueReader`.
    static func read(_ bytes: Bytes, shape: ValueShape) -> Value? {
        switch shape {
        case .number(let lo, let hi):
            guard let v = decimal(bytes) else { return nil }
            if let lo, v < lo { return nil }
            if let hi, v > hi { return nil }
            return .number(v)
        case .integer(let lo, let hi):
            guard let v = integer(bytes), v >= lo, v <= hi else { return nil }
            return .integer(v)
        case .length(let allowAuto, let intrinsic, let nonNegative):
            return length(bytes, allowAuto: allowAuto, intrinsic: intrinsic, nonNegative: nonNegative).map(Value.length)
        case .lengthOrAnchor:
            // What `ValueReader` reads as a length here (a number, `auto`, a sizing keyword)
            // is all this reads; an anchor is left to it.
            return length(bytes, allowAuto: true, intrinsic: true, nonNegative: false).map(Value.length)
        case .insets(let allowAuto, let nonNegative):
            return insets(bytes, allowAuto: allowAuto, nonNegative: nonNegative)
        case .sizePair:
            return sizePair(bytes)
        case .color, .background:
            // A gradient starts `linear(` or `radial(`, never read as a colour.
            return color(bytes).map(Value.color)
        case .radii:
            // One radius; corners that differ are left to `ValueReader`.
            guard let v = decimal(dropping("pt", from: bytes)), !(v < 0), !(v > ValueRanges.maxPoints) else { return nil }
            return .number(v)
        case .border:
            return border(bytes)
        case .keywords(let allowed):
            guard let index = allowed.firstIndex(where: { matches(bytes, $0) }) else { return nil }
            return .keyword(allowed[index])
        case .bool:
            return bool(bytes).map(Value.bool)
        case .stackWrap:
            if matches(bytes, "reverse") { return .keyword("reverse") }
            return bool(bytes).map(Value.bool)
        case .identifier:
            guard isIdentifier(bytes) || bytes.contains(UInt8(ascii: "{")) else { return nil }
            return .string(String(decoding: bytes, as: UTF8.self))
        case .lineHeight:
            return lineHeight(bytes).map(Value.lineHeight)
        case .fontWeight:
            if let named = ValueReader.weightNames.first(where: { matches(bytes, $0.name) }) { return .integer(named.weight) }
            guard let weight = integer(bytes), (1...1000).contains(weight) else { return nil }
            return .integer(weight)
        case .font:
            // A style of the default family; a file or a family name is left to `ValueReader`.
            guard let style = ValueReader.fontStyles.first(where: { matches(bytes, $0) }) else { return nil }
            return .font(.style(style))
        case .string:
            return .string(String(decoding: bytes, as: UTF8.self))
        case .inset:
            // `auto`, or a lone number or percentage, which `ValueReader` reads as an anchor
            // (a box's child) that a stack's child takes as a CSS inset.
            if matches(bytes, "auto") { return .length(.auto) }
            return anchorNumber(bytes).map(Value.anchor)
        case .anchor:
            return anchorNumber(bytes).map(Value.anchor)
        case .paintOrNone:
            if matches(bytes, "none") { return .keyword("none") }
            return color(bytes).map(Value.color)
        case .fontFamilies, .shadows, .transform, .styleNames, .viewBox, .dashArray, .endpoint, .grid:
            return nil
        }
    }

    /// Whether `bytes` are the UTF-8 of `word`: the lengths first (most candidates differ
    /// there), then byte by byte (`elementsEqual` went through its generic iterators).
    static func matches(_ bytes: Bytes, _ word: String) -> Bool {
        guard word.utf8.count == bytes.count else { return false }
        var word = word
        return word.withUTF8 { spelling in
            for index in 0..<spelling.count where spelling[index] != bytes[index] { return false }
            return true
        }
    }

    /// Whether the text starts like a number (a digit or a minus): a keyword never does.
    private static func startsLikeNumber(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first else { return false }
        return first == UInt8(ascii: "-") || (first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9"))
    }

    /// `bytes` without the ASCII `suffix`, when they end with it.
    private static func dropping(_ suffix: StaticString, from bytes: Bytes) -> Bytes {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return bytes }
        let start = bytes.count - count
        for index in 0..<count where bytes[start + index] != suffix.utf8Start[index] { return bytes }
        return Bytes(rebasing: bytes[..<start])
    }

    private static func bool(_ bytes: Bytes) -> Bool? {
        if matches(bytes, "true") { return true }
        if matches(bytes, "false") { return false }
        return nil
    }

    /// Powers of ten exact in a `Double` (up to 10²²).
    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    /// A number written `-?D+(.D+)?` with at most 15 digits, or nil. Its value is the one
    /// `Double(String)` gives: the digits are an integer below 2⁵³ and the divisor a power
    /// of ten below 10²², both exact, and one IEEE division of exact operands is correctly
    /// rounded, as `strtod` is (Clinger's fast path). `-0` is -0.0, as there.
    static func decimal(_ bytes: Bytes) -> Double? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: Int64 = 0
        var digits = 0
        var fractionDigits = 0
        var seenPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                // A point needs digits on both sides.
                guard !seenPoint, digits > 0, index + 1 < bytes.count else { return nil }
                seenPoint = true
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                mantissa = mantissa * 10 + Int64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { fractionDigits += 1 }
                guard digits <= 15 else { return nil }
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        let magnitude = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[fractionDigits]
        return negative ? -magnitude : magnitude
    }

    /// A whole number written `-?D+` with at most 18 digits (no overflow), or nil.
    static func integer(_ bytes: Bytes) -> Int? {
        let negative = bytes.first == UInt8(ascii: "-")
        let digits = negative ? bytes.count - 1 : bytes.count
        guard digits > 0, digits <= 18 else { return nil }
        var value = 0
        for byte in bytes[(negative ? 1 : 0)...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// A length as `ValueReader.length` reads it: `auto` where allowed, a sizing keyword
    /// where `intrinsic`, a number of points (`12`, `12pt`) or a percentage (`50%`) within
    /// the ranges; nil for the rest.
    static func length(_ bytes: Bytes, allowAuto: Bool, intrinsic: Bool, nonNegative: Bool) -> Length? {
        if !startsLikeNumber(bytes) {
            if matches(bytes, "auto") { return allowAuto ? .auto : nil }
            guard intrinsic, let keyword = Length.keywords.first(where: { matches(bytes, $0.0) }) else { return nil }
            return keyword.1
        }
        guard let (v, percent) = pointsOrPercent(bytes, pointsSuffix: true), !(nonNegative && v < 0) else { return nil }
        return percent ? .percent(v) : .points(v)
    }

    /// A lone number of points or a percentage (`24`, `-8.5`, `50%`) within the ranges, as
    /// `AnchorParser` reads one; nil for the rest (references such as `parent.right-8`,
    /// other spellings of numbers, values out of range).
    private static func anchorNumber(_ bytes: Bytes) -> AnchorValue? {
        guard let (v, percent) = pointsOrPercent(bytes, pointsSuffix: false) else { return nil }
        return percent ? .percent(v) : .points(v)
    }

    /// A decimal number of points (`12`, with `pointsSuffix` also `12pt`) or a percentage
    /// (`50%`), within its range; nil for the rest.
    private static func pointsOrPercent(_ bytes: Bytes, pointsSuffix: Bool) -> (value: Double, isPercent: Bool)? {
        let percent = bytes.last == UInt8(ascii: "%")
        let number = percent ? Bytes(rebasing: bytes.dropLast()) : pointsSuffix ? dropping("pt", from: bytes) : bytes
        guard let v = decimal(number), abs(v) <= (percent ? ValueRanges.maxPercent : ValueRanges.maxPoints) else {
            return nil
        }
        return (v, percent)
    }

    /// One to four lengths separated by commas, as `ValueReader` reads `insets`.
    /// The lengths are read one comma-separated part at a time into four variables: an
    /// array of them was an allocation for every `padding` and `margin`.
    private static func insets(_ bytes: Bytes, allowAuto: Bool, nonNegative: Bool) -> Value? {
        var parts = 0
        var top = Length.auto, right = Length.auto, bottom = Length.auto, left = Length.auto
        var start = 0
        for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ",") {
            guard parts < 4,
                  let l = length(Bytes(rebasing: bytes[start..<end]), allowAuto: allowAuto, intrinsic: false,
                                 nonNegative: nonNegative) else { return nil }
            switch parts {
            case 0: top = l
            case 1: right = l
            case 2: bottom = l
            default: left = l
            }
            parts += 1
            start = end + 1
        }
        switch parts {
        case 1: return .insets(top, top, top, top)
        case 2: return .insets(top, right, top, right)
        case 3: return .insets(top, right, bottom, right)
        default: return .insets(top, right, bottom, left)
        }
    }

    /// `WxH`, or one number (a font size), as `ValueReader` reads `sizePair`.
    private static func sizePair(_ bytes: Bytes) -> Value? {
        if let x = bytes.firstIndex(where: { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: "X") }) {
            // A sizing keyword is refused there: its letters are no length, on either side.
            guard let w = length(Bytes(rebasing: bytes[..<x]), allowAuto: true, intrinsic: false, nonNegative: false),
                  let h = length(Bytes(rebasing: bytes[(x + 1)...]), allowAuto: true, intrinsic: false, nonNegative: false)
            else { return nil }
            return .size(width: w, height: h)
        }
        guard let v = decimal(bytes), v > 0, v <= ValueRanges.maxFontSize else { return nil }
        return .number(v)
    }

    /// `W` or `W,COLOR` (black when not given), as `ValueReader` reads `border`.
    private static func border(_ bytes: Bytes) -> Value? {
        let comma = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
        guard let width = decimal(Bytes(rebasing: bytes[..<comma])), !(width < 0),
              abs(width) <= ValueRanges.maxPoints else { return nil }
        guard comma < bytes.count else { return .border(width: width, color: Color(red: 0, green: 0, blue: 0)) }
        guard let color = color(Bytes(rebasing: bytes[(comma + 1)...])) else { return nil }
        return .border(width: width, color: color)
    }

    /// `normal`, `Npt` or a multiple, as `ValueReader` reads `lineHeight`.
    private static func lineHeight(_ bytes: Bytes) -> LineHeightValue? {
        if matches(bytes, "normal") { return .normal }
        let points = dropping("pt", from: bytes)
        guard let v = decimal(points), v > 0 else { return nil }
        if points.count != bytes.count { return abs(v) <= ValueRanges.maxPoints ? .points(v) : nil }
        return v <= ValueRanges.maxLineHeightMultiple ? .multiple(v) : nil
    }

    /// The colour names, looked up by their bytes (a name over 16 bytes, were one added, is
    /// left to `ValueReader`).
    private static let colorNames = SpellingTable(ValueReader.colorNames.map { ($0.key, $0.value) },
                                                  leavingOutLongSpellings: true)

    /// A colour name or `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    static func color(_ bytes: Bytes) -> Color? {
        if let named = colorNames.value(bytes) { return named }
        return hexColor(bytes)
    }

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (also `ValueReader`'s, which says why not).
    static func hexColor(_ bytes: Bytes) -> Color? {
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        let count = bytes.count - 1
        guard count == 3 || count == 4 || count == 6 || count == 8 else { return nil }
        var channels: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        let short = count <= 4
        for channel in 0..<(short ? count : count / 2) {
            let value: UInt8
            if short {
                guard let digit = ValueReader.hexValue(bytes[1 + channel]) else { return nil }
                value = digit << 4 | digit
            } else {
                guard let high = ValueReader.hexValue(bytes[1 + 2 * channel]), let low = ValueReader.hexValue(bytes[2 + 2 * channel]) else { return nil }
                value = high << 4 | low
            }
            switch channel {
            case 0: channels.0 = value
            case 1: channels.1 = value
            case 2: channels.2 = value
            default: channels.3 = value
            }
        }
        return Color(red: channels.0, green: channels.1, blue: channels.2, alpha: channels.3)
    }

    /// A letter or `_`, then letters, digits, `_` and `-`, all ASCII (also
    /// `ValueReader.isIdentifier`).
    static func isIdentifier(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return bytes.allSatisfy { $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") || isLetter($0)
            || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
