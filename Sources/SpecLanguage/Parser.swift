/// Reads the `.spec` text form into a `Document`.
///
/// One node per line, children indented by two spaces under their parent. A line is a
/// kind, an optional positional argument (a quoted string or a number), then `key=value`
/// attributes; a bare attribute name means `true` for flags (`clip`, `hidden`, `reverse`,
/// `wrap`).
/// Top-level lines are `canvas …` (exactly one), `style NAME attrs…`, `font "FAMILY"
/// "FILE"…` (see `FontDeclaration`) and nodes, which become the canvas's children. `docs/spec.md` is the reference.
public struct SpecParser {
    public var limits: ParseLimits
    /// How the lines are read: for the tests and the fuzzer, which compare the readings
    /// (not part of the parser's public state).
    var reading = LineReading()

    public init(limits: ParseLimits = .default) { self.limits = limits }

    public func parse(_ source: String) throws(SpecError) -> Document {
        guard source.utf8.count <= limits.maxSourceBytes else {
            throw SpecError("the spec is \(source.utf8.count) bytes; the limit is \(limits.maxSourceBytes)",
                            at: SourceLocation(line: 1, column: 1))
        }
        var state = ParseState(limits: limits)
        state.readsPlainLines = reading.plainLines
        let lines = SourceLines(source)
        state.sourceHasBraces = lines.contains(UInt8(ascii: "{")) || lines.contains(UInt8(ascii: "}"))
        // Styles first, so a node may use a style declared further down.
        // The bytes first, which settles nearly every line without cutting it out: a line
        // whose bytes do not start "style " cannot start with those characters (no other
        // spelling of ASCII letters is canonically equivalent); `hasPrefix` decides the rest
        // (a combining mark after the space makes a different character).
        for index in lines.indices(ofLinesStartingWith: Self.styleLinePrefix) {
            let line = lines[index]
            if line.hasPrefix("style ") {
                try state.declareStyle(line: line, number: index + 1)
            }
        }
        // Each line as its bytes in the source: a plain line is read without cutting it out.
        // A big spec's lines after its first quarter are read ahead on another processor
        // (`PlainLinePreread`).
        let preread = reading.plainLines
            ? PlainLinePreread.start(lines, sourceBytes: source.utf8.count, limits: limits, fromBytes: reading.prereadFromBytes,
                                     worker: reading.prereadsOnWorker, lateWorkerChunk: reading.lateWorkerChunk) : nil
        defer { preread?.finish() }
        try lines.forEachLine { bytes, index throws(SpecError) in
            try state.consume(lineBytes: bytes, number: index + 1, in: lines, preread: preread)
        }
        return try state.finish()
    }

    private static let styleLinePrefix = Array("style ".utf8)
}

/// A node while its children are still being read.
struct OpenNode {
    var kind: NodeKind
    var argument: Value?
    var raw: [RawAttribute]
    /// The attributes read from the line when the node was opened (the text form), or the
    /// error reading them gave, thrown when the node is finished; nil to read `raw` then
    /// (the JSON form).
    var read: Result<Attributes, SpecError>? = nil
    var children: [Node] = []
    var location: SourceLocation
    /// The line as written (a slice of the source: no copy of its text), for messages once
    /// the node is open. Only the canvas's is asked for then (`finish`; the attributes of
    /// the text form are read when the line is), so a node that `PlainLineReader` read
    /// keeps none unless it is the canvas: empty, no slice cut and retained a line.
    var sourceLine: Substring
    var depth: Int
    var control: Control? = nil
}

/// An attribute as written, read into a typed value once the node's kind is known.
struct RawAttribute {
    let key: String
    /// `key` as an attribute name of the language, nil when it is none: looked up once, and
    /// compared as a byte where the key is asked for again (`style`, duplicates).
    let name: AttributeName?
    var text: String
    var quoted: Bool
    var keyLocation: SourceLocation
    var valueLocation: SourceLocation
    /// The line it is written on; nil for the line of the node it is on (the text form's
    /// own attributes), so that the attributes of every line do not each retain the source.
    var sourceLine: Substring?

    /// The line messages about it quote, `nodeLine` being the line of the node it is read for.
    func line(or nodeLine: Substring) -> Substring { sourceLine ?? nodeLine }

    init(key: String, text: String, quoted: Bool, keyLocation: SourceLocation, valueLocation: SourceLocation,
         sourceLine: Substring?) {
        self.init(key: key, name: AttributeName(key), text: text, quoted: quoted, keyLocation: keyLocation,
                  valueLocation: valueLocation, sourceLine: sourceLine)
    }

    /// With the name already looked up (`AttributeName(key)`).
    init(key: String, name: AttributeName?, text: String, quoted: Bool, keyLocation: SourceLocation,
         valueLocation: SourceLocation, sourceLine: Substring?) {
        self.key = key; self.name = name; self.text = text; self.quoted = quoted
        self.keyLocation = keyLocation; self.valueLocation = valueLocation; self.sourceLine = sourceLine
    }
}

struct StyleDefinition {
    var attributes: [RawAttribute]
    var location: SourceLocation
}

struct ParseState {
    let limits: ParseLimits
    var stack: [OpenNode] = []
    var canvas: OpenNode?
    var topLevel: [Node] = []
    var styles: [String: StyleDefinition] = [:]
    /// The `font` lines so far, and how many files they name.
    var fonts: [FontDeclaration] = []
    var declaredFontFiles = 0
    /// The nodes opened below the canvas, `if`/`else`/`for` lines not counted (they are in
    /// `controlCount`), and the deepest level one is at: for the document's survey.
    var nodeCount = 0
    var controlCount = 0
    var deepest = -1
    /// Whether the source has a `{` or `}` anywhere, so its strings may have names to fill
    /// in (a string cannot get a brace otherwise: the `\u{…}` escape has braces too).
    var sourceHasBraces = true
    /// `if`, `else` and `for` lines open on the stack: the nodes inside them have their ids
    /// checked by the expander, once the loops have filled them in.
    var openControls = 0
    /// The ids of the nodes outside `if`/`for` blocks, as their nodes are finished, for
    /// `checkCollectedIDs` (no second walk over the finished tree).
    var ids: [(id: String, location: SourceLocation)] = []
    /// A line's tokens and raw attributes, emptied for the next line with their capacity
    /// kept: no two arrays allocated and freed for every line.
    private var tokenScratch: [Token] = []
    private var rawScratch: [RawAttribute] = []
    /// Whether node lines are offered to `PlainLineReader` first, and values of plain
    /// spellings read by `ByteValueReader` (see `SpecParser`).
    var readsPlainLines = true

    init(limits: ParseLimits) { self.limits = limits }

    /// Reads line `number`, its `bytes` in the source (without the line ending): a plain
    /// node line (`PlainLineReader`) from them alone; any other line cut out of `lines`
    /// and read by `consume(line:number:start:)`.
    /// `preread` has the line's `PlainLineReader` reading when it was read ahead (see
    /// `PlainLinePreread`), asked only for a line that may be plain.
    mutating func consume(lineBytes bytes: UnsafeBufferPointer<UInt8>, number: Int, in lines: SourceLines,
                          preread: PlainLinePreread? = nil) throws(SpecError) {
        let start = LineStart(bytes: bytes)
        // (A tab after the indentation is the first byte and in the first word, so such a
        // line is neither blank nor a comment nor plain: the general path reports it.)
        if start.firstByte == nil || start.firstByte == UInt8(ascii: "#") { return }
        if readsPlainLines, let kind = PlainLineReader.kind(of: start) {
            let plain: PlainLineReader.Line?
            switch preread?.reading(ofLine: number - 1) {
            case .plain(let line)?: plain = consume line
            case .other?: plain = nil
            case nil: plain = PlainLineReader.read(bytes, start: start, kind: kind, number: number)
            }
            if let plain {
                try open(kind, plain: plain, indent: start.indent, number: number, in: lines)
                return
            }
        }
        try consume(line: lines[number - 1], number: number, start: start)
    }

    /// Reads the line `line`, line `number` of the spec, by the general path: its tokens,
    /// then its raw attributes, then their values. `start` is the line's `LineStart`,
    /// already read from its bytes.
    mutating func consume(line: Substring, number: Int, start: LineStart) throws(SpecError) {
        let sourceLine = line
        let indent = start.indent
        if start.tabAfterIndent {
            throw SpecError("a tab in the indentation; indent with two spaces per level",
                            at: SourceLocation(line: number, column: indent + 1), sourceLine: sourceLine)
        }
        if start.firstByte == nil || start.firstByte == UInt8(ascii: "#") { return }
        // The indentation is ASCII spaces, so `indent` bytes are `indent` characters.
        let body = line[line.utf8.index(line.startIndex, offsetBy: indent)...]
        // Control lines (`if width < 500`) are not key=value lines: read them on their own.
        let firstWord = body.utf8.prefix(start.wordLength)
        let controlKind = start.firstWordKind.flatMap { $0.isControl ? $0 : nil }
        var tokens: [Token] = []
        swap(&tokens, &tokenScratch)
        defer {
            tokens.removeAll(keepingCapacity: true)
            swap(&tokens, &tokenScratch)
        }
        if controlKind == nil {
            try LineTokenizer(body, startColumn: indent + 1, line: number, sourceLine: sourceLine).tokens(into: &tokens)
        } else {
            tokens.append(Token(kind: .word(String(Substring(firstWord))), column: indent + 1))
        }
        guard let first = tokens.first else { return }
        let location = SourceLocation(line: number, column: indent + 1)
        func fail(_ message: String, column: Int? = nil) -> SpecError {
            SpecError(message, at: SourceLocation(line: number, column: column ?? indent + 1), sourceLine: sourceLine)
        }
        if let problem = indentationProblem(indent) { throw fail(problem) }
        let depth = indent / 2
        try closeNodes(deeperThanOrAt: depth)

        guard case .word(let kindName) = first.kind else {
            throw fail("a line starts with a kind (\(NodeKind.allCases.map(\.rawValue).joined(separator: ", ")), style or font)")
        }
        if kindName == "style" {
            guard depth == 0 else { throw fail("styles are declared at the top level") }
            return  // declared before the main pass
        }
        if kindName == "font" {
            guard depth == 0 else { throw fail("fonts are declared at the top level: font \"FAMILY\" \"FILE\"…") }
            try declareFont(tokens.dropFirst(), location: location, sourceLine: sourceLine)
            return
        }
        if depth >= limits.maxDepth {
            throw fail("nesting deeper than \(limits.maxDepth) levels (the limit)")
        }
        let namedKind = NodeKind.named(kindName)
        if let control = namedKind, control.isControl {
            try openControl(control, line: line, indent: indent, depth: depth, number: number, sourceLine: sourceLine)
            return
        }
        guard let kind = namedKind else {
            var message = "unknown kind '\(kindName)'"
            if let s = suggestion(for: kindName, among: NodeKind.allCases.map(\.rawValue) + ["style", "font"]) {
                message += "; did you mean '\(s)'?"
            }
            throw fail(message)
        }
        if let problem = admissionProblem(kind, depth: depth) { throw fail(problem) }

        var rest = tokens.dropFirst()
        var argument: Value?
        if let token = rest.first {
            switch token.kind {
            case .quoted(let text):
                argument = .string(text)
                rest = rest.dropFirst()
            case .word(let word) where kind == .spacer && word.first.map({ $0.isNumber || $0 == "." }) == true:
                guard let v = Double(word), v.isFinite, v >= 0, v <= ValueRanges.maxPoints else {
                    throw fail("a fixed spacer's length must be a number of points within 0...\(ValueReader.format(ValueRanges.maxPoints))",
                               column: token.column)
                }
                argument = .number(v)
                rest = rest.dropFirst()
            default: break
            }
        }
        switch (kind, argument) {
        case (.label, nil):
            throw fail("a label needs its text in quotes: label \"Hello\"")
        case (.span, nil):
            throw fail("a span needs its text in quotes: span \"bold\" weight=bold")
        case (.span, .string("")):
            throw fail("an empty span; give it text, or leave the line out", column: tokens.dropFirst().first?.column)
        case (.image, nil):
            throw fail("an image needs its file in quotes: image \"photo.png\"")
        case (.path, nil):
            throw fail("a path needs its SVG path data in quotes: path \"M2 2 L22 22\"")
        case (.path, .string(let data)):
            // Data with `{name}` in it is read once a loop has filled it in (`SceneBuilder`).
            if !data.utf8.contains(UInt8(ascii: "{")), let column = tokens.dropFirst().first?.column {
                do throws(PathData.Failure) { _ = try PathData.parse(data) } catch {
                    throw fail("path data: \(error.message)", column: column + 1 + error.offset)
                }
            }
        case (.label, .string), (.span, .string), (.image, .string), (.spacer, .number), (.spacer, nil), (_, nil):
            break
        default:
            throw fail("a \(kind.rawValue) takes no text argument", column: tokens.dropFirst().first?.column)
        }
        var raw: [RawAttribute] = []
        swap(&raw, &rawScratch)
        try rawAttributes(rest, line: number, sourceLine: sourceLine, into: &raw)
        // Read now, while the line's attributes are at hand, so an open node keeps no array
        // of them; an error is kept and thrown when the node is finished, where it was
        // always thrown (after the errors of the lines below the node).
        let read: Result<Attributes, SpecError>
        do { read = .success(try readAttributes(of: kind, raw: raw, sourceLine: sourceLine)) } catch {
            read = .failure(error)
        }
        raw.removeAll(keepingCapacity: true)
        swap(&raw, &rawScratch)
        place(OpenNode(kind: kind, argument: argument, raw: [], read: read, location: location,
                       sourceLine: sourceLine, depth: depth))
    }

    /// A plain line's node (`PlainLineReader`) opened, after the checks every node line
    /// passes, in their order; its argument and attributes need none.
    /// The line is cut out of `lines` only for a message, or for the canvas (see `OpenNode`).
    private mutating func open(_ kind: NodeKind, plain: PlainLineReader.Line, indent: Int, number: Int,
                               in lines: SourceLines) throws(SpecError) {
        let location = SourceLocation(line: number, column: indent + 1)
        func fail(_ message: String, column: Int? = nil) -> SpecError {
            SpecError(message, at: SourceLocation(line: number, column: column ?? indent + 1), sourceLine: lines[number - 1])
        }
        if let problem = indentationProblem(indent) { throw fail(problem) }
        let depth = indent / 2
        try closeNodes(deeperThanOrAt: depth)
        if depth >= limits.maxDepth {
            throw fail("nesting deeper than \(limits.maxDepth) levels (the limit)")
        }
        if let problem = admissionProblem(kind, depth: depth) { throw fail(problem) }
        place(OpenNode(kind: kind, argument: plain.argument, raw: [], read: .success(plain.attributes),
                       location: location, sourceLine: kind == .canvas ? lines[number - 1] : Substring(), depth: depth))
    }

    /// What is wrong with an indentation of `indent` spaces under the open nodes, or nil:
    /// it is whole levels, at most one below the line above. (Problems are returned, not
    /// thrown through a closure that makes the error: such a closure, made for every line,
    /// retained the line's source each time.)
    private func indentationProblem(_ indent: Int) -> String? {
        guard indent % 2 == 0 else { return "indentation of \(indent) spaces; indent by two spaces per level" }
        // The depth read in place: `stack.last` would copy the whole open node.
        let parentDepth = stack.isEmpty ? -1 : stack[stack.count - 1].depth
        guard indent / 2 <= parentDepth + 1 else {
            return stack.isEmpty
                ? "this line is indented but has no parent; top-level lines start at column 1"
                : "indented \(indent) spaces, more than one level (two spaces) below the line above"
        }
        return nil
    }

    /// Why a node of `kind` may not open here, or nil: one canvas, at the top level; any
    /// other node under a parent that takes it, within the limit on nodes (it is counted).
    private mutating func admissionProblem(_ kind: NodeKind, depth: Int) -> String? {
        if kind == .canvas {
            guard depth == 0 else { return "canvas is a top-level line" }
            if let line = canvas?.location.line { return "a second canvas; the first is on line \(line)" }
            return nil
        }
        if let problem = parentProblem(kind) { return problem }
        nodeCount += 1
        return nodeCount > limits.maxNodes ? "more than \(limits.maxNodes) nodes (the limit)" : nil
    }

    /// The node opened: the canvas, or the newest node on the stack.
    private mutating func place(_ open: consuming OpenNode) {
        if open.kind == .canvas {
            canvas = open
        } else {
            deepest = max(deepest, open.depth)
            stack.append(open)
        }
    }

    /// Why a node of `kind` cannot open here, or nil: the nearest enclosing node that is not
    /// `if`/`else`/`for` (the canvas at the top level) must take a child of `kind`: a
    /// container a layout node, a label a `span`.
    private func parentProblem(_ kind: NodeKind) -> String? {
        // Searched by index, reading the kind in place: `last(where:)` copied open nodes.
        var parent = stack.count - 1
        while parent >= 0, stack[parent].kind.isControl { parent -= 1 }
        guard let problem = Schema.childProblem(parent: parent >= 0 ? stack[parent].kind : .canvas, child: kind) else { return nil }
        return problem + (parent >= 0 ? " (it is on line \(stack[parent].location.line))" : "")
    }

    /// `if CONDITION`, `else`, `for NAME in LIST`: their children are expanded in place later.
    private mutating func openControl(_ kind: NodeKind, line: Substring, indent: Int, depth: Int, number: Int,
                                      sourceLine: Substring) throws(SpecError) {
        func fail(_ message: String, _ column: Int? = nil) -> SpecError {
            SpecError(message, at: SourceLocation(line: number, column: column ?? indent + 1), sourceLine: sourceLine)
        }
        if let problem = parentProblem(kind) { throw fail(problem) }
        let restColumn = indent + 1 + kind.rawValue.count
        var rest = String(line.dropFirst(indent + kind.rawValue.count))
        if let hash = commentStart(rest) { rest = String(rest[..<hash]) }
        let control: Control
        switch kind {
        case .ifBlock:
            guard !rest.trimmingSpaces.isEmpty else { throw fail("'if' needs a condition, as in: if width < 500") }
            var parser = ConditionParser(rest, maxDepth: limits.maxExpressionDepth)
            do { control = .condition(try parser.parse()) } catch {
                throw fail("bad condition: \(error.message)", restColumn + error.offset)
            }
        case .elseBlock:
            guard rest.trimmingSpaces.isEmpty else { throw fail("'else' takes nothing after it", restColumn) }
            let previous = stack.isEmpty ? topLevel.last : stack[stack.count - 1].children.last
            guard previous?.kind == .ifBlock else {
                throw fail("'else' must follow an 'if' at the same indentation")
            }
            control = .otherwise
        default:
            let words = rest.split(separator: " ").map(String.init)
            guard words.count == 3, words[1] == "in", ValueReader.isIdentifier(words[0]),
                  words[2].split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ ValueReader.isIdentifier(String($0)) }) else {
                throw fail("a loop is written: for NAME in LIST (LIST a variable or a path like data.posts)")
            }
            control = .loop(variable: words[0], source: words[2].split(separator: ".").map(String.init))
        }
        openControls += 1
        controlCount += 1
        deepest = max(deepest, depth)
        stack.append(OpenNode(kind: kind, argument: nil, raw: [], location: SourceLocation(line: number, column: indent + 1),
                              sourceLine: sourceLine, depth: depth, control: control))
    }

    /// Where a `#` comment starts outside double quotes, if anywhere. The delimiters are
    /// ASCII, so the bytes are scanned, as the tokenizer scans them (a byte of a multi-byte
    /// character is never one of them).
    private func commentStart(_ text: String) -> String.Index? {
        var text = text
        text.makeContiguousUTF8()
        let offset = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var inString = false
            var escaped = false
            for (offset, c) in bytes.enumerated() {
                if escaped { escaped = false; continue }
                if c == UInt8(ascii: "\\") { escaped = true; continue }
                if c == UInt8(ascii: "\"") { inString.toggle() }
                if c == UInt8(ascii: "#") && !inString { return offset }
            }
            return nil
        } ?? nil
        return offset.map { text.utf8.index(text.utf8.startIndex, offsetBy: $0) }
    }

    private func rawAttributes(_ tokens: ArraySlice<Token>, line: Int, sourceLine: Substring) throws(SpecError) -> [RawAttribute] {
        var result: [RawAttribute] = []
        try rawAttributes(tokens, line: line, sourceLine: sourceLine, into: &result)
        for index in result.indices { result[index].sourceLine = sourceLine }
        return result
    }

    /// The line's attributes appended to `result`, which starts empty, without their line
    /// (`sourceLine` nil): they are read for the node on the same line.
    private func rawAttributes(_ tokens: ArraySlice<Token>, line: Int, sourceLine: Substring,
                               into result: inout [RawAttribute]) throws(SpecError) {
        var seen = SeenKeys()
        // By index, each token's fields read in place: a loop over the elements copied each.
        for index in tokens.indices {
            let column = tokens[index].column
            let loc = SourceLocation(line: line, column: column)
            switch tokens[index].kind {
            case .attribute(let key, let name, let value, let quoted, let valueColumn):
                if let previous = seen.column(of: key, name: name, in: result) {
                    throw SpecError("'\(key)' is given twice (first at column \(previous))", at: loc, sourceLine: sourceLine)
                }
                seen.add(key, column: column, to: result)
                result.append(RawAttribute(key: key, name: name, text: value, quoted: quoted, keyLocation: loc,
                                           valueLocation: SourceLocation(line: line, column: valueColumn),
                                           sourceLine: nil))
            case .word(let word) where Schema.definitions[word]?.shape == .bool || word == "wrap":
                if seen.column(of: word, name: AttributeName(word), in: result) != nil { throw SpecError("'\(word)' is given twice", at: loc, sourceLine: sourceLine) }
                seen.add(word, column: column, to: result)
                result.append(RawAttribute(key: word, text: "true", quoted: false, keyLocation: loc,
                                           valueLocation: loc, sourceLine: nil))
            case .word(let word):
                // `shadow=0 4 12 #0003`: a value with spaces is quoted.
                if let previous = result.last, !previous.quoted, case .shadows? = Schema.definitions[previous.key]?.shape {
                    throw SpecError("unexpected '\(word)'; a \(previous.key) has spaces, so quote it: \(previous.key)=\"\(previous.text) \(word) …\"",
                                    at: loc, sourceLine: sourceLine)
                }
                throw SpecError("unexpected '\(word)'; attributes are written key=value", at: loc, sourceLine: sourceLine)
            case .quoted:
                throw SpecError("unexpected string; only labels and images take one, right after the kind",
                                at: loc, sourceLine: sourceLine)
            }
        }
    }

    /// The keys of one line so far, with their columns: a handful on most lines, so looked
    /// up by comparing the keys of the attributes read so far (no hashing, no array or
    /// dictionary a line; each key's column is its attribute's key column); a line with
    /// many keys (a hostile one may hold a million) moves them to a dictionary past
    /// `smallLimit`.
    private struct SeenKeys {
        static let smallLimit = 16
        var large: [String: Int]?

        /// The column where `key` was given before on the line, if it was.
        func column(of key: String, name: AttributeName?, in read: [RawAttribute]) -> Int? {
            if let large { return large[key] }
            // By index, reading the fields in place: a loop over the elements, or a method
            // called on one, copied each. Two known names compare as a byte (the spellings
            // and the names are one to one); otherwise the keys compare as text.
            for index in read.indices {
                let other = read[index].name
                let same = name != nil || other != nil ? other == name : read[index].key == key
                if same { return read[index].keyLocation.column }
            }
            return nil
        }

        /// Notes `key` at `column`, about to be appended to `read`.
        mutating func add(_ key: String, column: Int, to read: [RawAttribute]) {
            if large != nil { large![key] = column; return }
            guard read.count + 1 > Self.smallLimit else { return }
            var keys = Dictionary(read.map { ($0.key, $0.keyLocation.column) }, uniquingKeysWith: { first, _ in first })
            keys[key] = column
            large = keys
        }
    }

    mutating func declareStyle(line: Substring, number: Int) throws(SpecError) {
        let sourceLine = line
        let tokens = try LineTokenizer(line, startColumn: 1, line: number, sourceLine: sourceLine).tokens()
        try declareStyle(tokens.dropFirst(), location: SourceLocation(line: number, column: 1), sourceLine: sourceLine)
    }

    private mutating func declareStyle(_ tokens: ArraySlice<Token>, location: SourceLocation,
                                       sourceLine: Substring) throws(SpecError) {
        guard let nameToken = tokens.first, case .word(let name) = nameToken.kind, ValueReader.isIdentifier(name) else {
            throw SpecError("a style needs a name: style NAME key=value…", at: location, sourceLine: sourceLine)
        }
        if let previous = styles[name] {
            throw SpecError("style '\(name)' is declared twice (first on line \(previous.location.line))",
                            at: SourceLocation(line: location.line, column: nameToken.column), sourceLine: sourceLine)
        }
        let raw = try rawAttributes(tokens.dropFirst(), line: location.line, sourceLine: sourceLine)
        for attribute in raw {
            if attribute.key == "style" || attribute.key == "id" {
                throw SpecError("a style cannot set '\(attribute.key)'", at: attribute.keyLocation, sourceLine: sourceLine)
            }
            if Schema.definitions[attribute.key] == nil {
                throw unknownAttribute(attribute, among: Array(Schema.definitions.keys), kindName: "style", nodeLine: sourceLine)
            }
        }
        styles[name] = StyleDefinition(attributes: raw, location: location)
    }

    private mutating func closeNodes(deeperThanOrAt depth: Int) throws(SpecError) {
        // The depth read in place and the node moved off the stack: `stack.last` copied it.
        while !stack.isEmpty, stack[stack.count - 1].depth >= depth {
            let last = stack.removeLast()
            if last.kind.isControl { openControls -= 1 }
            // Moved into `finishNode` (`consume`): passed as a copy, it was copied whole and
            // the original destroyed, for every node.
            let node = try finishNode(consume last)
            if openControls == 0, let attribute = node.attributes[.id], case .string(let id) = attribute.value {
                ids.append((id, attribute.location))
            }
            // Moved into its parent's children (`consume`), not copied and then released.
            if stack.isEmpty {
                topLevel.append(consume node)
            } else {
                stack[stack.count - 1].children.append(consume node)
            }
        }
    }

    /// Applies the node's styles (in order, later ones win), then its own attributes, and
    /// reads every value against the kind's schema.
    ///
    /// Inlined where it is called (`closeNodes` for every node, the canvas, and the JSON
    /// form's nodes): called, it copied the node it made once more on the way out.
    @inline(__always)
    func finishNode(_ open: consuming OpenNode) throws(SpecError) -> Node {
        if open.kind.isControl {
            return Node(kind: open.kind, children: open.children, location: open.location, control: open.control)
        }
        let attributes: Attributes
        // The parts moved out of the open node (`take`), not copied from it: a copy of each
        // array and value, and the release of the originals, for every node.
        switch open.read.take() {
        case .success(let read)?: attributes = read
        case .failure(let error)?: throw error
        case nil: attributes = try readAttributes(of: open.kind, raw: open.raw, sourceLine: open.sourceLine)
        }
        if open.kind == .label {
            try Self.checkLabelChildren(open.children, limits: limits)
        }
        var node = Node(kind: open.kind, attributes: attributes, location: open.location)
        swap(&node.children, &open.children)
        swap(&node.argument, &open.argument)
        return node
    }

    /// A node's attributes: its styles (in order, later ones win), then its own, every
    /// value read against the kind's schema. `sourceLine` is the node's line.
    func readAttributes(of kind: NodeKind, raw written: [RawAttribute], sourceLine: Substring) throws(SpecError) -> Attributes {
        var attributes = Attributes()
        attributes.reserveCapacity(written.count)
        var styleNames: [String] = []
        // Indexed, the attributes read in place: a loop over the elements copied each one.
        if let styleIndex = written.indices.first(where: { written[$0].name == .style }) {
            let styleAttribute = written[styleIndex]
            styleNames = styleAttribute.text.split(separator: ",").map(String.init)
            for name in styleNames {
                guard let style = styles[name] else {
                    var message = "unknown style '\(name)'"
                    if let s = suggestion(for: name, among: Array(styles.keys)) { message += "; did you mean '\(s)'?" }
                    throw SpecError(message, at: styleAttribute.valueLocation, sourceLine: styleAttribute.line(or: sourceLine))
                }
                for index in style.attributes.indices {
                    guard let key = style.attributes[index].name, let shape = Schema.shape(of: key, for: kind) else {
                        throw SpecError("style '\(name)' (line \(style.location.line)) sets '\(style.attributes[index].key)', which a \(kind.rawValue) does not take",
                                        at: styleAttribute.valueLocation, sourceLine: styleAttribute.line(or: sourceLine))
                    }
                    let attribute: Attribute
                    do { attribute = try read(style.attributes, index, key: key, shape: shape, nodeLine: sourceLine) } catch {
                        // The error is at the style's line; a value may suit one kind and not
                        // another (`align` aligns a label's text, a stack's children), so the
                        // use that read it is named too.
                        var named = error
                        let use = styleAttribute.valueLocation
                        named.message += "; in style '\(name)', used by the \(kind.rawValue) "
                            + (use.path.map { "at \($0)" } ?? "on line \(use.line)")
                        throw named
                    }
                    attributes.cascade(attribute)
                }
            }
        }
        for index in written.indices where written[index].name != .style {
            try readOwn(written, index, of: kind, nodeLine: sourceLine, into: &attributes)
        }
        if let a = attributes[.size], let problem = Schema.sizeProblem(a.value, on: kind) {
            throw SpecError(problem, at: a.location, sourceLine: sourceLine)
        }
        return attributes
    }

    /// One of the node's own attributes read and set: `written[index]`, its fields read in
    /// place (an attribute passed on its own was copied, with a retain of each string).
    private func readOwn(_ written: [RawAttribute], _ index: Int, of kind: NodeKind, nodeLine: Substring,
                         into attributes: inout Attributes) throws(SpecError) {
        if kind == .span && Schema.spanLayoutAttributes.contains(written[index].key) {
            let raw = written[index]
            throw SpecError("a span does not take '\(raw.key)': a label's spans are one paragraph, so "
                            + Schema.spanLayoutAttributes.sorted().joined(separator: ", ") + " are the label's",
                            at: raw.keyLocation, sourceLine: raw.line(or: nodeLine))
        }
        guard let key = written[index].name, let shape = Schema.shape(of: key, for: kind) else {
            throw unknownAttribute(written[index], among: Schema.names(for: kind), kindName: kind.rawValue, nodeLine: nodeLine)
        }
        attributes.cascade(try read(written, index, key: key, shape: shape, nodeLine: nodeLine))
    }

    /// A label holds at most `limits.maxSpansPerLabel` spans and inline images (counted
    /// again after `if`/`for` expansion): the error is at the first one past the limit. An
    /// image or path in its text takes only `Schema.inlineImageAttributes`: the others lay
    /// out or paint a frame, which it does not have (a path's its drawing,
    /// `Schema.inlinePathAttributes`).
    static func checkLabelChildren(_ children: [Node], limits: ParseLimits) throws(SpecError) {
        let limit = max(0, limits.maxSpansPerLabel)
        if children.count > limit {
            let what = children.contains { $0.kind == .image || $0.kind == .path } ? "spans and images in its text" : "spans"
            throw SpecError("a label with more than \(limit) \(what) (the limit)", at: children[limit].location)
        }
        for child in children where child.kind == .image || child.kind == .path {
            let takes = child.kind == .image ? Schema.inlineImageAttributes : Schema.inlinePathAttributes
            for attribute in child.attributes where !takes.contains(attribute.key) {
                throw SpecError("\(child.kind == .image ? "an image" : "a path") in a label's text does not take '\(attribute.name)': it takes "
                                + takes.map(\.spelling).sorted().joined(separator: ", "), at: attribute.location)
            }
        }
    }

    /// `written[index]` read against `shape`, its fields read in place.
    private func read(_ written: [RawAttribute], _ index: Int, key: AttributeName, shape: ValueShape,
                      nodeLine: Substring) throws(SpecError) -> Attribute {
        // Unquoted text of a plain spelling (nearly every value of the JSON form, whose
        // numbers are written back as text here, and of a style) read from its bytes as
        // `PlainLineReader` reads the text form's, to the value `ValueReader` gives: it was
        // most of the cost of reading such a value. Anything else, errors included, below.
        if readsPlainLines, !written[index].quoted,
           let value = written[index].text.utf8.withContiguousStorageIfAvailable({ ByteValueReader.read($0, shape: shape) }) ?? nil {
            return Attribute(key, value: value, location: written[index].valueLocation)
        }
        do {
            let value = try ValueReader.read(written[index].text, quoted: written[index].quoted, shape: shape,
                                             maxExpressionDepth: limits.maxExpressionDepth)
            return Attribute(key, value: value, location: written[index].valueLocation)
        } catch {
            let raw = written[index]
            var location = raw.valueLocation
            if location.path == nil { location.column += raw.quoted ? 0 : error.offset }
            throw SpecError("bad value for '\(raw.key)': \(error.message)", at: location, sourceLine: raw.line(or: nodeLine))
        }
    }

    private func unknownAttribute(_ raw: RawAttribute, among names: [String], kindName: String,
                                  nodeLine: Substring) -> SpecError {
        var message = "unknown attribute '\(raw.key)' for \(kindName)"
        if let s = suggestion(for: raw.key, among: names) {
            message += "; did you mean '\(s)'?"
        } else if let kind = NodeKind(rawValue: kindName), let css = Schema.attribute(forCSS: raw.key, kind: kind),
                  names.contains(css) {
            message += "; CSS \(raw.key) is '\(css)' here (see docs/spec.md)"
        } else if Schema.definitions[raw.key] != nil {
            message = "a \(kindName) does not take '\(raw.key)'"
        }
        return SpecError(message, at: raw.keyLocation, sourceLine: raw.line(or: nodeLine))
    }

    mutating func finish() throws(SpecError) -> Document {
        try closeNodes(deeperThanOrAt: 0)
        guard let canvasOpen = canvas else {
            throw SpecError("no canvas line; a spec starts with e.g. 'canvas width=600'",
                            at: SourceLocation(line: 1, column: 1))
        }
        var canvasNode = try finishNode(canvasOpen)
        guard case .length(.points(let width))? = canvasNode[.width], width > 0 else {
            throw SpecError("the canvas needs a width in points greater than 0: canvas width=600",
                            at: canvasOpen.location, sourceLine: canvasOpen.sourceLine)
        }
        try Self.checkCanvasHeight(canvasNode, sourceLine: String(canvasOpen.sourceLine))
        canvasNode.children = topLevel
        var document = Document(canvas: canvasNode, fonts: fonts)
        try checkCollectedIDs()
        document.survey = TreeSurvey(nodeCount: 1 + nodeCount + controlCount, depth: deepest,
                                     needsExpansion: controlCount > 0 || sourceHasBraces)
        return document
    }

    /// The canvas's height is points or `auto`: a percentage or a sizing keyword has
    /// nothing to refer to there.
    static func checkCanvasHeight(_ canvas: Node, sourceLine: String?) throws(SpecError) {
        guard let height = canvas.attributes[.height] else { return }
        switch height.value {
        case .length(.auto), .length(.points): return
        default:
            throw SpecError("the canvas height is points or auto (the height the layout needs)",
                            at: height.location, sourceLine: sourceLine)
        }
    }

    /// Ids outside `if`/`for` blocks must be unique already; the expander checks the rest.
    /// `checkIDs` over the ids collected as the text form's nodes were finished: in line
    /// order, which is the tree order of the text form (a node per line, children below
    /// their parent), so the same duplicate is reported.
    func checkCollectedIDs() throws(SpecError) {
        var seen: [String: SourceLocation] = [:]
        for (id, location) in ids.sorted(by: { $0.location.line < $1.location.line }) {
            if let first = seen[id] {
                throw SpecError("duplicate id '\(id)'; it is first used on line \(first.line)", at: location)
            }
            seen[id] = location
        }
    }
}
