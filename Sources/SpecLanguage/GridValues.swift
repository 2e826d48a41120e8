// The values of a `grid` and its items, as written (CSS Grid's syntax, quoted when it has
// spaces): track lists (`columns="[side] 120 repeat(auto-fill, minmax(80, 1fr))"`), implicit
// track sizes (`auto-rows="min-content 40"`), areas (`areas="head head / nav main"`), the
// flow (`auto-flow="column dense"`) and items' lines (`column="2 / span 3"`, `row=-1`,
// `area=header`).
//
// An attribute keeps its text (`Value.string`): the parser checks it here, with the column
// of the first thing wrong, and the scene builder reads it again into these values.

/// One side of a track size.
public enum GridBreadthValue: Hashable, Sendable {
    case points(Double), percent(Double), fr(Double), auto, minContent, maxContent
}

/// A track size: `minmax(min, max)` (a single size is both), or `fit-content(limit)`.
public struct GridTrackValue: Hashable, Sendable {
    public var min: GridBreadthValue
    public var max: GridBreadthValue
    /// `fit-content(limit)`: `.points` or `.percent`.
    public var fitContent: Length?
}

/// `repeat(auto-fill | auto-fit, …)`.
public struct GridAutoRepeatValue: Hashable, Sendable {
    public var fit: Bool
    /// After how many tracks of the list it comes.
    public var position: Int
    public var tracks: [GridTrackValue]
    public var lineNames: [[String]]
}

/// A track list: tracks and the names of the lines around them (`tracks.count + 1` lists).
public struct GridTrackListValue: Hashable, Sendable {
    public var tracks: [GridTrackValue] = []
    public var lineNames: [[String]] = [[]]
    public var autoRepeat: GridAutoRepeatValue?
    /// `subgrid [a] [b] …`: the parent grid's tracks; `lineNames` name its first lines.
    public var subgrid = false
}

/// One end of an item's placement.
public enum GridLineValue: Hashable, Sendable {
    case auto
    case line(Int, name: String?)
    case ident(String)
    case span(Int, name: String?)
}

/// A named area: lines from 0, end exclusive.
public struct GridAreaValue: Hashable, Sendable {
    public var name: String
    public var columnStart: Int, columnEnd: Int, rowStart: Int, rowEnd: Int
}

/// The grids' limits, as browsers cap their grids (docs/spec.md lists them).
extension ValueRanges {
    /// Tracks one list gives, its `repeat(N, …)` expanded (an automatic repetition counts once).
    public static let maxGridTracks = 1_000
    /// Line numbers (either sign) and spans.
    public static let maxGridLine = 1_000
    /// A flexible factor (`fr`): above 0 would be CSS's; 0 up to this here.
    public static let maxFr = 1_000_000.0
    /// Rows and columns of `areas`.
    public static let maxGridAreaTracks = 100
}

/// Reads the grid values (`GridValues.trackList(…)` and so on); a mistake is a
/// `ValueReader.Failure` with the offset of the part that is wrong.
public enum GridValues {
    typealias Failure = ValueReader.Failure

    // The values of text the parser has checked, for the stages after it (nil for text it
    // would refuse).
    public static func checkedTrackList(_ text: String) -> GridTrackListValue? { try? trackList(text) }
    public static func checkedTrackSizes(_ text: String) -> [GridTrackValue]? { try? trackSizes(text) }
    public static func checkedAreas(_ text: String) -> (areas: [GridAreaValue], columns: Int, rows: Int)? { try? areas(text) }
    public static func checkedPlacement(_ text: String) -> (start: GridLineValue, end: GridLineValue)? { try? placement(text) }
    public static func checkedFlow(_ text: String) -> (column: Bool, dense: Bool)? { try? flow(text) }

    // MARK: Track lists

    /// `columns` / `rows`: `none`, or tracks, `[names]`, `repeat(…)`.
    static func trackList(_ text: String) throws(Failure) -> GridTrackListValue {
        var s = Scanner(text)
        s.skipSpaces()
        if s.atEnd || s.rest == "none" { return GridTrackListValue() }
        if s.rest == "subgrid" || s.rest.hasPrefix("subgrid ") || s.rest.hasPrefix("subgrid[") {
            _ = s.consumeWord("subgrid")
            return try subgridLineNames(&s)
        }
        var list = GridTrackListValue()
        var count = 0
        while true {
            s.skipSpaces()
            if s.atEnd { break }
            if s.peek == "[" {
                list.lineNames[list.lineNames.count - 1] += try s.lineNames()
                continue
            }
            let start = s.offset
            if s.consumeWord("repeat(") {
                s.skipSpaces()
                let countStart = s.offset
                let word = s.word()
                s.skipSpaces()
                try s.expect(",")
                let (tracks, names) = try s.repeatedTracks()
                if word == "auto-fill" || word == "auto-fit" {
                    guard list.autoRepeat == nil else {
                        throw Failure(message: "a track list has at most one repeat(auto-fill | auto-fit, …)", offset: start)
                    }
                    for t in tracks where !isFixed(t) {
                        throw Failure(message: "the tracks of repeat(\(word), …) need a fixed size (points or %) on at least one side, "
                                      + "and no fr or content size in minmax without one", offset: start)
                    }
                    list.autoRepeat = GridAutoRepeatValue(fit: word == "auto-fit", position: list.tracks.count,
                                                          tracks: tracks, lineNames: names)
                    list.lineNames.append([])
                    count += tracks.count
                } else {
                    guard let n = Int(word), n >= 1 else {
                        throw Failure(message: "repeat takes a count of 1 or more, auto-fill or auto-fit, not '\(word)'", offset: countStart)
                    }
                    guard n <= ValueRanges.maxGridTracks, count + n * tracks.count <= ValueRanges.maxGridTracks else {
                        throw Failure(message: "at most \(ValueRanges.maxGridTracks) tracks in a list", offset: countStart)
                    }
                    for _ in 0..<n {
                        list.lineNames[list.lineNames.count - 1] += names[0]
                        for (i, t) in tracks.enumerated() {
                            list.tracks.append(t)
                            list.lineNames.append(names[i + 1])
                        }
                    }
                    count += n * tracks.count
                }
                continue
            }
            list.tracks.append(try s.trackSize())
            list.lineNames.append([])
            count += 1
            guard count <= ValueRanges.maxGridTracks else {
                throw Failure(message: "at most \(ValueRanges.maxGridTracks) tracks in a list", offset: start)
            }
        }
        if list.autoRepeat != nil {
            for t in list.tracks where !isFixed(t) {
                throw Failure(message: "beside repeat(auto-fill | auto-fit, …) every track needs a fixed size (points or %)")
            }
        }
        return list
    }

    /// After `subgrid`: the names of its first lines, `[a] [b c] []`, and nothing else.
    fileprivate static func subgridLineNames(_ s: inout Scanner) throws(Failure) -> GridTrackListValue {
        var list = GridTrackListValue(tracks: [], lineNames: [], autoRepeat: nil, subgrid: true)
        while true {
            s.skipSpaces()
            if s.atEnd { break }
            let at = s.offset
            guard s.peek == "[" else {
                throw Failure(message: "after subgrid only line names ([a] [b]), not '\(s.word())'", offset: at)
            }
            list.lineNames.append(try s.lineNames())
            guard list.lineNames.count <= ValueRanges.maxGridTracks + 1 else {
                throw Failure(message: "a subgrid names at most \(ValueRanges.maxGridTracks + 1) lines", offset: at)
            }
        }
        if list.lineNames.isEmpty { list.lineNames = [[]] }
        return list
    }

    /// `auto-columns` / `auto-rows`: one or more track sizes.
    static func trackSizes(_ text: String) throws(Failure) -> [GridTrackValue] {
        var s = Scanner(text)
        var out: [GridTrackValue] = []
        while true {
            s.skipSpaces()
            if s.atEnd { break }
            out.append(try s.trackSize())
            guard out.count <= ValueRanges.maxGridTracks else {
                throw Failure(message: "at most \(ValueRanges.maxGridTracks) track sizes", offset: s.offset)
            }
        }
        guard !out.isEmpty else { throw Failure(message: "expected one or more track sizes (auto, 40, 1fr, minmax(…))") }
        return out
    }

    /// A track size with a fixed side (points or %): what an automatic repetition repeats.
    static func isFixed(_ t: GridTrackValue) -> Bool {
        func fixed(_ b: GridBreadthValue) -> Bool {
            if case .points = b { return true }
            if case .percent = b { return true }
            return false
        }
        if let f = t.fitContent { _ = f; return false }
        return fixed(t.min) || fixed(t.max)
    }

    // MARK: Areas

    /// `areas`: rows separated by `/`, cells by spaces; `.` is no area. Every row has as many
    /// cells, and each name covers a rectangle.
    static func areas(_ text: String) throws(Failure) -> (areas: [GridAreaValue], columns: Int, rows: Int) {
        var rows: [[(String, Int)]] = []
        var current: [(String, Int)] = []
        var word = "", wordStart = 0
        var offset = 0
        func flush() { if !word.isEmpty { current.append((word, wordStart)); word = "" } }
        for ch in text {
            if ch == "/" || ch == "," {
                flush(); rows.append(current); current = []
            } else if ch == " " {
                flush()
            } else {
                if word.isEmpty { wordStart = offset }
                word.append(ch)
            }
            offset += ch.utf8.count
        }
        flush(); rows.append(current)
        let columns = rows[0].count
        guard columns > 0 else { throw Failure(message: "areas are rows of names separated by '/' (\"head head / nav main\")") }
        guard rows.count <= ValueRanges.maxGridAreaTracks, columns <= ValueRanges.maxGridAreaTracks else {
            throw Failure(message: "areas have at most \(ValueRanges.maxGridAreaTracks) rows and columns")
        }
        var found: [String: GridAreaValue] = [:]
        var order: [String] = []
        for (r, row) in rows.enumerated() {
            guard row.count == columns else {
                throw Failure(message: "every row of areas has \(columns) cells; row \(r + 1) has \(row.count)",
                              offset: row.first?.1 ?? 0)
            }
            for (c, (name, at)) in row.enumerated() {
                if name.allSatisfy({ $0 == "." }) { continue }
                guard ValueReader.isIdentifier(name) else {
                    throw Failure(message: "'\(name)' is not an area name (letters, digits, '_' and '-')", offset: at)
                }
                if var a = found[name] {
                    a.columnStart = Swift.min(a.columnStart, c); a.columnEnd = Swift.max(a.columnEnd, c + 1)
                    a.rowEnd = Swift.max(a.rowEnd, r + 1)
                    found[name] = a
                } else {
                    found[name] = GridAreaValue(name: name, columnStart: c, columnEnd: c + 1, rowStart: r, rowEnd: r + 1)
                    order.append(name)
                }
            }
        }
        // Each name's cells fill its bounding rectangle exactly.
        for name in order {
            let a = found[name]!
            for r in a.rowStart..<a.rowEnd {
                for c in a.columnStart..<a.columnEnd where rows[r][c].0 != name {
                    throw Failure(message: "area '\(name)' is not a rectangle", offset: rows[r][c].1)
                }
            }
        }
        return (order.map { found[$0]! }, columns, rows.count)
    }

    // MARK: Items

    /// `column` / `row`: `START`, or `START / END`, each `auto`, a line number (not 0),
    /// a name, `name N`, or `span N`, `span name`.
    static func placement(_ text: String) throws(Failure) -> (start: GridLineValue, end: GridLineValue) {
        let parts = text.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw Failure(message: "a placement is START or START / END, with one '/'") }
        let start = try line(String(parts[0]), offset: 0)
        if parts.count == 2 {
            return (start, try line(String(parts[1]), offset: parts[0].utf8.count + 1))
        }
        // `column=name` is `name / name`, as CSS's `grid-column: name`.
        if case .ident = start { return (start, start) }
        return (start, .auto)
    }

    /// One end of a placement.
    static func line(_ text: String, offset: Int) throws(Failure) -> GridLineValue {
        let words = text.split(separator: " ").map(String.init)
        let limit = ValueRanges.maxGridLine
        guard !words.isEmpty else { throw Failure(message: "expected a line: auto, a number, a name or span N", offset: offset) }
        if words == ["auto"] { return .auto }
        var span = false
        var number: Int? = nil
        var name: String? = nil
        for w in words {
            if w == "span" && !span && number == nil && name == nil { span = true; continue }
            if let n = Int(w), number == nil {
                guard n != 0 else { throw Failure(message: "line 0 does not exist: lines count from 1 (or from -1 at the end)", offset: offset) }
                guard abs(n) <= limit else {
                    throw Failure(message: "line numbers and spans are within ±\(limit), not \(n)", offset: offset)
                }
                number = n
            } else if name == nil, ValueReader.isIdentifier(w), w != "auto", w != "span" {
                name = w
            } else {
                throw Failure(message: "'\(w)' is not part of a line (auto, 2, -1, name, name 2, span 2, span name)", offset: offset)
            }
        }
        if span {
            let n = number ?? 1
            guard n > 0 else { throw Failure(message: "a span is 1 or more", offset: offset) }
            return .span(n, name: name)
        }
        if let number { return .line(number, name: name) }
        return .ident(name!)
    }

    /// `area`: a name, whose area gives all four lines.
    static func area(_ text: String) throws(Failure) -> String {
        guard ValueReader.isIdentifier(text) else { throw Failure(message: "'\(text)' is not an area name") }
        return text
    }

    /// `auto-flow`: `row` or `column`, optionally `dense`.
    static func flow(_ text: String) throws(Failure) -> (column: Bool, dense: Bool) {
        let words = Set(text.split(separator: " ").map(String.init))
        let valid: [Set<String>] = [["row"], ["column"], ["dense"], ["row", "dense"], ["column", "dense"]]
        guard valid.contains(words) else {
            throw Failure(message: "auto-flow is row, column, dense, or row dense / column dense, not '\(text)'")
        }
        return (words.contains("column"), words.contains("dense"))
    }
}

/// A cursor over a grid value's text.
private struct Scanner {
    let chars: [Character]
    var i = 0
    /// UTF-8 offsets of each character, for the column of an error.
    let offsets: [Int]

    init(_ text: String) {
        chars = Array(text)
        var o: [Int] = [], at = 0
        for c in chars { o.append(at); at += c.utf8.count }
        o.append(at)
        offsets = o
    }
    var atEnd: Bool { i >= chars.count }
    var peek: Character? { atEnd ? nil : chars[i] }
    var offset: Int { offsets[Swift.min(i, chars.count)] }
    var rest: String { String(chars[i...]) }

    mutating func skipSpaces() { while let c = peek, c == " " { i += 1 } }

    mutating func consumeWord(_ w: String) -> Bool {
        let wc = Array(w)
        guard i + wc.count <= chars.count, Array(chars[i..<(i + wc.count)]) == wc else { return false }
        i += wc.count
        return true
    }

    /// Up to a space, comma, bracket or parenthesis.
    mutating func word() -> String {
        let start = i
        while let c = peek, !" ,()[]".contains(c) { i += 1 }
        return String(chars[start..<i])
    }

    mutating func expect(_ c: Character) throws(GridValues.Failure) {
        skipSpaces()
        guard peek == c else {
            throw GridValues.Failure(message: "expected '\(c)'" + (atEnd ? " at the end" : ", not '\(peek!)'"), offset: offset)
        }
        i += 1
    }

    /// `[a b]`.
    mutating func lineNames() throws(GridValues.Failure) -> [String] {
        try expect("[")
        var names: [String] = []
        while true {
            skipSpaces()
            if peek == "]" { i += 1; return names }
            let at = offset
            let w = word()
            guard ValueReader.isIdentifier(w), w != "span", w != "auto" else {
                throw GridValues.Failure(message: atEnd ? "line names end with ']'" : "'\(w)' is not a line name", offset: at)
            }
            names.append(w)
        }
    }

    /// The tracks of a `repeat(N, …)` after its comma, up to its `)`.
    mutating func repeatedTracks() throws(GridValues.Failure) -> ([GridTrackValue], [[String]]) {
        var tracks: [GridTrackValue] = []
        var names: [[String]] = [[]]
        while true {
            skipSpaces()
            guard let c = peek else { throw GridValues.Failure(message: "repeat( is not closed", offset: offset) }
            if c == ")" { i += 1; break }
            if c == "[" { names[names.count - 1] += try lineNames(); continue }
            if consumeWord("repeat(") { throw GridValues.Failure(message: "repeat() cannot be nested", offset: offset) }
            tracks.append(try trackSize())
            names.append([])
            guard tracks.count <= ValueRanges.maxGridTracks else {
                throw GridValues.Failure(message: "at most \(ValueRanges.maxGridTracks) tracks in a list", offset: offset)
            }
        }
        guard !tracks.isEmpty else { throw GridValues.Failure(message: "repeat needs at least one track", offset: offset) }
        return (tracks, names)
    }

    /// One track size: a breadth, `minmax(a, b)` or `fit-content(l)`.
    mutating func trackSize() throws(GridValues.Failure) -> GridTrackValue {
        let at = offset
        if consumeWord("minmax(") {
            skipSpaces()
            let lo = try breadth()
            try expect(",")
            skipSpaces()
            let hi = try breadth()
            try expect(")")
            if case .fr = lo { throw GridValues.Failure(message: "the minimum of minmax() cannot be fr", offset: at) }
            return GridTrackValue(min: lo, max: hi, fitContent: nil)
        }
        if consumeWord("fit-content(") {
            skipSpaces()
            let b = try breadth()
            try expect(")")
            let limit: Length
            switch b {
            case .points(let v) where v >= 0: limit = .points(v)
            case .percent(let p) where p >= 0: limit = .percent(p)
            default: throw GridValues.Failure(message: "fit-content() takes points or a percentage", offset: at)
            }
            return GridTrackValue(min: .auto, max: .maxContent, fitContent: limit)
        }
        let b = try breadth()
        if case .fr = b { return GridTrackValue(min: .auto, max: b, fitContent: nil) }
        return GridTrackValue(min: b, max: b, fitContent: nil)
    }

    /// `40`, `25%`, `1fr`, `auto`, `min-content`, `max-content`.
    mutating func breadth() throws(GridValues.Failure) -> GridBreadthValue {
        let at = offset
        let w = word()
        switch w {
        case "auto": return .auto
        case "min-content": return .minContent
        case "max-content": return .maxContent
        case "": throw GridValues.Failure(message: atEnd ? "expected a track size at the end" : "expected a track size, not '\(peek!)'", offset: at)
        default: break
        }
        func num(_ t: String) throws(GridValues.Failure) -> Double {
            do { return try ValueReader.number(t) } catch { throw GridValues.Failure(message: error.message, offset: at) }
        }
        if w.hasSuffix("fr") {
            let v = try num(String(w.dropLast(2)))
            guard v >= 0, v <= ValueRanges.maxFr else {
                throw GridValues.Failure(message: "fr is 0 to \(ValueReader.format(ValueRanges.maxFr)), not \(ValueReader.format(v))", offset: at)
            }
            return .fr(v)
        }
        if w.hasSuffix("%") {
            let v = try num(String(w.dropLast()))
            guard v >= 0, v <= ValueRanges.maxPercent else {
                throw GridValues.Failure(message: "a track percentage is 0 to \(ValueReader.format(ValueRanges.maxPercent))", offset: at)
            }
            return .percent(v)
        }
        guard let first = w.first, first.isNumber || first == "." else {
            var message = "'\(w)' is not a track size (40, 25%, 1fr, auto, min-content, max-content, minmax(…), fit-content(…), repeat(…))"
            if w == "subgrid" { message = "subgrid is a whole track list (columns=subgrid), not a track size" }
            throw GridValues.Failure(message: message, offset: at)
        }
        let v = try num(w.hasSuffix("pt") ? String(w.dropLast(2)) : w)
        guard v >= 0, v <= ValueRanges.maxPoints else {
            throw GridValues.Failure(message: "a track size is 0 to \(ValueReader.format(ValueRanges.maxPoints)) points", offset: at)
        }
        return .points(v)
    }
}
