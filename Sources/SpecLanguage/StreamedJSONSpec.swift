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
        var count = 0
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
                                              count: &count, parent: .canvas)]
                } else {
                    nodes = try streamedList(&s, path: JSONPath(text: "$.children"), depth: 0, state: ready.state,
                                             count: &count, parent: .canvas)
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
        document.survey = try document.surveyed(checkingIDs: true)
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
                              count: inout Int, parent: NodeKind) throws(SpecError) -> [Node] {
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
                                          count: &count, parent: parent))
            s.path.removeLast()
            if try endOfMember(&s, closing: UInt8(ascii: "]")) { return nodes }
        }
    }

    /// One node's object, its `kind` before its `children`; the rest as `node` makes it.
    private func streamedNode(_ s: inout JSONScanner, path: JSONPath, depth: Int, state: ParseState,
                              count: inout Int, parent: NodeKind) throws(SpecError) -> Node {
        guard depth < limits.maxDepth, s.i < s.bytes.count, s.bytes[s.i] == UInt8(ascii: "{") else { throw Self.fallBack }
        let line = s.line, column = s.column(at: s.i)
        var members: [JSONMember] = []
        members.reserveCapacity(8)
        var kind: NodeKind?
        var children: [Node]?
        var attributes = AttributeNameSet()
        try readMembers(&s) { (s, key, attribute, keyLine, keyColumn) throws(SpecError) in
            // A key twice is the whole reading's error: an attribute's name is looked for in
            // the set of those read, another key among the members (`kind` and `children`
            // are not among them).
            guard members.count < 16 else { throw Self.fallBack }
            if let attribute {
                guard attributes.insert(attribute) else { throw Self.fallBack }
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
                                            count: &count, parent: kind.isControl ? parent : kind)
            } else {
                members.append(JSONMember(key: key, keyLine: keyLine, keyColumn: keyColumn, value: try s.value()))
            }
        }
        guard let kind else { throw Self.fallBack }
        return try finishNode(kind, JSONValue(content: .object(members), line: line, column: column), members: members,
                              children: children ?? [], location: SourceLocation(line: line, column: column, jsonPath: path),
                              path: path, depth: depth, state: state, count: &count)
    }
}
