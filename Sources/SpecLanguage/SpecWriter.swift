/// Writes a `Document` back out, as spec text or as the JSON form, so either form can be
/// generated from the other. Styles are written applied (each node carries its attributes);
/// `if`/`else`/`for` blocks and `font` declarations are kept.
public enum SpecWriter {
    /// The text form: two spaces per level, `id` first, then shorthands, then attributes by
    /// name.
    public static func specText(_ document: Document) -> String {
        var lines = ["canvas" + attributesText(document.canvas)]
        for font in document.fonts {
            lines.append("font " + ([font.family] + font.files.map(\.path)).map(quoted).joined(separator: " "))
        }
        var stack: [(Node, Int)] = document.canvas.children.reversed().map { ($0, 0) }
        while let (node, depth) = stack.popLast() {
            var line = String(repeating: "  ", count: depth)
            switch node.control {
            case .condition(let c)?: line += "if " + conditionText(c)
            case .otherwise?: line += "else"
            case .loop(let variable, let source)?: line += "for \(variable) in \(source.joined(separator: "."))"
            case nil:
                line += node.kind.rawValue
                switch node.argument {
                case .string(let s)?: line += " " + quoted(s)
                case .number(let n)?: line += " " + number(n)
                default: break
                }
                line += attributesText(node)
            }
            lines.append(line)
            stack.append(contentsOf: node.children.reversed().map { ($0, node.kind.isControl ? depth + 1 : depth + 1) })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON form, pretty-printed with two spaces.
    public static func json(_ document: Document) -> String {
        var out = "{\n  \"canvas\": " + jsonObject(attributes: document.canvas, extra: [], indent: 1)
        if !document.fonts.isEmpty {
            out += ",\n  \"fonts\": [\n" + document.fonts.map { font in
                "    {\"family\": " + jsonString(font.family) + ", \"files\": ["
                    + font.files.map { jsonString($0.path) }.joined(separator: ", ") + "]}"
            }.joined(separator: ",\n") + "\n  ]"
        }
        out += ",\n  \"children\": " + jsonChildren(document.canvas.children, indent: 1) + "\n}\n"
        return out
    }

    // MARK: - Values as text

    static func attributesText(_ node: Node) -> String {
        ordered(node).map { attribute in
            let (name, value) = (attribute.name, attribute.value)
            if case .bool(true) = value { return " \(name)" }
            // Shadows have spaces outside parentheses, which end a bare value.
            if case .shadows(let s) = value, !s.isEmpty { return " \(name)=\(quoted(text(value)))" }
            if case .transform = value { return " \(name)=\(quoted(text(value)))" }
            // A string (a file path) that is empty or holds what ends a bare value is quoted.
            if case .string(let s) = value, s.isEmpty || s.unicodeScalars.contains(where: Self.endsBareValue) {
                return " \(name)=\(quoted(s))"
            }
            return " \(name)=\(text(value))"
        }.joined()
    }

    /// `id` first, then the shorthands (`border`, `margin`, `padding`, `size`), then the
    /// rest by name: an attribute a shorthand sets (`margin-left`, `width`) is in the node
    /// only when it wins over the shorthand, so it is written after it.
    static func ordered(_ node: Node) -> [Attribute] {
        func rank(_ name: AttributeName) -> Int { name == .id ? 0 : Schema.isShorthand(name) ? 1 : 2 }
        // The attributes are in name order already; a stable sort by rank keeps it within each rank.
        return (0...2).flatMap { r in node.attributes.filter { rank($0.key) == r } }
    }

    /// A value as the spec text writes it.
    public static func text(_ value: Value) -> String {
        switch value {
        case .number(let n): return number(n)
        case .integer(let i): return String(i)
        case .length(let l): return length(l)
        case .size(let w, let h): return length(w) + "x" + length(h)
        case .insets(let t, let r, let b, let l):
            if t == r && r == b && b == l { return length(t) }
            return [t, r, b, l].map(length).joined(separator: ",")
        case .color(let c): return color(c)
        case .border(let w, let c): return number(w) + "," + color(c)
        case .keyword(let k): return k
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .anchor(let a): return anchor(a)
        case .lineHeight(.multiple(let m)): return number(m)
        case .lineHeight(.points(let p)): return number(p) + "pt"
        case .lineHeight(.normal): return "normal"
        case .font(.style(let s)): return s
        case .font(.file(let f)), .font(.family(let f)): return quoted(f)
        case .gradient(let g): return gradient(g)
        case .shadows(let s): return s.isEmpty ? "none" : s.map(shadow).joined(separator: ", ")
        case .corners(let tl, let tr, let br, let bl): return [tl, tr, br, bl].map(number).joined(separator: ",")
        case .numbers(let values): return values.map(number).joined(separator: ",")
        case .transform(let steps):
            return steps.map { step in
                switch step {
                case .rotate(let a): return "rotate(\(number(a))deg)"
                case .scale(let x, let y): return "scale(\(number(x)), \(number(y)))"
                case .translate(let x, let y): return "translate(\(number(x)), \(number(y)))"
                }
            }.joined(separator: " ")
        }
    }

    static func gradient(_ g: Gradient) -> String {
        var parts: [String] = []
        switch g.shape {
        case .linear(let angle): parts.append(number(angle) + "deg")
        case .radial(let circle): if circle { parts.append("circle") }
        }
        for stop in g.stops { parts.append(color(stop.color) + (stop.position.map { " " + number($0) + "%" } ?? "")) }
        let name: String
        if case .linear = g.shape { name = "linear" } else { name = "radial" }
        return name + "(" + parts.joined(separator: ", ") + ")"
    }

    static func shadow(_ s: Shadow) -> String {
        [number(s.x), number(s.y), number(s.blur)].joined(separator: " ")
            + (s.spread != 0 ? " " + number(s.spread) : "") + " " + color(s.color)
    }

    public static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    static func length(_ l: Length) -> String {
        switch l {
        case .auto: return "auto"
        case .points(let v): return number(v)
        case .percent(let v): return number(v) + "%"
        case .minContent: return "min-content"
        case .maxContent: return "max-content"
        case .fitContent: return "fit-content"
        }
    }

    static func color(_ c: Color) -> String {
        func hex(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16) }
        return "#" + hex(c.red) + hex(c.green) + hex(c.blue) + (c.alpha == 255 ? "" : hex(c.alpha))
    }

    static func anchor(_ a: AnchorValue) -> String {
        switch a {
        case .points(let v): return number(v)
        case .percent(let v): return number(v) + "%"
        case .reference(let target, let attribute, let multiplier, let offset):
            var s = (target ?? "parent") + "." + attribute.rawValue
            if multiplier != 1 { s += "*" + number(multiplier) }
            if offset > 0 { s += "+" + number(offset) } else if offset < 0 { s += "-" + number(-offset) }
            return s
        case .min(let values): return "min(" + values.map(anchor).joined(separator: ", ") + ")"
        case .max(let values): return "max(" + values.map(anchor).joined(separator: ", ") + ")"
        }
    }

    /// A spec string literal: `\"`, `\\`, `\n`, `\t`, other controls as `\u{…}`.
    /// A character a bare value cannot hold: white space, quotes, `#`, controls.
    static func endsBareValue(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\"" || scalar == "'" || scalar == "\\" || scalar == "#"
            || scalar.value < 0x20 || scalar.value == 0x7F
    }

    static func quoted(_ s: String) -> String {
        escaped(s) { "\\u{" + String($0, radix: 16) + "}" }
    }

    /// `s` in double quotes with quotes, backslashes, newlines and tabs escaped, and other
    /// control characters written by `control` (the spec and JSON spell them differently).
    private static func escaped(_ s: String, control: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += control(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func conditionText(_ c: Condition) -> String {
        func operand(_ o: Condition.Operand) -> String {
            switch o {
            case .number(let n): return number(n)
            case .string(let s): return quoted(s)
            case .bool(let b): return b ? "true" : "false"
            case .name(let path): return path.joined(separator: ".")
            }
        }
        // Parentheses only where the reader needs them (`not` binds tightest, then `and`,
        // then `or`, each left to right): every one written counts towards the reader's
        // nesting limit, so a condition that was read must write back within it.
        func part(_ c: Condition, binding: Int) -> String {
            let strength: Int
            switch c {
            case .or: strength = 0
            case .and: strength = 1
            case .not, .value, .compare: strength = 2
            }
            let text = conditionText(c)
            return strength < binding ? "(" + text + ")" : text
        }
        switch c {
        case .value(let o): return operand(o)
        case .compare(let l, let op, let r): return "\(operand(l)) \(op.rawValue) \(operand(r))"
        case .and(let a, let b): return part(a, binding: 1) + " and " + part(b, binding: 2)
        case .or(let a, let b): return part(a, binding: 0) + " or " + part(b, binding: 1)
        case .not(let a): return "not " + part(a, binding: 2)
        }
    }

    // MARK: - JSON

    static func jsonString(_ s: String) -> String {
        escaped(s) { value in
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    private static func jsonValue(_ value: Value) -> String {
        switch value {
        case .number(let n): return number(n)
        case .integer(let i): return String(i)
        case .bool(let b): return b ? "true" : "false"
        case .length(.points(let v)), .anchor(.points(let v)): return number(v)
        case .font(.file(let f)), .font(.family(let f)): return jsonString(f)
        default: return jsonString(text(value))
        }
    }

    private static func jsonObject(attributes node: Node, extra: [(String, String)], indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent + 1)
        var members = extra
        for attribute in ordered(node) { members.append((attribute.name, jsonValue(attribute.value))) }
        guard !members.isEmpty else { return "{}" }
        return "{\n" + members.map { pad + jsonString($0.0) + ": " + $0.1 }.joined(separator: ",\n")
            + "\n" + String(repeating: "  ", count: indent) + "}"
    }

    private static func jsonChildren(_ nodes: [Node], indent: Int) -> String {
        guard !nodes.isEmpty else { return "[]" }
        let pad = String(repeating: "  ", count: indent + 1)
        return "[\n" + nodes.map { pad + jsonNode($0, indent: indent + 1) }.joined(separator: ",\n")
            + "\n" + String(repeating: "  ", count: indent) + "]"
    }

    private static func jsonNode(_ node: Node, indent: Int) -> String {
        var extra: [(String, String)] = [("kind", jsonString(node.kind.rawValue))]
        switch node.control {
        case .condition(let c)?: extra.append(("condition", jsonString(conditionText(c))))
        case .loop(let variable, let source)?: extra.append(("each", jsonString("\(variable) in \(source.joined(separator: "."))")))
        default: break
        }
        switch (node.kind, node.argument) {
        case (.label, .string(let s)?), (.span, .string(let s)?): extra.append(("text", jsonString(s)))
        case (.image, .string(let s)?): extra.append(("src", jsonString(s)))
        case (.path, .string(let s)?): extra.append(("d", jsonString(s)))
        case (.spacer, .number(let n)?): extra.append(("length", number(n)))
        default: break
        }
        var object = jsonObject(attributes: node, extra: extra, indent: indent)
        if !node.children.isEmpty {
            object.removeLast(1 + indent * 2 + 1) // "\n" + padding + "}"
            object += ",\n" + String(repeating: "  ", count: indent + 1) + "\"children\": "
                + jsonChildren(node.children, indent: indent + 1) + "\n" + String(repeating: "  ", count: indent) + "}"
        }
        return object
    }
}
