/// Reads an attribute's text into a typed `Value` according to its shape.
/// Errors carry a message and an offset into the text (for the column).
struct ValueReader {
    struct Failure: Error {
        var message: String
        var offset: Int = 0
    }

    static let colorNames: [String: Color] = [
        "black": Color(red: 0, green: 0, blue: 0),
        "white": Color(red: 255, green: 255, blue: 255),
        "red": Color(red: 255, green: 0, blue: 0),
        "green": Color(red: 0, green: 128, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 255),
        "yellow": Color(red: 255, green: 255, blue: 0),
        "orange": Color(red: 255, green: 165, blue: 0),
        "purple": Color(red: 128, green: 0, blue: 128),
        "gray": Color(red: 128, green: 128, blue: 128),
        "grey": Color(red: 128, green: 128, blue: 128),
        "lightgray": Color(red: 211, green: 211, blue: 211),
        "darkgray": Color(red: 169, green: 169, blue: 169),
        "clear": Color(red: 0, green: 0, blue: 0, alpha: 0),
        "transparent": Color(red: 0, green: 0, blue: 0, alpha: 0),
    ]

    /// A list of font family names separated by commas (`Noto Sans CJK JP, Noto Color
    /// Emoji`), or `none`: each name 1 to `maxFamilyNameLength` characters without control
    /// characters once spaces around it are trimmed, at most `maxFallbackFamilies` of them.
    static func fontFamilies(_ text: String) throws(Failure) -> String {
        if text == "none" { return text }
        var count = 0
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            count += 1
            guard count <= ValueRanges.maxFallbackFamilies else {
                throw Failure(message: "at most \(ValueRanges.maxFallbackFamilies) font families")
            }
            let name = part.drop { $0 == " " }.reversed().drop { $0 == " " }
            guard !name.isEmpty, name.count <= ValueRanges.maxFamilyNameLength,
                  !part.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw Failure(message: "font family names separated by commas (\"Noto Sans CJK JP, Noto Color Emoji\") or none; "
                              + "each name is 1 to \(ValueRanges.maxFamilyNameLength) characters, without control characters")
            }
        }
        return text
    }

    static func read(_ text: String, quoted: Bool, shape: ValueShape,
                     maxExpressionDepth: Int = ParseLimits.default.maxExpressionDepth) throws(Failure) -> Value {
        switch shape {
        case .string:
            return .string(text)
        case .fontFamilies:
            return .string(try fontFamilies(text))
        case .font:
            let lower = text.lowercased()
            if text.utf8.contains(UInt8(ascii: "/")) || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") {
                return .font(.file(text))
            }
            if quoted {
                guard !text.isEmpty, text.count <= ValueRanges.maxFamilyNameLength,
                      !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                    throw Failure(message: "a font family name is 1 to \(ValueRanges.maxFamilyNameLength) characters, without control characters")
                }
                return .font(.family(text))
            }
            guard Self.fontStyles.contains(text) else {
                throw Failure(message: "font must be one of \(Self.fontStyles.joined(separator: ", ")), a quoted family name (\"DejaVu Sans\") or a quoted path to a .ttf/.otf file")
            }
            return .font(.style(text))
        case .fontWeight:
            if let named = Self.weightNames.first(where: { $0.name == text }) { return .integer(named.weight) }
            guard let weight = Int(text), (1...1000).contains(weight) else {
                throw Failure(message: "a font weight is 1 to 1000 (400 regular, 700 bold) or one of "
                              + Self.weightNames.map(\.name).joined(separator: ", "))
            }
            return .integer(weight)
        case .shadows(let spread):
            return try shadows(text, spread: spread)
        case .transform:
            return try transform(text)
        case .viewBox:
            return try viewBox(text)
        case .dashArray:
            return try dashArray(text)
        case .grid(let kind):
            switch kind {
            case .trackList: _ = try GridValues.trackList(text)
            case .trackSizes: _ = try GridValues.trackSizes(text)
            case .areas: _ = try GridValues.areas(text)
            case .placement: _ = try GridValues.placement(text)
            case .area: _ = try GridValues.area(text)
            case .flow: _ = try GridValues.flow(text)
            }
            return .string(text)
        default:
            if quoted { throw Failure(message: "expected \(describe(shape)), not a quoted string") }
        }
        switch shape {
        case .identifier:
            // An id with `{…}` (`row-{index}`) is checked once the loop has filled it in.
            guard isIdentifier(text) || text.utf8.contains(UInt8(ascii: "{")) else {
                throw Failure(message: "'\(text)' is not a valid id (letters, digits, '_' and '-', starting with a letter or '_')")
            }
            return .string(text)
        case .number(let lo, let hi):
            let v = try number(text)
            if let lo, v < lo { throw Failure(message: "\(format(v)) is below the minimum \(format(lo))") }
            if let hi, v > hi { throw Failure(message: "\(format(v)) is above the maximum \(format(hi))") }
            return .number(v)
        case .integer(let lo, let hi):
            guard let v = Int(text) else { throw Failure(message: "'\(text)' is not a whole number") }
            if v < lo { throw Failure(message: "\(v) is below the minimum \(lo)") }
            if v > hi { throw Failure(message: "\(v) is above the maximum \(hi)") }
            return .integer(v)
        case .length(let allowAuto, let intrinsic, let nonNegative):
            return .length(try length(text, allowAuto: allowAuto, intrinsic: intrinsic, nonNegative: nonNegative))
        case .lengthOrAnchor:
            if isNonFiniteWord(text) {
                throw Failure(message: "'\(text)' is not a finite number")
            }
            if startsWithDigit(text) || text == "auto" || text.first.map({ $0.isNumber || "-+.".contains($0) }) == true
                || looksLikeSizingKeyword(text) {
                return .length(try length(text, allowAuto: true, intrinsic: true))
            }
            var parser = AnchorParser(text, maxDepth: maxExpressionDepth)
            return .anchor(try parser.parse())
        case .inset:
            if text == "auto" { return .length(.auto) }
            if isNonFiniteWord(text) {
                throw Failure(message: "'\(text)' is not a finite number")
            }
            // A word that is neither `auto` nor an anchor such as `header.bottom`.
            if text.first.map({ !($0.isNumber || "-+.".contains($0)) }) == true, !text.utf8.contains(UInt8(ascii: ".")), !text.utf8.contains(UInt8(ascii: "(")) {
                var message = "expected points, a percentage or auto (or in a box, an anchor such as header.bottom+8), not '\(text)'"
                if suggestion(for: text, among: ["auto"]) != nil { message += "; did you mean 'auto'?" }
                throw Failure(message: message)
            }
            var parser = AnchorParser(text, maxDepth: maxExpressionDepth)
            return .anchor(try parser.parse())
        case .stackWrap:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "reverse": return .keyword("reverse")
            default:
                var message = "expected true, false or reverse (wrap-reverse), not '\(text)'"
                if let css = Schema.cssKeywords[text] {
                    message += "; CSS \(text) is '\(css)' here"
                } else if let s = suggestion(for: text, among: ["true", "false", "reverse"]) { message += "; did you mean '\(s)'?" }
                throw Failure(message: message)
            }
        case .sizePair:
            // The byte first: `contains` of a string built a substring searcher, about
            // 18,000 instructions for every `size=WxH`.
            if text.utf8.contains(UInt8(ascii: "-")), text.contains("-content") {
                throw Failure(message: "a size pair takes points, % or auto; give a sizing keyword with width= and height=")
            }
            if let x = text.firstIndex(where: { $0 == "x" || $0 == "X" }) {
                let w = try length(String(text[..<x]), allowAuto: true)
                let h: Length
                do { h = try length(String(text[text.index(after: x)...]), allowAuto: true) } catch {
                    throw Failure(message: error.message, offset: text.distance(from: text.startIndex, to: x) + 1)
                }
                return .size(width: w, height: h)
            }
            let v = try number(text)
            guard v > 0 else { throw Failure(message: "a font size must be positive") }
            guard v <= ValueRanges.maxFontSize else {
                throw Failure(message: "a font size is at most \(format(ValueRanges.maxFontSize)) pt, not \(format(v))")
            }
            return .number(v)
        case .insets(let allowAuto, let nonNegative):
            // One length for all four sides (`padding=4`, the common case), read without splitting.
            if !text.utf8.contains(UInt8(ascii: ",")) {
                let l: Length
                do { l = try length(text, allowAuto: allowAuto, nonNegative: nonNegative) } catch {
                    throw Failure(message: error.message, offset: 0)
                }
                return .insets(l, l, l, l)
            }
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            var lengths: [Length] = []
            var offset = 0
            for p in parts {
                do { lengths.append(try length(p, allowAuto: allowAuto, nonNegative: nonNegative)) } catch {
                    throw Failure(message: error.message, offset: offset)
                }
                offset += p.count + 1
            }
            switch lengths.count {
            case 1: return .insets(lengths[0], lengths[0], lengths[0], lengths[0])
            case 2: return .insets(lengths[0], lengths[1], lengths[0], lengths[1])
            case 3: return .insets(lengths[0], lengths[1], lengths[2], lengths[1])
            case 4: return .insets(lengths[0], lengths[1], lengths[2], lengths[3])
            default: throw Failure(message: "insets take 1, 2, 3 or 4 comma-separated lengths (top, right, bottom, left), not \(lengths.count)")
            }
        case .color:
            return .color(try color(text))
        case .paintOrNone:
            return text == "none" ? .keyword("none") : .color(try color(text))
        case .endpoint:
            return .string(try endpoint(text))
        case .background:
            return try background(text)
        case .radii:
            return try radii(text)
        case .border:
            let parts = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let w = try number(parts[0])
            guard w >= 0 else { throw Failure(message: "a border width cannot be negative") }
            try checkPoints(w)
            let c: Color
            if parts.count == 2 {
                do { c = try color(parts[1]) } catch { throw Failure(message: error.message, offset: parts[0].count + 1) }
            } else {
                c = Color(red: 0, green: 0, blue: 0)
            }
            return .border(width: w, color: c)
        case .keywords(let allowed):
            guard allowed.contains(text) else {
                var message = "'\(text)' is not one of \(allowed.joined(separator: ", "))"
                if let css = Schema.cssKeywords[text], allowed.contains(css) {
                    message += "; CSS \(text) is '\(css)' here"
                } else if let s = suggestion(for: text, among: allowed) { message += "; did you mean '\(s)'?" }
                throw Failure(message: message)
            }
            return .keyword(text)
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw Failure(message: "expected true or false, not '\(text)'")
            }
        case .anchor:
            var parser = AnchorParser(text, maxDepth: maxExpressionDepth)
            return .anchor(try parser.parse())
        case .lineHeight:
            if text == "normal" { return .lineHeight(.normal) }
            if text.hasSuffix("pt") {
                let v = try number(String(text.dropLast(2)))
                guard v > 0 else { throw Failure(message: "a line height must be positive") }
                try checkPoints(v)
                return .lineHeight(.points(v))
            }
            let v = try number(text)
            guard v > 0 else { throw Failure(message: "a line height must be positive") }
            guard v <= ValueRanges.maxLineHeightMultiple else {
                throw Failure(message: "a line height is at most \(format(ValueRanges.maxLineHeightMultiple)) times the font's, not \(format(v))")
            }
            return .lineHeight(.multiple(v))
        case .styleNames:
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            for n in names where !isIdentifier(n) { throw Failure(message: "'\(n)' is not a style name") }
            return .string(names.joined(separator: ","))
        case .string, .fontFamilies, .font, .fontWeight, .shadows, .transform, .viewBox, .dashArray, .grid:
            fatalError("handled above")
        }
    }

    /// CSS's names of font weights (`font-weight`, and the OpenType usWeightClass names).
    static let weightNames: [(name: String, weight: Int)] = [
        ("thin", 100), ("extra-light", 200), ("light", 300), ("regular", 400), ("normal", 400), ("medium", 500),
        ("semi-bold", 600), ("bold", 700), ("extra-bold", 800), ("black", 900),
    ]

    static func describe(_ shape: ValueShape) -> String {
        switch shape {
        case .identifier: return "an id"
        case .number: return "a number"
        case .integer: return "a whole number"
        case .length: return "a length (points or %)"
        case .lengthOrAnchor: return "a length or an anchor"
        case .inset: return "an inset or an anchor"
        case .stackWrap: return "true, false or reverse"
        case .sizePair: return "a size WxH"
        case .insets: return "insets"
        case .color: return "a color"
        case .background: return "a color or a gradient"
        case .radii: return "a radius"
        case .transform: return "a transform"
        case .shadows: return "shadows"
        case .border: return "a border W,COLOR"
        case .keywords(let k): return "one of \(k.joined(separator: ", "))"
        case .string: return "a string"
        case .fontFamilies: return "font family names separated by commas, or none"
        case .bool: return "true or false"
        case .anchor: return "an anchor"
        case .lineHeight: return "a line height"
        case .font: return "a font"
        case .fontWeight: return "a font weight"
        case .styleNames: return "style names"
        case .viewBox: return "a view box MIN-X MIN-Y WIDTH HEIGHT"
        case .dashArray: return "dash lengths"
        case .paintOrNone: return "a color or none"
        case .endpoint: return "a node's id, or ID.SIDE"
        case .grid(let kind):
            switch kind {
            case .trackList: return "a track list"
            case .trackSizes: return "track sizes"
            case .areas: return "areas"
            case .placement: return "grid lines"
            case .area: return "an area name"
            case .flow: return "row, column or dense"
            }
        }
    }

    /// `nan`, `inf` or `infinity` in any case, with or without a minus: words `Double`
    /// would read as numbers that are not finite. Looked at byte by byte, as every length
    /// and inset value is asked.
    static func isNonFiniteWord(_ text: String) -> Bool {
        var utf8 = Substring(text).utf8
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        guard let first = utf8.first, first | 0x20 == UInt8(ascii: "n") || first | 0x20 == UInt8(ascii: "i"),
              utf8.count <= 8 else { return false }
        return ["nan", "inf", "infinity"].contains(String(decoding: utf8, as: UTF8.self).lowercased())
    }

    /// Whether `text` starts with an ASCII digit, asked of its first byte.
    static func startsWithDigit(_ text: String) -> Bool {
        guard let first = text.utf8.first else { return false }
        return first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
    }

    /// The styles of the default family a `font` may name.
    static let fontStyles = Keywords.FontStyle.spellings

    /// A letter or `_`, then letters, digits, `_` and `-`, all ASCII.
    static func isIdentifier(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(ByteValueReader.isIdentifier)
    }

    /// The numbers of a list separated by spaces or commas (SVG's lists), each with its
    /// offset in `text` for a message.
    private static func numberList(_ text: String) throws(Failure) -> [(value: Double, offset: Int)] {
        var result: [(Double, Int)] = []
        var offset = 0
        for part in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == " " || $0 == "," }) {
            defer { offset += part.count + 1 }
            if part.isEmpty { continue }
            do { result.append((try number(String(part)), offset)) } catch {
                throw Failure(message: error.message, offset: offset)
            }
            guard result.count <= 64 else { throw Failure(message: "too many numbers", offset: offset) }
        }
        return result
    }

    /// The sides a connector's end may name.
    public static let connectorSides = Keywords.Side.spellings

    /// A connector's `from` or `to`: `ID` or `ID.SIDE` (an id with `{…}` is checked once a
    /// loop has filled it in).
    static func endpoint(_ text: String) throws(Failure) -> String {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard isIdentifier(parts[0]) || parts[0].utf8.contains(UInt8(ascii: "{")) else {
            throw Failure(message: "'\(parts[0])' is not a node's id (letters, digits, '_' and '-', starting with a letter or '_')")
        }
        if parts.count == 2, !connectorSides.contains(parts[1]) {
            var message = "'\(parts[1])' is not a side; a connector's end is ID or ID.SIDE, the side one of "
                + connectorSides.joined(separator: ", ")
            if let s = suggestion(for: parts[1], among: connectorSides) { message += "; did you mean '\(s)'?" }
            throw Failure(message: message, offset: parts[0].count + 1)
        }
        return text
    }

    /// `view-box`: `MIN-X MIN-Y WIDTH HEIGHT`, within the range of points, the sides above 0.
    static func viewBox(_ text: String) throws(Failure) -> Value {
        let numbers = try numberList(text)
        guard numbers.count == 4 else {
            throw Failure(message: "a view box is four numbers, MIN-X MIN-Y WIDTH HEIGHT (view-box=\"0 0 24 24\"), not \(numbers.count)")
        }
        for (v, offset) in numbers {
            do { try checkPoints(v) } catch { throw Failure(message: error.message, offset: offset) }
        }
        for (v, offset) in numbers[2...] where !(v > 0) {
            throw Failure(message: "a view box's width and height are above 0, not \(format(v))", offset: offset)
        }
        return .numbers(numbers.map(\.value))
    }

    /// `dash`: 1 to `ValueRanges.maxDashes` lengths, each 0 or more, not all 0.
    static func dashArray(_ text: String) throws(Failure) -> Value {
        let numbers = try numberList(text)
        guard (1...ValueRanges.maxDashes).contains(numbers.count) else {
            throw Failure(message: "a dash pattern is 1 to \(ValueRanges.maxDashes) lengths, dash and gap in turn (dash=\"4 2\"), not \(numbers.count)")
        }
        for (v, offset) in numbers {
            guard v >= 0 else { throw Failure(message: "a dash length cannot be negative", offset: offset) }
            do { try checkPoints(v) } catch { throw Failure(message: error.message, offset: offset) }
        }
        guard numbers.contains(where: { $0.value > 0 }) else {
            throw Failure(message: "a dash pattern of zeros draws nothing; leave dash out for a solid line")
        }
        return .numbers(numbers.map(\.value))
    }

    static func number(_ text: String) throws(Failure) -> Double {
        if let whole = wholeNumber(text) { return whole }
        guard !text.isEmpty, text.utf8.allSatisfy(isNumberByte), let v = Double(text) else {
            throw Failure(message: "'\(text)' is not a number")
        }
        guard v.isFinite else { throw Failure(message: "'\(text)' is not a finite number") }
        return v
    }

    /// `text` read as a number when it is written `-?D+(.D+)?` with at most 15 digits (`12`,
    /// `1920`, `-12.5`, most numbers in a spec), without `Double(String)`'s C string and
    /// `strtod`, giving the value `strtod` gives (`ByteValueReader.decimal`). Nil for
    /// anything else, which `number` reads as before.
    private static func wholeNumber(_ text: String) -> Double? {
        // The bytes in one buffer (a short string's copied to the stack).
        text.utf8.withContiguousStorageIfAvailable(ByteValueReader.decimal) ?? nil
    }

    /// The bytes a number is written with: digits, `.`, signs and an exponent.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "e"), UInt8(ascii: "E"): return true
        default: return false
        }
    }

    /// A length: points (`12`, `12pt`), a percentage (`50%`), and where allowed `auto` and
    /// the sizing keywords.
    static func length(_ text: String, allowAuto: Bool, intrinsic: Bool = false,
                       nonNegative: Bool = false) throws(Failure) -> Length {
        // A length that starts with a digit is neither `auto` nor a sizing keyword nor a
        // slip for one (those start with a letter): straight to the number.
        if !startsWithDigit(text) {
            if text == "auto" {
                guard allowAuto else { throw Failure(message: "'auto' is not allowed here") }
                return .auto
            }
            if let keyword = Length.keywords.first(where: { $0.0 == text }) {
                guard intrinsic else {
                    throw Failure(message: "'\(text)' sizes a node; only width, height, min-/max- sizes and basis take it")
                }
                return keyword.1
            }
            if looksLikeSizingKeyword(text) {
                var message = "'\(text)' is not a length (points, N%"
                    + (allowAuto ? ", auto" : "") + (intrinsic ? ", min-content, max-content or fit-content)" : ")")
                let candidates = (allowAuto ? ["auto"] : []) + (intrinsic ? Length.keywords.map(\.0) : [])
                if let s = suggestion(for: text, among: candidates) { message += "; did you mean '\(s)'?" }
                throw Failure(message: message)
            }
        }
        // Digits only (`12`, the common case): no suffix, and the number read as `number`
        // reads it, without asking the two `hasSuffix` first.
        let percent: Bool
        let v: Double
        if let whole = wholeNumber(text) {
            percent = false
            v = whole
        } else {
            percent = text.hasSuffix("%")
            v = try number(percent ? String(text.dropLast()) : text.hasSuffix("pt") ? String(text.dropLast(2)) : text)
        }
        if nonNegative {
            let unit = percent ? "%" : ""
            let most = percent ? ValueRanges.maxPercent : ValueRanges.maxPoints
            if v < 0 { throw Failure(message: "\(format(v))\(unit) is below the minimum 0") }
            if v > most { throw Failure(message: "\(format(v))\(unit) is above the maximum \(format(most))\(unit)") }
        }
        if percent { try checkPercent(v) } else { try checkPoints(v) }
        return percent ? .percent(v) : .points(v)
    }

    /// A word of letters and hyphens that is not a number: a keyword, or a slip for one
    /// (`max-contnet`, `atuo`), rather than an anchor such as `header.bottom`.
    static func looksLikeSizingKeyword(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic,
              text.unicodeScalars.allSatisfy({ $0 == "-" || ($0.isASCII && $0.properties.isAlphabetic) }) else {
            return false
        }
        return text.hasSuffix("content") || suggestion(for: text, among: ["auto"] + Length.keywords.map(\.0)) != nil
    }

    /// A length in points within `ValueRanges.maxPoints` either way.
    static func checkPoints(_ v: Double) throws(Failure) {
        let m = ValueRanges.maxPoints
        guard abs(v) <= m else {
            throw Failure(message: "\(format(v)) is outside the range \(format(-m))...\(format(m)) (points)")
        }
    }

    /// A percentage within `ValueRanges.maxPercent` either way.
    static func checkPercent(_ v: Double) throws(Failure) {
        let m = ValueRanges.maxPercent
        guard abs(v) <= m else {
            throw Failure(message: "\(format(v))% is outside the range \(format(-m))%...\(format(m))%")
        }
    }

    static func color(_ text: String) throws(Failure) -> Color {
        if let named = colorNames[text] { return named }
        guard text.hasPrefix("#") else {
            var message = "'\(text)' is not a color (#rgb, #rrggbb, #rrggbbaa or a name)"
            if let s = suggestion(for: text, among: Array(colorNames.keys)) { message += "; did you mean '\(s)'?" }
            throw Failure(message: message)
        }
        var hex = text
        if let color = hex.withUTF8(ByteValueReader.hexColor) { return color }
        // Why not: a character that is no hex digit, or a count of digits that is no colour's.
        if text.utf8.dropFirst().contains(where: { hexValue($0) == nil }) {
            throw Failure(message: "'\(text)' has a character that is not a hex digit")
        }
        throw Failure(message: "'\(text)' is not a color: use #rgb, #rgba, #rrggbb or #rrggbbaa")
    }

    /// The value of an ASCII hex digit (also `ByteValueReader`'s).
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// A number as a message shows it: whole numbers without `.0`, small limits such as
    /// 1e-6 in decimals (`0.000001`).
    static func format(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e15 { return String(Int(v)) }
        if v != 0 && abs(v) >= 1e-9 && abs(v) < 1e-4 {
            for digits in 5...9 {
                var scale = 1.0
                for _ in 0..<digits { scale *= 10 }
                let scaled = (abs(v) * scale).rounded()
                if abs(scaled / scale - abs(v)) <= abs(v) * 1e-12 {
                    let text = String(Int(scaled))
                    return (v < 0 ? "-" : "") + "0." + String(repeating: "0", count: digits - text.count) + text
                }
            }
        }
        return String(v)
    }
}

/// Reads an anchor expression:
/// `anchor := ('min'|'max') '(' anchor (',' anchor)* ')' | ref | number | number '%'`,
/// `ref := ('parent' | ID) '.' NAME ('*' number)? (('+'|'-') number)?`.
///
/// `min(`/`max(` nest at most `maxDepth` deep: the reading recurses there, and so do the
/// layout's evaluation of the value, `Hashable` and the writer.
struct AnchorParser {
    /// The text as Unicode scalars (see `ConditionParser`).
    let chars: [Unicode.Scalar]
    var i = 0
    let maxDepth: Int
    /// `min(`/`max(` open around the current position.
    private var nesting = 0
    init(_ text: String, maxDepth: Int = ParseLimits.default.maxExpressionDepth) {
        chars = Array(scalarsOf: text)
        self.maxDepth = maxDepth
    }

    typealias Failure = ValueReader.Failure

    mutating func parse() throws(Failure) -> AnchorValue {
        do throws(Failure) {
            let v = try expression()
            guard i == chars.count else { throw Failure(message: "unexpected '\(chars.text(i..<chars.count))' in anchor", offset: i) }
            return v
        } catch {
            throw Failure(message: error.message, offset: chars.characterOffset(error.offset))
        }
    }

    private mutating func skipSpaces() {
        while i < chars.count, chars[i] == " " { i += 1 }
    }

    private mutating func expression() throws(Failure) -> AnchorValue {
        skipSpaces()
        defer { skipSpaces() }
        let start = i
        if let fn = peekWord(), fn == "min" || fn == "max", i + 3 < chars.count, chars[i + 3] == "(" {
            nesting += 1
            defer { nesting -= 1 }
            if nesting > maxDepth {
                throw Failure(message: "anchor expressions nest min(…) and max(…) at most \(maxDepth) deep", offset: start)
            }
            i += 4
            var args: [AnchorValue] = [try expression()]
            while i < chars.count, chars[i] == "," {
                i += 1
                args.append(try expression())
            }
            guard i < chars.count, chars[i] == ")" else { throw Failure(message: "missing ')' in \(fn)(…)", offset: i) }
            i += 1
            return fn == "min" ? .min(args) : .max(args)
        }
        if i < chars.count, chars[i].isNumber || chars[i] == "-" || chars[i] == "+" || chars[i] == "." {
            let numberStart = i
            let n = try readNumber()
            if i < chars.count, chars[i] == "%" {
                i += 1
                do { try ValueReader.checkPercent(n) } catch { throw Failure(message: error.message, offset: numberStart) }
                return .percent(n)
            }
            do { try ValueReader.checkPoints(n) } catch { throw Failure(message: error.message, offset: numberStart) }
            return .points(n)
        }
        guard let target = readIdentifier() else {
            throw Failure(message: "expected a number, a percentage, min(…), max(…) or ID.ANCHOR in anchor", offset: start)
        }
        guard i < chars.count, chars[i] == "." else {
            throw Failure(message: "expected a number, a percentage or an anchor such as \(target).bottom, not '\(target)'", offset: start)
        }
        i += 1
        let nameStart = i
        guard let name = readAnchorName() else {
            let rest = chars.text(nameStart..<(chars[nameStart...].firstIndex { !($0.isLetter || $0 == "-") } ?? chars.count))
            var message = "'\(rest)' is not an anchor (\(AnchorName.allCases.map(\.rawValue).joined(separator: ", ")))"
            if let s = suggestion(for: rest, among: AnchorName.allCases.map(\.rawValue)) { message += "; did you mean '\(s)'?" }
            throw Failure(message: message, offset: nameStart)
        }
        var multiplier = 1.0, offset = 0.0
        if i < chars.count, chars[i] == "*" {
            i += 1
            let at = i
            multiplier = try readNumber()
            let m = ValueRanges.maxAnchorMultiplier
            guard abs(multiplier) <= m else {
                throw Failure(message: "the factor \(ValueReader.format(multiplier)) is outside the range \(ValueReader.format(-m))...\(ValueReader.format(m))",
                              offset: at)
            }
        }
        if i < chars.count, chars[i] == "+" || chars[i] == "-" {
            let negative = chars[i] == "-"
            i += 1
            let at = i
            offset = try readNumber()
            do { try ValueReader.checkPoints(offset) } catch { throw Failure(message: error.message, offset: at) }
            if negative { offset = -offset }
        }
        return .reference(target: target == "parent" ? nil : target, attribute: name, multiplier: multiplier, offset: offset)
    }

    private func peekWord() -> String? {
        var j = i
        while j < chars.count, chars[j].isLetter { j += 1 }
        return j > i ? chars.text(i..<j) : nil
    }

    private mutating func readIdentifier() -> String? {
        var j = i
        while j < chars.count, chars[j] == "_" || chars[j] == "-" || (chars[j].isASCII && (chars[j].isLetter || chars[j].isNumber)) {
            j += 1
        }
        guard j > i, ValueReader.isIdentifier(chars.text(i..<j)) else { return nil }
        defer { i = j }
        return chars.text(i..<j)
    }

    private mutating func readAnchorName() -> AnchorName? {
        // Longest match, so `center-x` wins over a `-` offset.
        for name in AnchorName.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count }) {
            let n = name.rawValue.unicodeScalars
            if i + n.count <= chars.count, chars[i..<i + n.count].elementsEqual(n) {
                i += n.count
                return name
            }
        }
        return nil
    }

    private mutating func readNumber() throws(Failure) -> Double {
        let start = i
        if i < chars.count, chars[i] == "-" || chars[i] == "+" { i += 1 }
        while i < chars.count, chars[i].isNumber || chars[i] == "." { i += 1 }
        // An exponent: 1e3, 2.5E-2.
        if i + 1 < chars.count, chars[i] == "e" || chars[i] == "E",
           chars[i + 1].isNumber || ((chars[i + 1] == "-" || chars[i + 1] == "+") && i + 2 < chars.count && chars[i + 2].isNumber) {
            i += 2
            while i < chars.count, chars[i].isNumber { i += 1 }
        }
        let text = chars.text(start..<i)
        guard let v = Double(text), v.isFinite else { throw Failure(message: "'\(text)' is not a number", offset: start) }
        return v
    }
}

extension String {
    var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " } ?? endIndex
        let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? endIndex
        return start < end ? self[start..<end] : ""
    }
}
