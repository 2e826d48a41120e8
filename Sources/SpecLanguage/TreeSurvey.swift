/// What a document's tree holds, in the terms the steps after parsing ask about: how many
/// nodes there are, how deep they go and whether there is anything to expand. The parsers
/// learn it as they build the tree, so that a 100,000-node spec is not walked again by the
/// expander (its limits and whether it has anything to do) and the scene builder (how
/// much to reserve): three walks that copied every node out, a tenth of a `--frames-only`
/// render.
public struct TreeSurvey: Hashable, Sendable {
    /// Every node, the canvas and `if`/`else`/`for` nodes included.
    public var nodeCount: Int
    /// The deepest level a node is at, the canvas's children at 0 (as `SpecExpander`
    /// counts); -1 when the canvas has no children.
    public var depth: Int
    /// Whether `SpecExpander` may have something to do: an `if`, `else` or `for` node, or a
    /// `{` or `}` in a string. It may be true when there is nothing to do (the text form
    /// looks for a brace anywhere in the source), never false when there is.
    public var needsExpansion: Bool
    // Made by the parsers and `surveyed(checkingIDs:)` only (the memberwise initializer).
}

extension Document {
    /// The survey of this tree, in one walk in tree order that reads each node in place (a
    /// node copied out retains its arrays and strings). With `checkingIDs`, the ids outside
    /// `if`/`for` blocks are checked to be unique, the first duplicate in tree order
    /// reported, as the parsers report it.
    func surveyed(checkingIDs: Bool) throws(SpecError) -> TreeSurvey {
        var survey = TreeSurvey(nodeCount: 1, depth: -1, needsExpansion: false)
        var seen: [String: SourceLocation] = [:]
        func check(_ attributes: Attributes) throws(SpecError) {
            guard let attribute = attributes[.id], case .string(let id) = attribute.value else { return }
            if let first = seen[id] {
                throw SpecError("duplicate id '\(id)'; it is first used on line \(first.line)", at: attribute.location)
            }
            seen[id] = attribute.location
        }
        if checkingIDs { try check(canvas.attributes) }
        var stack: [(children: [Node], next: Int, depth: Int, inControl: Bool)] = [(canvas.children, 0, 0, false)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let (children, index, depth, inControl) = stack[top]
            guard index < children.count else { stack.removeLast(); continue }
            stack[top].next = index + 1
            let isControl = survey.add(children[index], depth: depth)
            if checkingIDs && !inControl && !isControl { try check(children[index].attributes) }
            if !children[index].children.isEmpty {
                stack.append((children[index].children, 0, depth + 1, inControl || isControl))
            }
        }
        return survey
    }
}

extension TreeSurvey {
    /// Counts `node`, at `depth`, into the survey; true when it is an `if`, `else` or
    /// `for` node (whose ids are not checked: the blocks' alternatives may repeat them).
    mutating func add(_ node: Node, depth: Int) -> Bool {
        nodeCount += 1
        self.depth = max(self.depth, depth)
        let isControl = node.kind.isControl || node.control != nil
        if !needsExpansion {
            needsExpansion = isControl || node.argument?.holdsBraces == true
                || node.attributes.storage.contains { $0.value.holdsBraces }
        }
        return isControl
    }
}

/// A survey taken node by node as a reader makes them, children before their parent
/// (`JSONSpecReader`'s streamed reading), so that the tree is not walked again for it.
/// The ids outside `if`/`for` blocks are gathered: a duplicate is only noted, and the
/// document is then walked (`Document.surveyed(checkingIDs:)`) for the first in tree
/// order, the one the message names.
struct SurveyTally {
    private(set) var survey = TreeSurvey(nodeCount: 1, depth: -1, needsExpansion: false)
    private var ids: Set<String> = []
    private(set) var hasDuplicateID = false

    /// Counts `node` (its children counted already), at `depth`, inside an `if`/`for`
    /// block when `inControl`.
    mutating func add(_ node: Node, depth: Int, inControl: Bool) {
        let isControl = survey.add(node, depth: depth)
        if !inControl && !isControl { note(node.attributes) }
    }

    private mutating func note(_ attributes: Attributes) {
        guard let attribute = attributes[.id], case .string(let id) = attribute.value else { return }
        if !ids.insert(id).inserted { hasDuplicateID = true }
    }
}

extension Value {
    /// A string with a `{` or `}` in it: a name to fill in, or a brace to report.
    var holdsBraces: Bool {
        guard case .string(let text) = self else { return false }
        return text.utf8.contains(UInt8(ascii: "{")) || text.utf8.contains(UInt8(ascii: "}"))
    }
}
