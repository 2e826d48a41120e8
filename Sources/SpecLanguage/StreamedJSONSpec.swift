import Glibc

/// The JSON form read and converted in one pass: each node is made as soon as its object
/// is scanned, its children first, so no tree of `JSONValue`s for the whole spec is built,
/// kept and freed (at 100,000 nodes that tree was most of the read's memory and time).
///
/// Only the way a spec is usually written is taken here: `canvas`, `styles` and `fonts`
/// before `children` or `root`, and each node's `kind` before its `children`. Anything
/// else, and every error of any kind, gives nil, and the caller reads the whole text again
/// the one way that has every rule and message (`JSONSpecReader.parseWhole`). So a spec read
/// here is one that way reads without an error, and gives the same `Document`: the node
/// conversion (`finishNode`, `prepare`) is the same code.
extension JSONSpecReader {
    /// The document in `bytes` (valid UTF-8, within `limits.maxSourceBytes`), or nil for
    /// the whole reading to decide (an error or an unusual order).
    func streamedDocument(_ bytes: UnsafeBufferPointer<UInt8>) -> Document? {
        var scanner = JSONScanner(bytes: bytes, maxDepth: limits.maxJSONDepth)
        return try? streamedDocument(&scanner)
    }

    /// Thrown to leave the streamed reading; its text is never shown.
    private static var fallBack: SpecError { SpecError("read whole", at: SourceLocation(line: 1, column: 1, jsonPath: "$")) }

    private func streamedDocument(_ s: inout JSONScanner) throws(SpecError) -> Document {
        s.skipSpace()
        guard s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "{") else { throw Self.fallBack }
        let line = s.line, column = s.column(at: s.i)
        var top: [JSONMember] = []
        var prepared: (state: ParseState, canvas: Node)?
        var nodes: [Node]?
        var tally = StreamTally()
        var keys: [String] = []
        try readMembers(&s) { (s, key, _, keyLine, keyColumn) throws(SpecError) in
            guard !keys.contains(key) else { throw Self.fallBack }
            keys.append(key)
            switch key {
            case "canvas", "styles", "fonts":
                guard prepared == nil else { throw Self.fallBack }
                top.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: try s.value()))
            case "children", "root":
                guard nodes == nil else { throw Self.fallBack }
                let ready = try prepare(JSONValue(content: .object(top), line: line, column: column))
                prepared = ready
                if key == "root" {
                    nodes = [try streamedNode(&s, path: JSONPath(text: "$.root"), depth: 0, state: ready.state,
                                              tally: &tally, parent: .canvas, inControl: false)]
                } else {
                    nodes = try streamedList(&s, path: JSONPath(text: "$.children"), depth: 0, state: ready.state,
                                             tally: &tally, parent: .canvas, inControl: false)
                }
            default:
                throw Self.fallBack
            }
        }
        s.skipSpace()
        guard s.i == s.bytes.count else { throw Self.fallBack }
        let ready: (state: ParseState, canvas: Node)
        if let prepared { ready = prepared } else { ready = try prepare(JSONValue(content: .object(top), line: line, column: column)) }
        var canvas = ready.canvas
        if let nodes { canvas.children = nodes }
        var document = Document(canvas: canvas, fonts: ready.state.fonts)
        // The survey taken as the nodes were made (the canvas takes no id); a walk only to
        // name a duplicate id.
        document.survey = tally.survey.hasDuplicateID ? try document.surveyed(checkingIDs: true) : tally.survey.survey
        return document
    }

    /// The members of the object whose `{` is at the scanner, one at a time: `member` gets
    /// each key, the attribute it names if any (`JSONScanner.key`) and where it is written,
    /// with its `:` read and the path extended by it, and reads the value; a `,` or the
    /// closing `}` must follow.
    private func readMembers(_ s: inout JSONScanner,
                             _ member: (inout JSONScanner, _ key: String, _ attribute: AttributeName?, _ keyLine: Int,
                                        _ keyColumn: Int) throws(SpecError) -> Void)
        throws(SpecError) {
        try s.enter()
        s.i += 1
        s.skipSpace()
        if s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "}") { s.i += 1; return }
        while true {
            s.skipSpace()
            guard s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "\"") else { throw Self.fallBack }
            let keyLine = s.line, keyColumn = s.column(at: s.i)
            let (key, attribute) = try s.key()
            try colon(&s)
            s.path.append(.key(key))
            try member(&s, key, attribute, keyLine, keyColumn)
            s.path.removeLast()
            if try endOfMember(&s, closing: UInt8(ascii: "}")) { return }
        }
    }

    /// `:` after a key, and the space around it.
    private func colon(_ s: inout JSONScanner) throws(SpecError) {
        s.skipSpace()
        guard s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: ":") else { throw Self.fallBack }
        s.i += 1
        s.skipSpace()
    }

    /// After a member or item: true at the `closing` bracket (passed), false at a comma (passed).
    private func endOfMember(_ s: inout JSONScanner, closing: UInt8) throws(SpecError) -> Bool {
        s.skipSpace()
        guard s.i < s.bytes.count else { throw Self.fallBack }
        if s.bytes[s.i] == UInt8(ascii: ",") { s.i += 1; return false }
        if s.bytes[s.i] == closing { s.i += 1; return true }
        throw Self.fallBack
    }

    /// A `children` list, each node made as it is read.
    private func streamedList(_ s: inout JSONScanner, path: JSONPath, depth: Int, state: ParseState,
                              tally: inout StreamTally, parent: NodeKind, inControl: Bool) throws(SpecError) -> [Node] {
        guard s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "[") else { throw Self.fallBack }
        try s.enter()
        s.i += 1
        var nodes: [Node] = []
        s.skipSpace()
        if s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "]") { s.i += 1; return nodes }
        while true {
            s.skipSpace()
            s.path.append(.index(nodes.count))
            nodes.append(try streamedNode(&s, path: path.index(nodes.count), depth: depth, state: state,
                                          tally: &tally, parent: parent, inControl: inControl))
            s.path.removeLast()
            if try endOfMember(&s, closing: UInt8(ascii: "]")) { return nodes }
        }
    }

    /// One node's object, its `kind` before its `children`; the rest as `node` makes it.
    /// `inControl`: inside an `if`/`for` block (for the survey's id check).
    private func streamedNode(_ s: inout JSONScanner, path: JSONPath, depth: Int, state: ParseState,
                              tally: inout StreamTally, parent: NodeKind, inControl: Bool) throws(SpecError) -> Node {
        guard depth < limits.maxDepth, s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "{") else { throw Self.fallBack }
        let line = s.line, column = s.column(at: s.i)
        var members: [JSONMember] = []
        members.reserveCapacity(8)
        var kind: NodeKind?
        var children: [Node]?
        var attributes = AttributeNameSet()
        // Attributes read straight from their values' bytes (`directValue`). Should the node
        // need the general reading, its members are read again from where it starts.
        var direct = DirectReading(start: s.i, line: line, column: column, bytes: s.bytes)
        try readMembers(&s) { (s, key, attribute, keyLine, keyColumn) throws(SpecError) in
            // A key twice is the whole reading's error: an attribute's name is looked for in
            // the set of those read, another key among the members (`kind` and `children`
            // are not among them).
            guard members.count + direct.attributes.count < 16 else { throw Self.fallBack }
            if let attribute {
                guard attributes.insert(attribute) else { throw Self.fallBack }
                let valueLine = s.line, valueOffset = s.i
                if let kind, let value = Self.directValue(&s, attribute, for: kind) {
                    if direct.attributes.isEmpty { direct.attributes.reserveCapacity(8) }
                    direct.attributes.set(Attribute(attribute, value: consume value, location: SourceLocation(
                        line: valueLine, column: s.column(at: valueOffset), jsonPath: path, member: attribute)))
                    return
                }
                members.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: try s.value(),
                                          attribute: attribute))
                return
            }
            guard !members.contains(where: { $0.key == key }) else { throw Self.fallBack }
            if key == "kind" {
                // Kept out of the members: the node is made of the rest, which `cascadeOrder`
                // then returns as they are when they are in order (no array of them made).
                guard kind == nil, case .string(let name) = try s.value().content, let k = NodeKind.named(name), k != .canvas,
                      Schema.childProblem(parent: parent, child: k) == nil else { throw Self.fallBack }
                kind = k
            } else if key == "children" {
                guard children == nil, let kind,
                      kind.isControl || Schema.containerKinds.contains(kind) || kind == .label else { throw Self.fallBack }
                children = try streamedList(&s, path: path.key("children"), depth: depth + 1, state: state,
                                            tally: &tally, parent: kind.isControl ? parent : kind,
                                            inControl: inControl || kind.isControl)
                direct.afterChildren = s.place
            } else {
                members.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: try s.value()))
            }
        }
        guard let kind else { throw Self.fallBack }
        let node = try finishNode(kind, JSONValue(content: .object(members), line: line, column: column), members: members,
                                  children: children ?? [], location: SourceLocation(line: line, column: column, jsonPath: path),
                                  path: path, depth: depth, state: state, count: &tally.count,
                                  direct: direct.attributes.isEmpty ? nil : consume direct)
        tally.survey.add(node, depth: depth, inControl: inControl)
        return node
    }

    /// The value at the scanner read straight from its bytes as `plainAttributes` reads
    /// it from its member, and passed, when it is a string without escapes (not a font,
    /// which may be quoted), a whole number of up to 15 digits (not negative, not written
    /// with a fraction or an exponent) or `true`/`false`, and the attribute is one `kind`
    /// takes, in the spelling `ByteValueReader` reads. The bytes are those of the text
    /// `plainAttributes` reads (the string's own, the number's digits), so the value is the
    /// same, without a `JSONValue` and a `String` made for it. Nil otherwise, the scanner
    /// where it was.
    private static func directValue(_ s: inout JSONScanner, _ name: AttributeName, for kind: NodeKind) -> Value? {
        guard name != .font, let shape = plainShape(of: name, for: kind) else { return nil }
        let bytes = s.bytes
        var start = s.i, end = s.i, next = s.i
        guard start < bytes.count else { return nil }
        let first = bytes[start]
        if first == UInt8(ascii: "\"") {
            start += 1
            end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
            next = end + 1
        } else if first &- UInt8(ascii: "0") < 10 {
            while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            guard end - start <= 15, first != UInt8(ascii: "0") || end - start == 1 else { return nil }
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") || bytes[end] | 0x20 == UInt8(ascii: "e") { return nil }
            next = end
        } else if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
            let word: StaticString = first == UInt8(ascii: "t") ? "true" : "false"
            end = start + word.utf8CodeUnitCount
            guard end <= bytes.count, memcmp(bytes.baseAddress! + start, word.utf8Start, word.utf8CodeUnitCount) == 0 else { return nil }
            next = end
        } else {
            return nil
        }
        guard let value = ByteValueReader.read(UnsafeBufferPointer(rebasing: bytes[start..<end]), shape: shape) else { return nil }
        s.i = next
        return consume value
    }

    /// Every member but `children` of the node whose object `reading` starts, read again
    /// as `JSONMember`s, for the general reading of a node some of whose attributes were
    /// read straight from their bytes. The children are jumped over to where the streamed
    /// reading left them (`afterChildren`), not scanned: a scan walked each such node's
    /// whole subtree again, once for every such ancestor (a deep chain of styled nodes over
    /// a long list cost its depth times the list).
    func members(readingAgain reading: DirectReading) throws(SpecError) -> [JSONMember] {
        // No path: it is for messages, and this text was read without an error before.
        var s = JSONScanner(bytes: reading.bytes, maxDepth: limits.maxJSONDepth)
        s.i = reading.start
        s.line = reading.line
        s.markOffset = reading.start
        s.markColumn = reading.column
        var members: [JSONMember] = []
        try readMembers(&s) { (s, key, attribute, keyLine, keyColumn) throws(SpecError) in
            if key == "children", let end = reading.afterChildren {
                s.place = end
            } else {
                members.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: try s.value(),
                                          attribute: attribute))
            }
        }
        return members
    }
}

/// The streamed reading's count of nodes (for `limits.maxNodes`) and its survey.
struct StreamTally {
    var count = 0
    var survey = SurveyTally()
}

/// A node's attributes read straight from their values' bytes by the streamed reading, and
/// where the node's object starts (its `{`), to read its members again.
struct DirectReading {
    var attributes = Attributes()
    let start: Int
    let line: Int
    let column: Int
    /// The text it is in.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The scanner just past the node's `children` list, as the streamed reading left it.
    var afterChildren: JSONScanner.Place?
}
