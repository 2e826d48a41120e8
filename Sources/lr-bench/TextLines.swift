import Foundation
import LayoutWorkloads
import TextEngine

/// `lr-bench text-lines FILE`: lays out every text case in FILE (a JSON array of
/// `ChromiumTextCase`, expectations optional) and prints each one's lines as JSON
/// (`{"case": {"lines": [[text, width], …]}}`), for `scripts/conformance --text` to compare
/// with Chromium's. A case whose font is not found maps to `{"error": "…"}`.
func runTextLines(_ arguments: [String]) throws {
    try printLayouts(of: ChromiumTextCase.self, arguments, usage: "lr-bench text-lines FILE") { c, library, engine in
        ["lines": try c.lines(library: library, engine: engine).map { [$0.text, $0.width] as [Any] }]
    }
}

/// `lr-bench inline-lines FILE`: lays out every case of FILE (a JSON array of
/// `ChromiumInlineCase`, expectations optional) and prints each one's lines and boxes as
/// JSON (`{"case": {"lines": [text, …], "boxes": [[x, y], …]}}`), for `scripts/conformance
/// --text --inline` to compare with Chromium's. A case whose font is not found maps to
/// `{"error": "…"}`.
func runInlineLines(_ arguments: [String]) throws {
    try printLayouts(of: ChromiumInlineCase.self, arguments, usage: "lr-bench inline-lines FILE") { c, library, engine in
        let layout = try c.layout(library: library, engine: engine)
        return ["lines": layout.lines, "boxes": layout.boxes]
    }
}

/// Lays out every case of the file `arguments[0]` (a JSON array of `Case`) with `layout`
/// and prints the answers as one JSON object by case name; a case that throws maps to
/// `{"error": "…"}`.
private func printLayouts<Case: Decodable>(
    of type: Case.Type, _ arguments: [String], usage: String,
    layout: (Case, FontLibrary, TextLayoutEngine) throws -> [String: Any]
) throws where Case: NamedCase {
    guard let path = arguments.first else { throw BenchError.usage(usage) }
    let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    let library = FontLibrary()
    let engine = TextLayoutEngine()
    var out: [String: Any] = [:]
    for c in cases {
        do {
            out[c.name] = try layout(c, library, engine)
        } catch {
            out[c.name] = ["error": "\(error)"]
        }
    }
    let data = try JSONSerialization.data(withJSONObject: out, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
}

/// A recorded case, named.
protocol NamedCase { var name: String { get } }
extension ChromiumTextCase: NamedCase {}
extension ChromiumInlineCase: NamedCase {}
