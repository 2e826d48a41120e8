import XCTest
import LayoutEngine

final class AnchorTests: XCTestCase {
    func anchors(_ facts: Anchors, _ more: @escaping Configure = { _ in }) -> Configure {
        { $0.anchors = facts; more(&$0) }
    }
    func ref(_ target: AnchorTarget, _ attribute: AnchorAttribute, _ multiplier: Double = 1, _ offset: Double = 0) -> AnchorExpression {
        .reference(target: target, attribute: attribute, multiplier: multiplier, offset: offset)
    }
    let padded: Configure = { $0.padding = Edges(all: .points(10)) }

    /// A 200×100 box with padding 10: the content box is 180×80 at (10, 10).
    func layBox(_ children: TestNode..., direction: Direction = .ltr) throws -> Laid {
        try XCTUnwrap(lay(node(.box, "box", padded, children), width: 200, height: 100, direction: direction))
    }

    func testEveryPointAnchor() throws {
        let laid = try layBox(
            box("a", anchors([.left: .points(10), .top: .points(5), .width: .points(50), .height: .points(20)])),
            box("b", anchors([.right: .points(10), .bottom: .points(10)], { $0.width = .points(30); $0.height = .points(20) })),
            box("c", anchors([.centerX: .points(0), .centerY: .points(0), .width: .points(40), .height: .points(20)])),
            box("d", anchors([.left: .points(10), .right: .points(20), .top: .points(10), .bottom: .points(30)])))
        assertFrame(laid["a"], Rect(x: 10 + 10, y: 10 + 5, width: 50, height: 20))
        assertFrame(laid["b"], Rect(x: 10 + 180 - 10 - 30, y: 10 + 80 - 10 - 20, width: 30, height: 20))
        assertFrame(laid["c"], Rect(x: 10 + 90 - 20, y: 10 + 40 - 10, width: 40, height: 20))
        assertFrame(laid["d"], Rect(x: 10 + 10, y: 10 + 10, width: 180 - 10 - 20, height: 80 - 10 - 30))
    }

    func testPercentages() throws {
        let laid = try layBox(box("p", anchors([.left: .percent(10), .width: .percent(50), .top: .percent(0),
                                                 .height: .percent(25)])),
                              box("q", anchors([.centerX: .percent(10), .width: .points(20), .bottom: .percent(10),
                                                 .height: .points(8)])))
        assertFrame(laid["p"], Rect(x: 10 + 18, y: 10, width: 90, height: 20))
        assertFrame(laid["q"], Rect(x: 10 + 90 + 18 - 10, y: 10 + 80 - 8 - 8, width: 20, height: 8))
    }

    func testParentAndSiblingReferencesInAnyOrder() throws {
        let laid = try layBox(
            // `e` refers to `f`, declared after it; `d` refers to `a`.
            box("e", anchors([.left: .points(0), .top: ref(.sibling("f"), .bottom, 1, 2), .width: .points(10),
                              .height: .points(10)])),
            box("d", anchors([.left: ref(.sibling("a"), .right, 1, 5), .right: ref(.parent, .right, 1, -10),
                              .top: ref(.sibling("a"), .bottom), .height: ref(.sibling("a"), .width, 0.5)])),
            box("a", anchors([.left: .points(10), .top: .points(5), .width: .points(50), .height: .points(20)])),
            box("f", anchors([.left: .points(0), .top: .points(50), .width: .points(10), .height: .points(10)])))
        assertFrame(laid["d"], Rect(x: 10 + 65, y: 10 + 25, width: 170 - 65, height: 25))
        assertFrame(laid["f"], Rect(x: 10, y: 10 + 50, width: 10, height: 10))
        assertFrame(laid["e"], Rect(x: 10, y: 10 + 62, width: 10, height: 10))
    }

    func testOneFactPerAxisUsesTheIntrinsicSize() throws {
        let laid = try layBox(text("t", "hello", anchors([.right: .points(0), .centerY: .points(0)])),
                              text("w", "aaa bbb", anchors([.left: .points(0), .width: .points(30), .top: .points(0)])))
        assertFrame(laid["t"], Rect(x: 10 + 180 - 50, y: 10 + 40 - 5, width: 50, height: 10))
        // A width of 30 wraps "aaa bbb" on two lines.
        assertFrame(laid["w"], Rect(x: 10, y: 10, width: 30, height: 20))
    }

    func testNoAnchorsSitsTopLeft() throws {
        let laid = try layBox(text("t", "hi"), rect("r", 20, 30))
        assertFrame(laid["t"], Rect(x: 10, y: 10, width: 20, height: 10))
        assertFrame(laid["r"], Rect(x: 10, y: 10, width: 20, height: 30))
    }

    func testMinMaxClamps() throws {
        let laid = try layBox(box("m", anchors([
            .left: .points(0), .top: .points(0),
            .width: .min([ref(.parent, .width, 0.5), .points(60)]),
            .height: .max([.points(5), ref(.parent, .height, 0.1)]),
        ])))
        assertFrame(laid["m"], Rect(x: 10, y: 10, width: 60, height: 8))
    }

    func testLeadingAndTrailingFollowDirection() throws {
        let facts: [String: Anchors] = [
            "lead": [.leading: .points(10), .top: .points(0), .width: .points(30), .height: .points(10)],
            "trail": [.trailing: .points(5), .top: .points(0), .width: .points(30), .height: .points(10)],
        ]
        let ltr = try layBox(box("lead", anchors(facts["lead"]!)), box("trail", anchors(facts["trail"]!)))
        assertFrame(ltr["lead"], Rect(x: 10 + 10, y: 10, width: 30, height: 10))
        assertFrame(ltr["trail"], Rect(x: 10 + 180 - 5 - 30, y: 10, width: 30, height: 10))
        let rtl = try layBox(box("lead", anchors(facts["lead"]!)), box("trail", anchors(facts["trail"]!)), direction: .rtl)
        assertFrame(rtl["lead"], Rect(x: 10 + 180 - 10 - 30, y: 10, width: 30, height: 10))
        assertFrame(rtl["trail"], Rect(x: 10 + 5, y: 10, width: 30, height: 10))
    }

    func testAutoSizedBoxIsTheUnionOfIndependentFrames() throws {
        let laid = try XCTUnwrap(lay(vbox("r", { $0.align = .start },
                                          box("ab", { _ in },
                                              box("a", anchors([.left: .points(5), .top: .points(5), .width: .points(20),
                                                                .height: .points(20)])),
                                              box("b", anchors([.right: .points(0), .top: .points(0), .width: .points(10),
                                                                .height: .points(10)])))),
                                     width: 300))
        assertFrame(laid["ab"], Rect(x: 0, y: 0, width: 25, height: 25))
        assertFrame(laid["b"], Rect(x: 25 - 10, y: 0, width: 10, height: 10))
    }

    func testBoxWithoutChildrenIsItsPadding() throws {
        let laid = try XCTUnwrap(lay(vbox("r", { $0.align = .start }, box("p", padded)), width: 300))
        assertFrame(laid["p"], Rect(x: 0, y: 0, width: 20, height: 20))
    }
}

/// A node's anchor facts as a short ordered list: what a dictionary of them answered.
final class AnchorsTests: XCTestCase {
    func testFactsAreKeptInTheOrderOfTheAttributesWhateverOrderTheyCameIn() {
        var set = Anchors()
        XCTAssertTrue(set.isEmpty)
        set[.height] = .points(4)
        set[.left] = .percent(10)
        set[.centerY] = .points(0)
        set[.width] = .points(30)
        XCTAssertEqual(set.keys, [.left, .width, .centerY, .height])
        XCTAssertEqual(set.keys, AnchorAttribute.allCases.filter { set[$0] != nil })
        XCTAssertEqual(set.count, 4)
        XCTAssertEqual(set, [.width: .points(30), .centerY: .points(0), .left: .percent(10), .height: .points(4)])
        XCTAssertEqual(set.hashValue, (Anchors([.left: .percent(10), .width: .points(30), .centerY: .points(0),
                                                .height: .points(4)]) as Anchors).hashValue)
        XCTAssertEqual(set.map(\.key), set.keys)
        XCTAssertEqual(set.map(\.value), set.values)
    }

    func testSettingReplacesAndNilRemoves() {
        var set: Anchors = [.left: .points(1), .top: .points(2)]
        set[.left] = .points(5)
        XCTAssertEqual(set[.left], .points(5))
        XCTAssertEqual(set.count, 2)
        set[.top] = nil
        set[.bottom] = nil
        XCTAssertEqual(set, [.left: .points(5)])
        XCTAssertNil(set[.top])
        set[.left] = nil
        XCTAssertEqual(set, Anchors())
        XCTAssertTrue(set.isEmpty)
    }

    func testEveryAttributeHasItsOwnPlace() {
        var set = Anchors()
        for (index, attribute) in AnchorAttribute.allCases.reversed().enumerated() { set[attribute] = .points(Double(index)) }
        XCTAssertEqual(set.keys, AnchorAttribute.allCases)
        for (index, attribute) in AnchorAttribute.allCases.reversed().enumerated() {
            XCTAssertEqual(set[attribute], .points(Double(index)))
        }
    }
}
