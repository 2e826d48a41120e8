import Foundation
import LayoutWorkloads
import TextEngine

/// `lr-bench text-lines FILE`: lays out every text case in FILE (a JSON array of
/// `ChromiumTextCase`, expectations optional) and prints each one's lines as JSON
/// (`{"case": {"lines": [[text, width], …]}}`), for `scripts/conformance --text` to compare
/// with Chromium's. A case whose font is not found maps to `{"error": "…"}`.
func runTextLines(_ arguments: [String]) throws {
    guard let path = arguments.first else { throw BenchError.usage("lr-bench text-lines FILE") }
    let cases = try JSONDecoder().decode([ChromiumTextCase].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    let library = FontLibrary()
    let engine = TextLayoutEngine()
    var out: [String: Any] = [:]
    for c in cases {
        do {
            out[c.name] = ["lines": try c.lines(library: library, engine: engine).map { [$0.text, $0.width] as [Any] }]
        } catch {
            out[c.name] = ["error": "\(error)"]
        }
    }
    let data = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
}

/// `lr-bench inline-lines FILE`: lays out every case of FILE (a JSON array of
/// `ChromiumInlineCase`, expectations optional) and prints each one's lines and boxes as
/// JSON (`{"case": {"lines": [text, …], "boxes": [[x, y], …]}}`), for `scripts/conformance
/// --text --inline` to compare with Chromium's. A case whose font is not found maps to
/// `{"error": "…"}`.
func runInlineLines(_ arguments: [String]) throws {
    guard let path = arguments.first else { throw BenchError.usage("lr-bench inline-lines FILE") }
    let cases = try JSONDecoder().decode([ChromiumInlineCase].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    let library = FontLibrary()
    let engine = TextLayoutEngine()
    var out: [String: Any] = [:]
    for c in cases {
        do {
            let layout = try c.layout(library: library, engine: engine)
            out[c.name] = ["lines": layout.lines, "boxes": layout.boxes]
        } catch {
            out[c.name] = ["error": "\(error)"]
        }
    }
    let data = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
}
