import Foundation
import LayoutEngine
import LayoutWorkloads

/// `lr-bench flex-cases FILE`: lays out every recorded Chromium case in FILE and prints
/// the frames as JSON (`{"case": {"id": [x, y, w, h]}}`), for `scripts/flex-cases` to
/// compare and shrink. A case whose layout fails maps to `{"error": "…"}`.
func runFlexCases(_ arguments: [String]) throws {
    guard let path = arguments.first else { throw BenchError.usage("lr-bench flex-cases FILE") }
    let cases = try JSONDecoder().decode([ChromiumFlexCase].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    var out: [String: Any] = [:]
    for c in cases {
        do {
            let frames = try c.layout()
            out[c.name] = frames.mapValues { [$0.x, $0.y, $0.width, $0.height] }
        } catch {
            out[c.name] = ["error": "\(error)"]
        }
    }
    let data = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
}
