/// Reads the JSON form of a spec into the same `Document` the text form gives.
///
/// ```json
/// {"canvas": {"width": 480, "background": "#ffffff"},
///  "styles": {"title": {"font": "bold", "size": 16}},
///  "children": [{"kind": "vbox", "gap": 12, "children": [{"kind": "label", "text": "Hi", "style": "title"}]}]}
/// ```
/// A node is an object with `kind`, its argument (`text` for a label, `src` for an image,
/// `length` for a fixed spacer), its attributes (numbers and booleans as JSON values,
/// everything else as the same text the spec form uses: `"padding": "8,16"`) and
/// `children`. `{"kind": "if", "condition": "width < 500"}`, `{"kind": "else"}` and
/// `{"kind": "for", "each": "post in posts"}` are the control blocks. `"root": {…}` may
/// stand for a single top-level node. Errors give the line and column in the JSON text
/// and the JSON path: `3:14 (at $.children[0].gap)`.
public struct JSONSpecReader {
    public var limits: ParseLimits

    public init(limits: ParseLimits = .default) { self.limits = limits }

    /// Bytes that are UTF-8 within the size limit are read as the `String` they spell (one
    /// check of the encoding, one copy); others by the whole reading, whose error says why.
    public func parse(_ bytes: [UInt8]) throws(SpecError) -> Document {
        if bytes.count <= limits.maxSourceBytes, let text = String(validating: bytes, as: UTF8.self) { return try parse(text) }
        return try parse(byteCount: bytes.count) { () throws(SpecError) in try JSONReader(maxDepth: limits.maxJSONDepth).read(bytes) }
    }

    /// Parses JSON text held in a `String`, read in place (no copy into an array of bytes).
    /// Nodes are made as they are scanned (`streamedDocument`); a spec with an error, or in
    /// an unusual order, is read again whole (`parseWhole`), which gives every message.
    public func parse(_ text: String) throws(SpecError) -> Document {
        var text = text
        text.makeContiguousUTF8()
        if text.utf8.count <= limits.maxSourceBytes,
           let document = text.utf8.withContiguousStorageIfAvailable({ streamedDocument($0) }) ?? nil {
            return document
        }
        return try parseWhole(text)
    }

    /// The text read whole into `JSONValue`s, then converted: the reading with every rule
    /// and message, which `parse` falls back to.
    func parseWhole(_ text: String) throws(SpecError) -> Document {
        try parse(byteCount: text.utf8.count) { () throws(SpecError) in try JSONReader(maxDepth: limits.maxJSONDepth).read(text) }
    }

    private func parse(byteCount: Int, reading read: () throws(SpecError) -> JSONValue) throws(SpecError) -> Document {
        do {
            return try document(byteCount: byteCount, read)
        } catch {
            // The shared node reader quotes the text form's line; a JSON node has none here,
            // so the caller quotes the JSON line at the error's position instead.
            var e = error
            if e.sourceLine?.isEmpty == true { e.sourceLine = nil }
            throw e
        }
    }

    private func document(byteCount: Int, _ read: () throws(SpecError) -> JSONValue) throws(SpecError) -> Document {
        guard byteCount <= limits.maxSourceBytes else {
            throw SpecError("the spec is \(byteCount) bytes; the limit is \(limits.maxSourceBytes)",
                            at: SourceLocation(line: 1, column: 1, jsonPath: "$"))
        }
        let tree = try read()
        var (state, canvas) = try prepare(tree)
        var count = 0
        switch (tree["children"], tree["root"]) {
        case (let list?, nil):
            guard case .array(let items) = list.content else {
                throw SpecError("children is a list", at: list.location("$.children"))
            }
            let children = JSONPath(text: "$.children")
            canvas.children = try items.enumerated().map { i, item throws(SpecError) in
                try node(item, path: children.index(i), depth: 0, state: state, count: &count)
            }
        case (nil, let root?):
            canvas.children = [try node(root, path: JSONPath(text: "$.root"), depth: 0, state: state, count: &count)]
        case (nil, nil):
            break
        default:
            throw SpecError("give either children (a list) or root (one node)", at: tree.location("$"))
        }
        var document = Document(canvas: canvas, fonts: state.fonts)
        document.survey = try document.surveyed(checkingIDs: true)
        return document
    }

    /// The spec's top-level keys checked, its styles and fonts declared and its canvas read:
    /// all of `tree` but `children` and `root`. Shared with `streamedDocument`.
    func prepare(_ tree: JSONValue) throws(SpecError) -> (state: ParseState, canvas: Node) {
        guard case .object(let top) = tree.content else { throw SpecError("a JSON spec is an object", at: tree.location("$")) }
        for member in top where !["canvas", "styles", "fonts", "children", "root"].contains(member.key) {
            throw SpecError("unknown key '\(member.key)' (a JSON spec has canvas, styles, fonts and children or root)",
                            at: SourceLocation(line: member.keyLine, column: member.keyColumn, jsonPath: "$.\(member.key)"))
        }
        var state = ParseState(limits: limits)
        if let styles = tree["styles"] {
            guard case .object(let definitions) = styles.content else {
                throw SpecError("styles is an object of name → attributes", at: styles.location("$.styles"))
            }
            for definition in definitions.sorted(by: { $0.key < $1.key }) {
                let name = definition.key, value = definition.value
                let path = "$.styles.\(name)"
                guard ValueReader.isIdentifier(name) else {
                    throw SpecError("'\(name)' is not a style name",
                                    at: SourceLocation(line: definition.keyLine, column: definition.keyColumn, jsonPath: path))
                }
                guard case .object(let attributes) = value.content else {
                    throw SpecError("a style is an object of attributes", at: value.location(path))
                }
                var raw: [RawAttribute] = []
                let stylePath = JSONPath(text: path)
                for attribute in Self.cascadeOrder(attributes) {
                    let key = attribute.key
                    guard Schema.definitions[key] != nil, key != "style", key != "id" else {
                        throw SpecError("unknown attribute '\(key)' for style",
                                        at: SourceLocation(line: attribute.keyLine, column: attribute.keyColumn, jsonPath: "\(path).\(key)"))
                    }
                    raw.append(try rawAttribute(attribute, in: stylePath))
                }
                state.styles[name] = StyleDefinition(attributes: raw, location: value.location(path))
            }
        }
        if let fonts = tree["fonts"] { try declareFonts(fonts, in: &state) }
        guard let canvasValue = tree["canvas"], case .object(let canvasObject) = canvasValue.content else {
            throw SpecError("no canvas: a JSON spec starts with {\"canvas\": {\"width\": 600}}",
                            at: (tree["canvas"] ?? tree).location("$.canvas"))
        }
        var canvasOpen = OpenNode(kind: .canvas, argument: nil, raw: [], location: canvasValue.location("$.canvas"),
                                  sourceLine: "", depth: -1)
        let canvasPath = JSONPath(text: "$.canvas")
        for member in Self.cascadeOrder(canvasObject) {
            canvasOpen.raw.append(try rawAttribute(member, in: canvasPath))
        }
        let canvas = try state.finishNode(canvasOpen)
        guard case .length(.points(let width))? = canvas[.width], width > 0 else {
            throw SpecError("the canvas needs a width in points greater than 0",
                            at: (canvasValue["width"] ?? canvasValue).location("$.canvas.width"))
        }
        try ParseState.checkCanvasHeight(canvas, sourceLine: nil)
        return (state, canvas)
    }

    /// `"fonts": [{"family": "Brand", "files": ["fonts/Brand-Regular.ttf", …]}, …]`, the
    /// text form's `font` lines in order.
    private func declareFonts(_ fonts: JSONValue, in state: inout ParseState) throws(SpecError) {
        let usage = "fonts is a list of {\"family\": \"NAME\", \"files\": [\"FILE\", …]}"
        guard case .array(let items) = fonts.content else { throw SpecError(usage, at: fonts.location("$.fonts")) }
        for (i, item) in items.enumerated() {
            let path = "$.fonts[\(i)]"
            guard case .object(let members) = item.content else { throw SpecError(usage, at: item.location(path)) }
            for member in members where member.key != "family" && member.key != "files" {
                throw SpecError("unknown key '\(member.key)'; " + usage,
                                at: SourceLocation(line: member.keyLine, column: member.keyColumn, jsonPath: "\(path).\(member.key)"))
            }
            guard let family = item["family"], case .string(let name) = family.content else {
                throw SpecError("a font needs its \"family\", a string", at: (item["family"] ?? item).location(path + ".family"))
            }
            guard let list = item["files"], case .array(let values) = list.content else {
                throw SpecError("a font needs its \"files\", a list of strings", at: (item["files"] ?? item).location(path + ".files"))
            }
            var files: [FontDeclaration.File] = []
            for (j, value) in values.enumerated() {
                let location = value.location("\(path).files[\(j)]")
                guard case .string(let file) = value.content else { throw SpecError("a font file is a string", at: location) }
                files.append(FontDeclaration.File(path: file, location: location))
            }
            try state.declare(FontDeclaration(family: name, files: files, location: family.location(path + ".family")),
                              sourceLine: nil)
        }
    }

    /// `depth` counts every level, `if`/`else`/`for` too, as indentation does in the text form.
    /// `parent` is the nearest enclosing node that is not `if`/`else`/`for` (the canvas at the top).
    private func node(_ tree: JSONValue, path: JSONPath, depth: Int, state: ParseState,
                      count: inout Int, parent: NodeKind = .canvas) throws(SpecError) -> Node {
        let location = tree.location(path)
        guard depth < limits.maxDepth else { throw SpecError("nesting deeper than \(limits.maxDepth) levels (the limit)", at: location) }
        guard case .object(let object) = tree.content else { throw SpecError("a node is an object with a kind", at: location) }
        guard let kindValue = tree["kind"], case .string(let kindName) = kindValue.content else {
            throw SpecError("a node needs a \"kind\"", at: location)
        }
        guard let kind = NodeKind(rawValue: kindName), kind != .canvas else {
            var message = "unknown kind '\(kindName)'"
            if let s = suggestion(for: kindName, among: NodeKind.allCases.map(\.rawValue)) { message += "; did you mean '\(s)'?" }
            throw SpecError(message, at: kindValue.location(path.key("kind")))
        }
        if let problem = Schema.childProblem(parent: parent, child: kind) {
            throw SpecError(problem, at: kindValue.location(path.key("kind")))
        }
        var children: [Node] = []
        if let list = tree["children"] {
            let childrenPath = path.key("children")
            guard case .array(let items) = list.content else { throw SpecError("children is a list", at: list.location(childrenPath)) }
            guard kind.isControl || Schema.containerKinds.contains(kind) || kind == .label else {
                throw SpecError("a \(kind.rawValue) cannot have children", at: list.location(childrenPath))
            }
            for (i, item) in items.enumerated() {
                let child = try node(item, path: childrenPath.index(i), depth: depth + 1, state: state, count: &count,
                                     parent: kind.isControl ? parent : kind)
                children.append(child)
            }
        }
        return try finishNode(kind, tree, members: object, children: children, location: location, path: path,
                              depth: depth, state: state, count: &count)
    }

    /// The rest of `node` once its children are read: the control block's own member, or the
    /// node's argument and attributes. `tree` is the node's object, `members` its members
    /// (`kind` and `children` may be left out). Shared with `streamedDocument`.
    ///
    /// The streamed reading may have read some attributes already (`direct`): `members`
    /// are then the rest, and the general reading reads every member again.
    func finishNode(_ kind: NodeKind, _ tree: JSONValue, members object: [JSONMember], children: [Node],
                    location: SourceLocation, path: JSONPath, depth: Int, state: ParseState,
                    count: inout Int, direct: consuming DirectReading? = nil) throws(SpecError) -> Node {
        if kind.isControl {
            return Node(kind: kind, children: children, location: location, control: try control(kind, tree, path: path))
        }
        count += 1
        if count > limits.maxNodes { throw SpecError("more than \(limits.maxNodes) nodes (the limit)", at: location) }
        // Read straight into attributes when they are plain (`plainAttributes`), and the node
        // made as `ParseState.finishNode` makes it of attributes already read (no open node
        // made and copied for it); else, in cascade order, made raw attributes, which
        // `ParseState` reads with every rule and message.
        // Moved out (`swap`), not copied: a copy made the plain reading copy every attribute
        // to add to them.
        var direct = direct
        var read = Attributes()
        if direct != nil { swap(&read, &direct!.attributes) }
        if let plain = plainAttributes(of: kind, object, in: path, adding: consume read) {
            var argument: Value?
            if let index = plain.argument { argument = try self.argument(object[index], of: kind, in: path) }
            try Self.checkArgument(argument, of: kind, at: location)
            if kind == .label { try ParseState.checkLabelChildren(children, limits: limits) }
            return Node(kind: kind, argument: argument, attributes: plain.attributes, children: children, location: location)
        }
        var open = OpenNode(kind: kind, argument: nil, raw: [], location: location, sourceLine: "", depth: depth)
        let members = Self.cascadeOrder(try direct.map { (d) throws(SpecError) in try self.members(readingAgain: d) } ?? object,
                                        leavingOut: ["kind", "children"])
        open.raw.reserveCapacity(members.count)
        for member in members {
            if let argument = try argument(member, of: kind, in: path) {
                open.argument = argument
            } else {
                open.raw.append(try rawAttribute(member, in: path))
            }
        }
        try Self.checkArgument(open.argument, of: kind, at: location)
        open.children = children
        return try state.finishNode(open)
    }

    /// A label and a span need their text, an image its source.
    private static func checkArgument(_ argument: Value?, of kind: NodeKind, at location: SourceLocation) throws(SpecError) {
        if kind == .label || kind == .span, argument == nil { throw SpecError("a \(kind.rawValue) needs \"text\"", at: location) }
        if kind == .image, argument == nil { throw SpecError("an image needs \"src\"", at: location) }
        if kind == .path, argument == nil { throw SpecError("a path needs \"d\", its SVG path data", at: location) }
    }

    /// The argument of a node of `kind` at `path` that `member` gives, when it is `text`,
    /// `src` or `length`; nil for any other member.
    private func argument(_ member: JSONMember, of kind: NodeKind, in path: JSONPath) throws(SpecError) -> Value? {
        let key = member.key, value = member.value
        // The member's path is made only for a message: an attribute's location keeps the
        // node's path and its name (`rawAttribute`).
        switch (kind, key, value.content) {
        case (.span, "text", .string("")):
            throw SpecError("an empty span; give it text, or leave it out", at: value.location(path.key(key)))
        case (.label, "text", .string(let s)), (.span, "text", .string(let s)), (.image, "src", .string(let s)):
            return .string(s)
        case (.path, "d", .string(let s)):
            if !s.utf8.contains(UInt8(ascii: "{")) {
                do throws(PathData.Failure) { _ = try PathData.parse(s) } catch {
                    throw SpecError("path data: \(error.message) (at character \(error.offset + 1) of the data)",
                                    at: value.location(path.key(key)))
                }
            }
            return .string(s)
        case (.spacer, "length", .number(let n)):
            guard n.isFinite, n >= 0, n <= ValueRanges.maxPoints else {
                throw SpecError("a fixed spacer's length must be within 0...\(ValueReader.format(ValueRanges.maxPoints))",
                                at: value.location(path.key(key)))
            }
            return .number(n)
        case (_, "text", _), (_, "src", _), (_, "length", _), (_, "d", _):
            throw SpecError("'\(key)' does not belong on a \(kind.rawValue), or is not the right type", at: value.location(path.key(key)))
        default:
            return nil
        }
    }

    /// The members of an object in the order they are applied, less those named in
    /// `leavingOut`: a JSON object has no order, so shorthands (`margin`, `size`, …) come
    /// first and what they set (`margin-left`, `width`), given in the same object, wins;
    /// the rest by name, so errors come in one order.
    static func cascadeOrder(_ members: [JSONMember], leavingOut excluded: [String] = []) -> [JSONMember] {
        // Indices are ordered, not members (a key and a value each, copied with their
        // retains), by insertion into a buffer on the stack (an object has a handful of
        // members: no arrays of indices and flags allocated for every node); each key is
        // tested against the shorthands once, not at every comparison; members already in
        // order (as `convert --to json` writes a node's attributes) are returned as they are.
        withUnsafeTemporaryAllocation(of: (index: Int, shorthand: Bool).self, capacity: members.count) { order in
            func precedes(_ a: (index: Int, shorthand: Bool), _ b: (index: Int, shorthand: Bool)) -> Bool {
                a.shorthand != b.shorthand ? a.shorthand : members[a.index].key < members[b.index].key
            }
            var count = 0
            var inOrder = true
            for index in members.indices where !excluded.contains(members[index].key) {
                let entry = (index: index, shorthand: Schema.shorthandNames.contains(members[index].key))
                var slot = count
                while slot > 0, precedes(entry, order[slot - 1]) {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                if slot != count { inOrder = false }
                order[slot] = entry
                count += 1
            }
            if inOrder && count == members.count { return members }
            return (0..<count).map { members[order[$0].index] }
        }
    }

    private func control(_ kind: NodeKind, _ object: JSONValue, path: JSONPath) throws(SpecError) -> Control {
        switch kind {
        case .ifBlock:
            guard let value = object["condition"], case .string(let text) = value.content else {
                throw SpecError("an if needs a \"condition\"", at: object.location(path))
            }
            var parser = ConditionParser(text, maxDepth: limits.maxExpressionDepth)
            do { return .condition(try parser.parse()) } catch {
                throw SpecError("bad condition: \(error.message)", at: value.location(path.key("condition")))
            }
        case .forLoop:
            guard let value = object["each"], case .string(let text) = value.content else {
                throw SpecError("a for needs \"each\": \"NAME in LIST\"", at: object.location(path))
            }
            let words = text.split(separator: " ").map(String.init)
            guard words.count == 3, words[1] == "in", ValueReader.isIdentifier(words[0]) else {
                throw SpecError("\"each\" is written \"NAME in LIST\"", at: value.location(path.key("each")))
            }
            return .loop(variable: words[0], source: words[2].split(separator: ".").map(String.init))
        default:
            return .otherwise
        }
    }

    /// The member as the text form would have written it: unknown names are reported at
    /// the key, bad values at the value. `path` is the path of the object it is in.
    func rawAttribute(_ member: JSONMember, in path: JSONPath) throws(SpecError) -> RawAttribute {
        let key = member.key, value = member.value
        let name = AttributeName(key)
        // A key that names an attribute is kept in the locations as that name (no step of
        // the path allocated for every attribute); any other key, which is an error, is a step.
        let keyLocation: SourceLocation, location: SourceLocation
        if let name {
            keyLocation = SourceLocation(line: member.keyLine, column: member.keyColumn, jsonPath: path, member: name)
            location = SourceLocation(line: value.line, column: value.column, jsonPath: path, member: name)
        } else {
            let stepped = path.key(key)
            keyLocation = SourceLocation(line: member.keyLine, column: member.keyColumn, jsonPath: stepped)
            location = value.location(stepped)
        }
        guard let (text, quoted) = Self.attributeText(key, value) else {
            throw SpecError("'\(key)' must be a number, a string or a boolean", at: location)
        }
        return RawAttribute(key: key, name: name, text: text, quoted: quoted, keyLocation: keyLocation,
                            valueLocation: location, sourceLine: "")
    }
}
