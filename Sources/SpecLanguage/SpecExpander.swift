/// Expands `if`/`else` and `for` blocks and `{name}` interpolations against an
/// environment, giving the plain node tree that is laid out (Relayout's idea: the layout
/// as a function of state).
///
/// - Conditions compare names (`width`, `height`, `scale`, variables, `post.title`),
///   numbers and strings; `<`-style comparisons need numbers on both sides.
/// - `for post in posts` repeats its children once per element of the list `posts`, with
///   `post` and `index` (0-based) set.
/// - In label text, image paths and ids, `{name}` is replaced by the value's text;
///   `{{` and `}}` are literal braces.
public struct SpecExpander: Sendable {
    public var limits: ParseLimits
    /// Where names come from, for the message an unknown one gets.
    public var names: NameSource

    public init(limits: ParseLimits = .default, names: NameSource = .commandLine) {
        self.limits = limits
        self.names = names
    }

    public func expand(_ document: Document, environment: Environment) throws(SpecError) -> Document {
        var state = State(limits: limits, names: names)
        // A parsed document's survey was taken as it was read, and its ids checked; one
        // built or changed in code is surveyed here, in one walk.
        if let survey = document.survey {
            if isOwnExpansion(survey) { return document }
        } else {
            let survey = try document.surveyed(checkingIDs: false)
            if isOwnExpansion(survey) {
                try state.checkIDs(document)
                var checked = document
                checked.survey = survey
                return checked
            }
        }
        var result = document
        result.canvas.children = try state.expand(document.canvas.children, environment, depth: 0)
        try state.checkIDs(result)
        return result
    }

    /// Whether a document so surveyed has nothing to expand: no `if`, `else` or `for`, no
    /// `{` or `}` in a string, and within the node and depth limits expansion checks. Then
    /// it is its own expansion and is returned as it is, sharing its storage, rather than
    /// copied node by node beside the template (a second tree alive at once, for nothing).
    private func isOwnExpansion(_ survey: TreeSurvey) -> Bool {
        let count = survey.nodeCount - 1  // the canvas's descendants, as `State.expand` counts
        return !survey.needsExpansion && survey.depth <= limits.maxDepth
            && count <= limits.maxNodes && count <= limits.maxExpansionSteps
    }

    private struct State {
        let limits: ParseLimits
        let names: NameSource
        var nodeCount = 0
        /// Loop iterations, conditions and nodes expanded: loops whose bodies make no node
        /// (a `for` over 1,000 items in one over 1,000 with a false `if` inside, as the
        /// structure-aware fuzzer wrote) never reach the node limit, so they count here.
        var steps = 0
        /// Bytes produced by `{name}` interpolation so far, against `maxInterpolatedBytes`.
        var interpolatedBytes = 0

        mutating func step(at location: SourceLocation) throws(SpecError) {
            steps += 1
            if steps > limits.maxExpansionSteps {
                throw SpecError("the spec's if/for blocks take more than \(limits.maxExpansionSteps) steps to expand "
                                + "(the limit: \(limits.maxExpansionSteps / limits.maxNodes) a node)", at: location)
            }
        }

        /// `depth` counts every level, `if`/`else`/`for` too: the parsers bound it already,
        /// and a document built in code is held to the same limit before this recursion goes deeper.
        mutating func expand(_ nodes: [Node], _ env: Environment, depth: Int) throws(SpecError) -> [Node] {
            if depth > limits.maxDepth, let first = nodes.first {
                throw SpecError("nesting deeper than \(limits.maxDepth) levels (the limit)", at: first.location)
            }
            var result: [Node] = []
            var previousIfTaken: Bool?
            for node in nodes {
                try step(at: node.location)
                switch node.control {
                case .condition(let condition)?:
                    let taken = try Evaluator(env: env, names: names, location: node.location,
                                              maxDepth: limits.maxExpressionDepth).truth(condition)
                    previousIfTaken = taken
                    if taken { result += try expand(node.children, env, depth: depth + 1) }
                case .otherwise?:
                    if previousIfTaken == false { result += try expand(node.children, env, depth: depth + 1) }
                    previousIfTaken = nil
                case .loop(let variable, let source)?:
                    previousIfTaken = nil
                    guard let list = env.lookup(source) else {
                        let list = source.joined(separator: ".")
                        throw SpecError("unknown list '\(list)' in the loop; \(names.hint(forList: list))",
                                        at: node.location)
                    }
                    guard case .array(let items) = list else {
                        throw SpecError("'\(source.joined(separator: "."))' is not a list", at: node.location)
                    }
                    for (index, item) in items.enumerated() {
                        try step(at: node.location)
                        var inner = env
                        inner.values[variable] = item
                        inner.values["index"] = .number(Double(index))
                        result += try expand(node.children, inner, depth: depth + 1)
                    }
                case nil:
                    previousIfTaken = nil
                    nodeCount += 1
                    if nodeCount > limits.maxNodes {
                        throw SpecError("the spec expands to more than \(limits.maxNodes) nodes (the limit)", at: node.location)
                    }
                    var copy = node
                    copy.argument = try interpolate(node.argument, env, node.location)
                    for attribute in node.attributes {
                        if case .string = attribute.value {
                            copy.attributes[attribute.key]?.value = try interpolate(attribute.value, env, attribute.location)!
                        }
                    }
                    copy.children = try expand(node.children, env, depth: depth + 1)
                    if copy.kind == .label { try ParseState.checkLabelChildren(copy.children, limits: limits) }
                    result.append(copy)
                }
            }
            return result
        }

        /// Fills in `{name}`s. Every string produced is charged by its length in bytes,
        /// checked as each value is appended, so a long value referred to many times stops
        /// at the limit instead of filling memory.
        mutating func interpolate(_ value: Value?, _ env: Environment, _ location: SourceLocation) throws(SpecError) -> Value? {
            guard case .string(let text)? = value, text.utf8.contains(UInt8(ascii: "{")) || text.utf8.contains(UInt8(ascii: "}")) else { return value }
            var out = ""
            var filledBytes = 0
            var i = text.startIndex
            while i < text.endIndex {
                let c = text[i]
                let next = text.index(after: i)
                if c == "{", next < text.endIndex, text[next] == "{" { out.append("{"); i = text.index(after: next); continue }
                if c == "}", next < text.endIndex, text[next] == "}" { out.append("}"); i = text.index(after: next); continue }
                if c == "{" {
                    guard let close = text[next...].firstIndex(of: "}") else {
                        throw SpecError("'{' without a closing '}' in \"\(text)\" (write {{ for a brace)", at: location)
                    }
                    let name = String(text[next..<close])
                    guard let v = env.lookup(name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)) else {
                        throw SpecError("unknown name '\(name)' in \"\(text)\"; \(names.hint(forName: name))", at: location)
                    }
                    let filled = v.description
                    try charge(filled.utf8.count, at: location)
                    filledBytes += filled.utf8.count
                    out += filled
                    i = text.index(after: close)
                    continue
                }
                out.append(c)
                i = next
            }
            // The string's own text too: a long literal beside a name, in a loop, is copied each time.
            try charge(out.utf8.count - filledBytes, at: location)
            return .string(out)
        }

        /// Counts `bytes` more of interpolated text; an error once past the limit.
        mutating func charge(_ bytes: Int, at location: SourceLocation) throws(SpecError) {
            interpolatedBytes = interpolatedBytes.addingReportingOverflow(bytes).partialValue
            guard interpolatedBytes <= limits.maxInterpolatedBytes else {
                throw SpecError("filling in {name}s produces more than \(limits.maxInterpolatedBytes) bytes of text "
                                + "(the limit, all strings together); refer to long values fewer times", at: location)
            }
        }

        func checkIDs(_ document: Document) throws(SpecError) {
            var seen: [String: SourceLocation] = [:]
            try document.forEachNode { node throws(SpecError) in
                guard let attribute = node.attributes[.id], case .string(let id) = attribute.value else { return }
                guard ValueReader.isIdentifier(id) else {
                    throw SpecError("'\(id)' is not a valid id after filling in its names", at: attribute.location)
                }
                if let first = seen[id] {
                    throw SpecError("duplicate id '\(id)'; it is first used on line \(first.line)"
                                    + (first == attribute.location ? " (inside a loop: add {index} to the id)" : ""),
                                    at: attribute.location)
                }
                seen[id] = attribute.location
            }
        }
    }
}

/// Evaluates a condition against an environment. It recurses along the condition's tree,
/// which the readers bound; a condition built in code deeper than `maxDepth` is an error.
private struct Evaluator {
    let env: Environment
    let names: NameSource
    let location: SourceLocation
    let maxDepth: Int

    func truth(_ condition: Condition, depth: Int = 0) throws(SpecError) -> Bool {
        if depth > maxDepth {
            throw SpecError("conditions nest at most \(maxDepth) deep (parentheses, not, and, or)", at: location)
        }
        switch condition {
        case .and(let a, let b):
            guard try truth(a, depth: depth + 1) else { return false }
            return try truth(b, depth: depth + 1)
        case .or(let a, let b):
            if try truth(a, depth: depth + 1) { return true }
            return try truth(b, depth: depth + 1)
        case .not(let a): return try !truth(a, depth: depth + 1)
        case .value(let operand):
            switch try value(operand) {
            case .null: return false
            case .bool(let b): return b
            case .number(let n): return n != 0
            case .numeral(let s): return (Double(s) ?? 0) != 0
            case .string(let s): return !s.isEmpty
            case .array(let a): return !a.isEmpty
            case .object(let o): return !o.isEmpty
            }
        case .compare(let l, let op, let r):
            let (a, b) = (try value(l), try value(r))
            switch op {
            case .equal: return Self.equal(a, b)
            case .notEqual: return !Self.equal(a, b)
            default:
                guard let x = a.numberValue, let y = b.numberValue else {
                    if a == .null || b == .null {
                        throw SpecError("'\(op.rawValue)' compares with a value that is not set (the canvas height is auto?)", at: location)
                    }
                    throw SpecError("'\(op.rawValue)' compares numbers; here it is given \(a) and \(b)", at: location)
                }
                switch op {
                case .less: return x < y
                case .lessEqual: return x <= y
                case .greater: return x > y
                default: return x >= y
                }
            }
        }
    }

    /// `==` in a condition: a numeral (text given as `--var v=2.10`) equals a number or
    /// numeral of the same value, and a string of the same text.
    static func equal(_ a: DataValue, _ b: DataValue) -> Bool {
        switch (a, b) {
        case (.numeral(let x), .string(let y)), (.string(let y), .numeral(let x)): return x == y
        case (.numeral, _), (_, .numeral):
            guard let x = a.numberValue, let y = b.numberValue else { return false }
            return x == y
        default: return a == b
        }
    }

    func value(_ operand: Condition.Operand) throws(SpecError) -> DataValue {
        switch operand {
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .name(let path):
            guard let v = env.lookup(path) else {
                let known = env.values.keys.sorted().joined(separator: ", ")
                let name = path.joined(separator: ".")
                throw SpecError("unknown name '\(name)' in the condition (known: \(known)); \(names.hint(forName: name))",
                                at: location)
            }
            return v
        }
    }
}

