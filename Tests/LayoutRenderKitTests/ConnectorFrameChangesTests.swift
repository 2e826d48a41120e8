import Foundation
@testable import LayoutRenderGolden
import LayoutRenderKit
import XCTest

/// The golden runner's words for connectors whose routes changed.
final class ConnectorFrameChangesTests: XCTestCase {
    private func dump(_ connectors: String) throws -> FrameDump {
        let json = """
            {"width": 100, "height": 100, "scale": 1,
             "nodes": [{"id": null, "kind": "canvas", "line": 1, "x": 0, "y": 0, "width": 100, "height": 100}]
             \(connectors.isEmpty ? "" : ", \"connectors\": [" + connectors + "]")}
            """
        return try JSONDecoder().decode(FrameDump.self, from: Data(json.utf8))
    }

    func testRoutesThatChangedAreNamed() throws {
        let before = try dump(#"""
            {"id": "ab", "line": 3, "route": "orthogonal", "points": [[0, 0], [50, 0], [50, 40]]},
            {"id": null, "line": 4, "route": "straight", "points": [[0, 0], [10, 10]]}
            """#)
        let moved = try dump(#"""
            {"id": "ab", "line": 3, "route": "orthogonal", "points": [[0, 0], [50, 0], [50, 42.5]]},
            {"id": null, "line": 4, "route": "straight", "points": [[0, 0], [10, 10.001]]}
            """#)
        XCTAssertEqual(FrameChanges.describe(expected: before, actual: moved),
                       ["connector `ab` now runs 0,0 50,0 50,42.5 (was 0,0 50,0 50,40)"])
        XCTAssertEqual(FrameChanges.describe(expected: before, actual: before), [])
        XCTAssertEqual(FrameChanges.describe(expected: try dump(""), actual: before),
                       ["connector `ab` is new", "connector on line 4 is new"])
        XCTAssertEqual(FrameChanges.describe(expected: before, actual: try dump("")),
                       ["connector `ab` is gone", "connector on line 4 is gone"])
        // A dump without connectors reads back with none, as every dump made before them.
        XCTAssertNil(try dump("").connectors)
    }
}
