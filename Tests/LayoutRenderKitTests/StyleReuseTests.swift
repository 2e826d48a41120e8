import LayoutEngine
import XCTest
@testable import LayoutRenderKit
@testable import SpecLanguage

/// A node that writes what an earlier node wrote takes that node's layout style
/// (`StyleReuse`): the styles, the frames and the errors are those of styles worked out
/// for every node.
final class StyleReuseTests: XCTestCase {
    private func laidOut(_ body: String) throws(LayoutRenderError) -> LaidOutSpec {
        try LayoutRenderer().layout(source: "canvas width=200\n" + body, options: RenderOptions(fileName: "t.spec"))
    }

    private func headline(_ body: String) -> String {
        do {
            _ = try laidOut(body)
            return "no error"
        } catch {
            return error.diagnostic.headline
        }
    }

    /// Nodes of one kind under parents of one kind that write the same names and values
    /// (wherever on their lines) share the first one's style; a different kind, parent
    /// kind, value or sign of zero works its own out, each equal to the style the node
    /// has alone.
    func testTheSameAttributesShareTheFirstNodesStyle() throws {
        let body = """
            hbox
              box width=10 height=12 margin=2 grow=1
              box  height=12   width=10 grow=1 margin=2,2
              vbox width=10 height=12 margin=2 grow=1
              box width=10 height=12 margin=-0 grow=1
              box width=10 height=12 margin=0 grow=1
              box width=10 height=12 margin=0 grow=1 hidden
            vbox
              box width=10 height=12 margin=2 grow=1
              box width=10 height=12 margin=0 grow=1 hidden
            """
        let scene = try laidOut(body).scene
        let index = Array(scene.tree.styleIndices.dropFirst())
        // hbox, box, box, vbox, box, box, box, vbox, box, box
        XCTAssertEqual(index[1], index[2])
        XCTAssertEqual(scene.nodes.map(\.isHidden), [false, false, false, false, false, false, false, true, false, false, true])
        // Each node's style is what the node alone is given.
        let lines = body.split(separator: "\n")
        let styles = Array(scene.tree.styles.dropFirst())
        for (position, line) in lines.enumerated() {
            let parent = line.hasPrefix(" ") ? String(lines[..<position].last { !$0.hasPrefix(" ") }!) + "\n" : ""
            let alone = try laidOut(parent + line).scene.tree.styles.last!
            XCTAssertEqual(styles[position], alone, "line \(position + 2): \(line)")
        }
        guard case .points(let zero) = styles[4].margin.top, case .points(let plainZero) = styles[5].margin.top else {
            return XCTFail("margins")
        }
        XCTAssertEqual(zero.sign, .minus)
        XCTAssertEqual(plainZero.sign, .plus)
    }

    /// What is an error for one kind or in one parent is still refused after the same
    /// attributes were accepted elsewhere, at the node that writes them.
    func testAnErrorIsNotHiddenByAnEarlierNodesStyle() {
        XCTAssertEqual(headline("hbox\n  box align-self=safe-center\ngrid\n  box align-self=safe-center"),
                       "t.spec:5:18: error: align-self=safe-center is not supported in a grid (its items align start, center, end, stretch or baseline)")
        XCTAssertEqual(headline("vbox\n  box size=10x20\n  label \"x\" size=10x20"),
                       "t.spec:4:18: error: a label's size is its font size (size=12); for its frame give width= and height=")
    }

    /// The key and the comparison take the names and plain values only: not where they
    /// were written, and not a value that is not plain (a string, an anchor).
    func testPlainValuesKey() throws {
        let document = try SpecParser().parse("""
            canvas width=100
            box margin=1 width=2 grow=0
            box   grow=0 width=2 margin=1,1,1,1
            box margin=1 width=2 grow=-0
            box margin=1 width=2 id=a
            """)
        let nodes = document.allNodes.map(\.attributes)
        XCTAssertNotNil(nodes[1].plainValuesKey)
        XCTAssertEqual(nodes[1].plainValuesKey, nodes[2].plainValuesKey)
        XCTAssertTrue(nodes[1].samePlainValues(as: nodes[2]))
        XCTAssertFalse(nodes[1].samePlainValues(as: nodes[3]))
        XCTAssertNotEqual(nodes[1].plainValuesKey, nodes[3].plainValuesKey)
        XCTAssertNil(nodes[4].plainValuesKey)
        XCTAssertFalse(nodes[4].samePlainValues(as: nodes[4]))
    }
}
