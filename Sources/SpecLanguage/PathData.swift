/// SVG path data (the `d` of SVG's `<path>`, SVG 2 §9.3.9 "The grammar for path data"):
/// the commands of a `path` node as written, absolute or relative, each parameter group of
/// a repeated command (`L 1 2 3 4`, the pairs after a `M`) a command of its own.
///
/// The parser refuses what SVG renders only up to: any error is the whole path's, with
/// the offset of the character where it is, so a message can point into the data.
public struct PathData: Hashable, Sendable {
    /// One command, its coordinates as written (relative ones still relative).
    public enum Command: Hashable, Sendable {
        case move(relative: Bool, x: Double, y: Double)
        case line(relative: Bool, x: Double, y: Double)
        case horizontal(relative: Bool, x: Double)
        case vertical(relative: Bool, y: Double)
        case cubic(relative: Bool, x1: Double, y1: Double, x2: Double, y2: Double, x: Double, y: Double)
        case smoothCubic(relative: Bool, x2: Double, y2: Double, x: Double, y: Double)
        case quadratic(relative: Bool, x1: Double, y1: Double, x: Double, y: Double)
        case smoothQuadratic(relative: Bool, x: Double, y: Double)
        case arc(relative: Bool, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool, x: Double, y: Double)
        case close
    }

    public var commands: [Command]

    public init(commands: [Command]) { self.commands = commands }

    /// What is wrong with a path's data, and at which character (0 for the first).
    public struct Failure: Error, Hashable, Sendable {
        public var message: String
        public var offset: Int
    }

    /// The most commands one path may have (each parameter group of a repeated command
    /// counts): what one `path` node costs to parse, keep and draw is bounded by it.
    public static let maxCommands = 100_000

    /// Reads `text` as SVG path data.
    ///
    /// - Parameters:
    ///   - text: the data, e.g. `M2 2 h20 v20 z`.
    ///   - maxCommands: the most commands accepted.
    /// - Throws: `Failure` at the first character that does not fit the grammar, at a
    ///   number that is not finite or lies outside ±`ValueRanges.maxPoints`, and past
    ///   `maxCommands`.
    public static func parse(_ text: String, maxCommands: Int = PathData.maxCommands) throws(Failure) -> PathData {
        var text = text
        let result = text.withUTF8 { bytes -> Result<PathData, Failure> in
            var reader = Reader(bytes: bytes, maxCommands: maxCommands)
            do throws(Failure) { return .success(try reader.read()) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Reads the bytes of path data, one command letter and its parameter groups at a time.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        let maxCommands: Int
        var i = 0
        var commands: [Command] = []
        /// Where the parameter group being read starts.
        var groupStart = 0

        init(bytes: UnsafeBufferPointer<UInt8>, maxCommands: Int) {
            self.bytes = bytes; self.maxCommands = maxCommands
        }

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(message: message, offset: offset ?? i)
        }

        mutating func read() throws(Failure) -> PathData {
            skipSpaces()
            guard i < bytes.count else { throw fail("it is empty; path data starts with M (move to): \"M0 0 L10 10\"") }
            guard bytes[i] == UInt8(ascii: "M") || bytes[i] == UInt8(ascii: "m") else {
                throw fail("it starts with M or m (move to), not '\(character(at: i))'")
            }
            while true {
                skipSpaces()
                guard i < bytes.count else { break }
                let letterOffset = i
                let letter = bytes[i]
                let relative = letter >= UInt8(ascii: "a")
                let upper = relative ? letter - 32 : letter
                guard "MLHVCSQTAZ".utf8.contains(upper) else {
                    if isNumberStart(letter) {
                        throw fail("Z (close path) takes no numbers; a command letter (M L H V C S Q T A Z) comes next")
                    }
                    throw fail("'\(character(at: i))' is not a path command (M L H V C S Q T A Z, or lower case for relative)")
                }
                i += 1
                if upper == UInt8(ascii: "Z") {
                    try append(.close, at: letterOffset)
                    continue
                }
                // The command's first group, then as many more as follow, each optionally
                // after a comma (SVG 2 §9.3.9: a command letter may be left out when repeated).
                var first = true
                while true {
                    skipSpaces()
                    if !first {
                        if i < bytes.count, bytes[i] == UInt8(ascii: ",") {
                            i += 1
                            skipSpaces()
                            guard i < bytes.count, isNumberStart(bytes[i]) else {
                                throw fail("a comma in path data is followed by a number")
                            }
                        }
                        guard i < bytes.count, isNumberStart(bytes[i]) else { break }
                    }
                    // A command past the limit is refused where it starts: its letter, or
                    // the first number of a repeat.
                    groupStart = first ? letterOffset : i
                    try readGroup(upper, relative: relative, first: first)
                    first = false
                }
            }
            return PathData(commands: commands)
        }

        mutating func append(_ command: Command, at start: Int? = nil) throws(Failure) {
            guard commands.count < maxCommands else {
                throw fail("more than \(maxCommands) path commands (the limit a path); draw fewer, or split the path",
                           at: start ?? groupStart)
            }
            commands.append(command)
        }

        /// One parameter group of command `upper` (an upper-case letter).
        mutating func readGroup(_ upper: UInt8, relative: Bool, first: Bool) throws(Failure) {
            let name = Character(Unicode.Scalar(relative ? upper + 32 : upper))
            func missing() -> String { "\(name) needs \(Self.parameters(upper)); the data ends or breaks off here" }
            switch upper {
            case UInt8(ascii: "M"):
                let x = try number(missing()), y = try number(missing())
                // Pairs after a move's first are lines (relative after `m`).
                try append(first ? .move(relative: relative, x: x, y: y) : .line(relative: relative, x: x, y: y))
            case UInt8(ascii: "L"):
                let x = try number(missing()), y = try number(missing())
                try append(.line(relative: relative, x: x, y: y))
            case UInt8(ascii: "H"):
                try append(.horizontal(relative: relative, x: try number(missing())))
            case UInt8(ascii: "V"):
                try append(.vertical(relative: relative, y: try number(missing())))
            case UInt8(ascii: "C"):
                let x1 = try number(missing()), y1 = try number(missing()), x2 = try number(missing())
                let y2 = try number(missing()), x = try number(missing()), y = try number(missing())
                try append(.cubic(relative: relative, x1: x1, y1: y1, x2: x2, y2: y2, x: x, y: y))
            case UInt8(ascii: "S"):
                let x2 = try number(missing()), y2 = try number(missing()), x = try number(missing()), y = try number(missing())
                try append(.smoothCubic(relative: relative, x2: x2, y2: y2, x: x, y: y))
            case UInt8(ascii: "Q"):
                let x1 = try number(missing()), y1 = try number(missing()), x = try number(missing()), y = try number(missing())
                try append(.quadratic(relative: relative, x1: x1, y1: y1, x: x, y: y))
            case UInt8(ascii: "T"):
                let x = try number(missing()), y = try number(missing())
                try append(.smoothQuadratic(relative: relative, x: x, y: y))
            default:  // A
                let rx = try number(missing()), ry = try number(missing()), rotation = try number(missing())
                let large = try flag(missing()), sweep = try flag(missing())
                let x = try number(missing()), y = try number(missing())
                try append(.arc(relative: relative, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep, x: x, y: y))
            }
        }

        static func parameters(_ upper: UInt8) -> String {
            switch upper {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "T"): return "x y"
            case UInt8(ascii: "H"): return "x"
            case UInt8(ascii: "V"): return "y"
            case UInt8(ascii: "C"): return "x1 y1 x2 y2 x y"
            case UInt8(ascii: "S"): return "x2 y2 x y"
            case UInt8(ascii: "Q"): return "x1 y1 x y"
            default: return "rx ry rotation large-arc-flag sweep-flag x y"
            }
        }

        /// Skips a comma-wsp before a parameter (not before the first of a group, where a
        /// comma is read by the caller).
        mutating func separator() {
            skipSpaces()
            if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; skipSpaces() }
        }

        /// A number (SVG's grammar: sign, digits, a fraction, an exponent), finite and
        /// within ±`ValueRanges.maxPoints`.
        mutating func number(_ missing: @autoclosure () -> String) throws(Failure) -> Double {
            separator()
            let start = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            var digits = 0
            while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                while i < bytes.count, isDigit(bytes[i]) { i += 1; digits += 1 }
            }
            guard digits > 0 else {
                i = start
                if i >= bytes.count || isCommandLetter(bytes[i]) { throw fail(missing()) }
                throw fail("expected a number, not '\(character(at: i))'")
            }
            // An exponent only when digits follow the `e` (as SVG reads `1e` then a letter).
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
                var j = i + 1
                if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") { j += 1 }
                if j < bytes.count, isDigit(bytes[j]) {
                    while j < bytes.count, isDigit(bytes[j]) { j += 1 }
                    i = j
                }
            }
            // Too many digits to be a number in range is refused before it is converted.
            guard i - start <= 64, let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)),
                  value.isFinite, abs(value) <= ValueRanges.maxPoints else {
                let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(i, start + 24)]), as: UTF8.self)
                throw fail("the number \(shown)\(i - start > 24 ? "…" : "") is outside the range of path coordinates, "
                           + "±\(ValueReader.format(ValueRanges.maxPoints))", at: start)
            }
            return value
        }

        /// An arc's flag: one character, `0` or `1`, that needs no space after it.
        mutating func flag(_ missing: @autoclosure () -> String) throws(Failure) -> Bool {
            separator()
            guard i < bytes.count else { throw fail(missing()) }
            switch bytes[i] {
            case UInt8(ascii: "0"): i += 1; return false
            case UInt8(ascii: "1"): i += 1; return true
            default:
                if isCommandLetter(bytes[i]) { throw fail(missing()) }
                throw fail("an arc's large-arc and sweep flags are 0 or 1, not '\(character(at: i))'")
            }
        }

        mutating func skipSpaces() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x0C {
                i += 1
            }
        }

        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func isNumberStart(_ b: UInt8) -> Bool {
            isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "+") || b == UInt8(ascii: ".")
        }
        func isCommandLetter(_ b: UInt8) -> Bool { "MLHVCSQTAZmlhvcsqtaz".utf8.contains(b) }

        /// The character starting at byte `offset`, for a message (a lone byte of a
        /// multi-byte character shows as a replacement).
        func character(at offset: Int) -> String {
            var end = offset + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80, end - offset < 4 { end += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        }
    }
}
