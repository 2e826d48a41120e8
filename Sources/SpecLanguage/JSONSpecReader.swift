import FoundationEssentials

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
/// stand for a single top-level node. Errors name a JSON path: `$.children[0].gap`.
public struct JSONSpecReader {
    public var limits: ParseLimits

    public init(limits: ParseLimits = .default) { self.limits = limits }

    public func parse(_ bytes: [UInt8]) throws(SpecError) -> Document {
        guard bytes.count <= limits.maxSourceBytes else {
            throw SpecError("the spec is \(bytes.count) bytes; the limit is \(limits.maxSourceBytes)", at: SourceLocation(jsonPath: "$"))
        }
        let tree: JSONTree
        do {
            tree = try JSONDecoder().decode(JSONTree.self, from: Data(bytes))
        } catch {
            throw SpecError("not valid JSON: \(error)", at: SourceLocation(jsonPath: "$"))
        }
        guard case .object(let top) = tree else { throw SpecError("a JSON spec is an object", at: SourceLocation(jsonPath: "$")) }
        for key in top.keys where !["canvas", "styles", "children", "root"].contains(key) {
            throw SpecError("unknown key '\(key)' (a JSON spec has canvas, styles and children or root)", at: SourceLocation(jsonPath: "$.\(key)"))
        }
        var state = ParseState(limits: limits)
        if let styles = top["styles"] {
            guard case .object(let definitions) = styles else { throw SpecError("styles is an object of name → attributes", at: SourceLocation(jsonPath: "$.styles")) }
            for (name, value) in definitions.sorted(by: { $0.key < $1.key }) {
                let path = "$.styles.\(name)"
                guard ValueReader.isIdentifier(name) else { throw SpecError("'\(name)' is not a style name", at: SourceLocation(jsonPath: path)) }
                guard case .object(let attributes) = value else { throw SpecError("a style is an object of attributes", at: SourceLocation(jsonPath: path)) }
                var raw: [RawAttribute] = []
                for (key, v) in attributes.sorted(by: { $0.key < $1.key }) {
                    guard Schema.definitions[key] != nil, key != "style", key != "id" else {
                        throw SpecError("unknown attribute '\(key)' for style", at: SourceLocation(jsonPath: "\(path).\(key)"))
                    }
                    raw.append(try rawAttribute(key, v, path: "\(path).\(key)"))
                }
                state.styles[name] = StyleDefinition(attributes: raw, location: SourceLocation(jsonPath: path))
            }
        }
        guard case .object(let canvasObject)? = top["canvas"] else {
            throw SpecError("no canvas: a JSON spec starts with {\"canvas\": {\"width\": 600}}", at: SourceLocation(jsonPath: "$.canvas"))
        }
        var canvasOpen = OpenNode(kind: .canvas, argument: nil, raw: [], location: SourceLocation(jsonPath: "$.canvas"),
                                  sourceLine: "", depth: -1)
        for (key, v) in canvasObject.sorted(by: { $0.key < $1.key }) {
            canvasOpen.raw.append(try rawAttribute(key, v, path: "$.canvas.\(key)"))
        }
        var canvas = try state.finishNode(canvasOpen)
        guard case .length(.points(let width))? = canvas["width"], width > 0 else {
            throw SpecError("the canvas needs a width in points greater than 0", at: SourceLocation(jsonPath: "$.canvas.width"))
        }
        var count = 0
        switch (top["children"], top["root"]) {
        case (.array(let items)?, nil):
            canvas.children = try items.enumerated().map { i, item throws(SpecError) in
                try node(item, path: "$.children[\(i)]", depth: 0, state: state, count: &count)
            }
        case (nil, let root?):
            canvas.children = [try node(root, path: "$.root", depth: 0, state: state, count: &count)]
        case (nil, nil):
            break
        default:
            throw SpecError("give either children (a list) or root (one node)", at: SourceLocation(jsonPath: "$"))
        }
        let document = Document(canvas: canvas)
        try state.checkIDs(document)
        return document
    }

    private func node(_ tree: JSONTree, path: String, depth: Int, state: ParseState,
                      count: inout Int) throws(SpecError) -> Node {
        let location = SourceLocation(jsonPath: path)
        guard depth < limits.maxDepth else { throw SpecError("nesting deeper than \(limits.maxDepth) levels (the limit)", at: location) }
        guard case .object(let object) = tree else { throw SpecError("a node is an object with a kind", at: location) }
        guard case .string(let kindName)? = object["kind"] else { throw SpecError("a node needs a \"kind\"", at: location) }
        guard let kind = NodeKind(rawValue: kindName), kind != .canvas else {
            var message = "unknown kind '\(kindName)'"
            if let s = suggestion(for: kindName, among: NodeKind.allCases.map(\.rawValue)) { message += "; did you mean '\(s)'?" }
            throw SpecError(message, at: SourceLocation(jsonPath: path + ".kind"))
        }
        var children: [Node] = []
        if let list = object["children"] {
            guard case .array(let items) = list else { throw SpecError("children is a list", at: SourceLocation(jsonPath: path + ".children")) }
            guard kind.isControl || Schema.containerKinds.contains(kind) else {
                throw SpecError("a \(kind.rawValue) cannot have children", at: SourceLocation(jsonPath: path + ".children"))
            }
            for (i, item) in items.enumerated() {
                children.append(try node(item, path: "\(path).children[\(i)]", depth: kind.isControl ? depth : depth + 1,
                                         state: state, count: &count))
            }
        }
        if kind.isControl {
            return Node(kind: kind, children: children, location: location, control: try control(kind, object, path: path))
        }
        count += 1
        if count > limits.maxNodes { throw SpecError("more than \(limits.maxNodes) nodes (the limit)", at: location) }
        var open = OpenNode(kind: kind, argument: nil, raw: [], location: location, sourceLine: "", depth: depth)
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != "kind" && key != "children" {
            let keyPath = "\(path).\(key)"
            switch (kind, key, value) {
            case (.label, "text", .string(let s)), (.image, "src", .string(let s)):
                open.argument = .string(s)
            case (.spacer, "length", .number(let n)):
                guard n.isFinite, n >= 0 else { throw SpecError("a fixed spacer's length must be >= 0", at: SourceLocation(jsonPath: keyPath)) }
                open.argument = .number(n)
            case (_, "text", _), (_, "src", _), (_, "length", _):
                throw SpecError("'\(key)' does not belong on a \(kind.rawValue), or is not the right type", at: SourceLocation(jsonPath: keyPath))
            default:
                open.raw.append(try rawAttribute(key, value, path: keyPath))
            }
        }
        if kind == .label, open.argument == nil { throw SpecError("a label needs \"text\"", at: location) }
        if kind == .image, open.argument == nil { throw SpecError("an image needs \"src\"", at: location) }
        open.children = children
        return try state.finishNode(open)
    }

    private func control(_ kind: NodeKind, _ object: [String: JSONTree], path: String) throws(SpecError) -> Control {
        switch kind {
        case .ifBlock:
            guard case .string(let text)? = object["condition"] else {
                throw SpecError("an if needs a \"condition\"", at: SourceLocation(jsonPath: path))
            }
            var parser = ConditionParser(text)
            do { return .condition(try parser.parse()) } catch {
                throw SpecError("bad condition: \(error.message)", at: SourceLocation(jsonPath: path + ".condition"))
            }
        case .forLoop:
            guard case .string(let text)? = object["each"] else {
                throw SpecError("a for needs \"each\": \"NAME in LIST\"", at: SourceLocation(jsonPath: path))
            }
            let words = text.split(separator: " ").map(String.init)
            guard words.count == 3, words[1] == "in", ValueReader.isIdentifier(words[0]) else {
                throw SpecError("\"each\" is written \"NAME in LIST\"", at: SourceLocation(jsonPath: path + ".each"))
            }
            return .loop(variable: words[0], source: words[2].split(separator: ".").map(String.init))
        default:
            return .otherwise
        }
    }

    private func rawAttribute(_ key: String, _ value: JSONTree, path: String) throws(SpecError) -> RawAttribute {
        let location = SourceLocation(jsonPath: path)
        let text: String
        var quoted = false
        switch value {
        case .string(let s):
            text = s
            // Strings that the text form quotes: label text-like values and font files.
            quoted = key == "font" && (s.contains("/") || s.contains("."))
        case .number(let n): text = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case .bool(let b): text = b ? "true" : "false"
        default: throw SpecError("'\(key)' must be a number, a string or a boolean", at: location)
        }
        return RawAttribute(key: key, text: text, quoted: quoted, keyLocation: location, valueLocation: location, sourceLine: "")
    }
}

/// Any JSON value.
enum JSONTree: Decodable {
    case null, bool(Bool), number(Double), string(String), array([JSONTree]), object([String: JSONTree])

    init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSONTree].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSONTree].self)) }
    }
}
