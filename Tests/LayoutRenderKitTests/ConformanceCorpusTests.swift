import Foundation
import LayoutRenderKit
import XCTest

/// The conformance corpus: specs with the frames headless Chromium gave the same trees as
/// HTML (`Conformance/cases/*.json`, written by `scripts/conformance --record`; the
/// expectation is data, as in Taffy's gentest). Every case is laid out through the
/// pipeline, as `layout-render --frames-only` does, and every recorded frame is compared
/// within 0.2 pt (a null field, which no recording writes now, is not compared).
///
/// The cases named in `Conformance/known-failures.txt` do not match yet. The test fails
/// when any other case mismatches, and when a listed case matches (take it off the list),
/// so the list can only shrink.
final class ConformanceCorpusTests: XCTestCase {
    struct Case: Decodable {
        var name: String
        var spec: String
        var frames: [Frame]
    }

    /// Chromium's frame of one node, by the node's spec line.
    struct Frame: Decodable {
        var line: Int
        var kind: String
        var x: Double?
        var y: Double?
        var width: Double?
        var height: Double?
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Conformance")
    static let tolerance = 0.2

    func testCorpusMatchesChromium() throws {
        try check(cases: "cases", knownFailures: "known-failures.txt")
    }

    /// The grid corpus (issue 38): `scripts/conformance --grid --record`.
    func testGridCorpusMatchesChromium() throws {
        try check(cases: "grid-cases", knownFailures: "grid-known-failures.txt")
    }

    private func check(cases folder: String, knownFailures list: String) throws {
        let cases = try Self.cases(folder)
        let known = try Self.knownFailures(list)
        XCTAssertGreaterThan(cases.count, 0, "no cases in \(Self.folder.path)/\(folder)")
        let renderer = LayoutRenderer()
        var failing = 0
        for testCase in cases {
            let mismatches = Self.mismatches(of: testCase, renderer: renderer)
            let listed = known[testCase.name] != nil
            if !mismatches.isEmpty { failing += 1 }
            if !mismatches.isEmpty && !listed {
                XCTFail("\(testCase.name) does not match Chromium:\n" + mismatches.joined(separator: "\n")
                        + "\nspec:\n" + testCase.spec)
            } else if mismatches.isEmpty && listed {
                XCTFail("\(testCase.name) matches Chromium now: take it off Conformance/\(list)")
            }
        }
        let names = Set(cases.map(\.name))
        for name in known.keys.sorted() where !names.contains(name) {
            XCTFail("Conformance/\(list) names \(name), which is not in the corpus")
        }
        print("conformance corpus \(folder): \(cases.count - failing) of \(cases.count) cases match Chromium, "
              + "\(failing) known failures")
    }

    /// One line per node whose frame is off by more than the tolerance (or the layout's error).
    static func mismatches(of testCase: Case, renderer: LayoutRenderer) -> [String] {
        let ours: [Int: FrameDump.Entry]
        do {
            let laidOut = try renderer.layout(source: testCase.spec,
                                              options: RenderOptions(fileName: testCase.name + ".spec"))
            ours = Dictionary(laidOut.frames.nodes.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            return ["  the spec does not lay out: \(error.diagnostic.description)"]
        }
        var out: [String] = []
        for expected in testCase.frames {
            guard let actual = ours[expected.line] else {
                out.append("  line \(expected.line) \(expected.kind): no frame")
                continue
            }
            let pairs: [(Double?, Double)] = [(expected.x, actual.x), (expected.y, actual.y),
                                              (expected.width, actual.width), (expected.height, actual.height)]
            if pairs.contains(where: { e, a in e.map { abs($0 - a) > tolerance } ?? false }) {
                func text(_ v: Double?) -> String { v.map { String(format: "%g", $0) } ?? "-" }
                out.append("  line \(expected.line) \(expected.kind): ours (\(text(actual.x)), \(text(actual.y)), "
                           + "\(text(actual.width)), \(text(actual.height))), Chromium (\(text(expected.x)), "
                           + "\(text(expected.y)), \(text(expected.width)), \(text(expected.height)))")
            }
        }
        return out
    }

    static func cases(_ name: String = "cases") throws -> [Case] {
        let folder = Self.folder.appendingPathComponent(name)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            try JSONDecoder().decode(Case.self, from: Data(contentsOf: folder.appendingPathComponent(name)))
        }
    }

    /// `NAME reason…` per line; `#` starts a comment line.
    static func knownFailures(_ name: String = "known-failures.txt") throws -> [String: String] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        var out: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let parts = line.split(separator: " ", maxSplits: 1)
            out[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return out
    }
}
