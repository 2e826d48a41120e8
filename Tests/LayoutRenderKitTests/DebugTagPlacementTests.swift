import LayoutEngine
@testable import LayoutRenderKit
import XCTest

/// Where `--debug` puts its tags: off the labels' text, off each other, parents first.
final class DebugTagPlacementTests: XCTestCase {
    let canvas = Rect(x: 0, y: 0, width: 200, height: 100)
    let tag = Size(width: 30, height: 10)

    /// A child at its parent's top-left corner used to draw its tag over the parent's.
    func testAParentAndAChildAtTheSameCornerGetTwoPlaces() {
        let parent = Rect(x: 0, y: 20, width: 100, height: 60), child = Rect(x: 0, y: 20, width: 50, height: 30)
        let places = DebugTagPlacement.place(frames: [parent, child], sizes: [tag, tag], labels: [], canvas: canvas)
        XCTAssertEqual(places[0], Rect(x: 0, y: 9, width: 30, height: 10))    // above the parent
        XCTAssertEqual(places[1], Rect(x: 0, y: 51, width: 30, height: 10))   // below the child: above is taken
        XCTAssertFalse(places[0].overlaps(places[1]))
    }

    /// A label at the top of the canvas has no room above: its tag goes below, off its text.
    func testATagDoesNotCoverTheTextItLabels() {
        let label = Rect(x: 0, y: 0, width: 100, height: 20)
        let places = DebugTagPlacement.place(frames: [label], sizes: [tag], labels: [label], canvas: canvas)
        XCTAssertEqual(places[0], Rect(x: 0, y: 21, width: 30, height: 10))
        XCTAssertFalse(places[0].overlaps(label))
    }

    /// When every place is taken, a tag still gets one inside the canvas, off the text.
    func testACrowdedCanvasStillPlacesEveryTag() {
        let frames = (0..<50).map { _ in Rect(x: 40, y: 30, width: 60, height: 40) }
        let places = DebugTagPlacement.place(frames: frames, sizes: Array(repeating: tag, count: 50), labels: [], canvas: canvas)
        XCTAssertEqual(places.count, 50)
        XCTAssertTrue(places.allSatisfy { canvas.contains($0) })
        // Around a 60-point frame, 30-point tags have five places that do not overlap (the
        // corners inside overlap pairwise); the first five tags take them.
        for i in 0..<5 { for j in 0..<i { XCTAssertFalse(places[i].overlaps(places[j]), "\(i) \(j)") } }
        XCTAssertEqual(Set(places[0..<5].map(\.y)), [19, 71, 31, 59])
    }
}
