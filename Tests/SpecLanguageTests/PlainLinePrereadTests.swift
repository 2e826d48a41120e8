import XCTest
@testable import SpecLanguage

/// A big spec's lines after its first quarter read ahead on another processor
/// (`PlainLinePreread`) give the document, and the error, that reading every line in turn gives.
final class PlainLinePrereadTests: XCTestCase {
    private func parsers(limits: ParseLimits = .default) -> [(String, SpecParser)] {
        var inTurn = SpecParser(limits: limits)
        inTurn.reading.prereadFromBytes = .max
        var ahead = SpecParser(limits: limits)
        ahead.reading.prereadFromBytes = 0
        var withoutWorker = ahead
        withoutWorker.reading.prereadsOnWorker = false
        // The parser takes the first chunks itself, then a worker that began late the rest.
        var lateWorker = withoutWorker
        lateWorker.reading.lateWorkerChunk = 1
        var lateWorkerAtTheStart = withoutWorker
        lateWorkerAtTheStart.reading.lateWorkerChunk = 0
        return [("in turn", inTurn), ("read ahead", ahead), ("read ahead, no worker", withoutWorker),
                ("read ahead, a late worker", lateWorker), ("read ahead, a worker at once", lateWorkerAtTheStart)]
    }

    /// The same document, or the same error, from every parser.
    private func assertSame(_ text: String, _ name: String, limits: ParseLimits = .default,
                            file: StaticString = #filePath, line: UInt = #line) {
        var results: [(String, Result<Document, SpecError>)] = []
        for (label, parser) in parsers(limits: limits) {
            results.append((label, Result { () throws(SpecError) in try parser.parse(text) }))
        }
        let (_, first) = results[0]
        for (label, result) in results.dropFirst() {
            switch (first, result) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a, b, "\(name): \(label)", file: file, line: line)
                XCTAssertEqual(a.survey, b.survey, "\(name): \(label)", file: file, line: line)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a.description, b.description, "\(name): \(label)", file: file, line: line)
                XCTAssertEqual(a.sourceLine, b.sourceLine, "\(name): \(label)", file: file, line: line)
            default:
                XCTFail("\(name): \(label): \(first) against \(result)", file: file, line: line)
            }
        }
    }

    func testEveryRepositorySpecReadsTheSame() throws {
        let checked = try JSONFormTests.forEachRepositorySpec { name, text in
            assertSame(text, name)
            // And the survey the parser took as it read is what a walk over the tree finds
            // (its "anything to expand" may say yes where the walk says no, never no for yes).
            guard let document = try? SpecParser().parse(text), let survey = document.survey else { return }
            let walked = try document.surveyed(checkingIDs: true)
            XCTAssertEqual(survey.nodeCount, walked.nodeCount, name)
            XCTAssertEqual(survey.depth, walked.depth, name)
            if walked.needsExpansion { XCTAssertTrue(survey.needsExpansion, name) }
            var viaJSON = try JSONSpecReader().parse(SpecWriter.json(document))
            XCTAssertEqual(viaJSON.survey.map { [$0.nodeCount, $0.depth] }, [walked.nodeCount, walked.depth], name)
            viaJSON.canvas.children.append(Node(kind: .box, location: SourceLocation(line: 1, column: 1)))
            XCTAssertNil(viaJSON.survey, name)
        }
        XCTAssertGreaterThan(checked, 10)
    }

    /// Many chunks, plain and other lines mixed, errors before and after the lines read
    /// ahead and where they start (line 3,002 of 12,004).
    func testABigSpecAndItsErrorsReadTheSame() {
        var lines = ["canvas width=800", "style s gap=2", "# a comment", ""]
        for i in 0..<12_000 {
            switch i % 7 {
            case 0: lines.append("vbox style=s padding=4")
            case 1: lines.append("  label \"row \(i) ünïcode\" size=12")
            case 2: lines.append("  hbox gap=3 margin=1,2")
            case 3: lines.append("    box width=\(i % 50) height=8 grow=1")
            case 4: lines.append("    # note \(i)")
            case 5: lines.append("    spacer")
            default: lines.append("    box width=10%  height=auto # trailing")
            }
        }
        let spec = lines.joined(separator: "\n")
        assertSame(spec, "big")
        for (index, bad) in [(10, "  box widht=3"), (3_001, "    box width=abc"), (3_000, "  frob"), (6_000, "    box width=abc"), (6_003, "  frob x=1"), (11_990, "    box grow=x"),
                             (7_001, "          vbox"), (9_000, "\tbox"), (12_003, "label")] {
            var broken = lines
            broken.insert(bad, at: index)
            assertSame(broken.joined(separator: "\n"), "error at line \(index + 1)")
            XCTAssertThrowsError(try SpecParser().parse(broken.joined(separator: "\n")), "line \(index + 1)") { error in
                XCTAssertEqual((error as? SpecError)?.location.line, index + 1, "\(error)")
            }
        }
    }

    /// Far more plain lines than the spec may have nodes: the same error at the limit's
    /// line (the worker stops reading at the limit, the parser stops at its line).
    func testLinesPastTheNodeLimitGiveTheSameError() {
        var limits = ParseLimits()
        limits.maxNodes = 1_000
        let spec = "canvas width=10\n" + String(repeating: "box width=1 height=2\n", count: 60_000)
        assertSame(spec, "past the limit", limits: limits)
        XCTAssertThrowsError(try SpecParser(limits: limits).parse(spec)) { error in
            XCTAssertEqual((error as? SpecError)?.location.line, 1_002)
        }
    }

    /// The parser takes the first chunk before the worker has begun (its processor was
    /// busy), the worker then takes and reads all the others: the parser gets every line
    /// the worker read, the last chunk's too, without waiting for ever. (A count of the
    /// chunks read left the parser waiting for the worker's last chunk: a big spec's render
    /// hung while the other processor was busy.)
    func testAWorkerThatBeginsLateTakesTheRestAndTheParserGetsEveryChunk() throws {
        let spec = "canvas width=10\n" + (0..<20_000).map { "box width=\($0 % 90) height=2\n" }.joined()
        let lines = SourceLines(spec)
        let preread = try XCTUnwrap(PlainLinePreread.start(lines, sourceBytes: spec.utf8.count, limits: .default,
                                                           fromBytes: 0, worker: false))
        var expected: [Int: PlainLineReader.Line] = [:]
        lines.forEachLine { bytes, index in
            if case .plain(let line) = PlainLinePreread.reading(bytes, number: index + 1) { expected[index] = line }
        }
        // The parser reaches the first line read ahead: the worker has not begun, so the
        // parser takes that line's chunk and reads it itself.
        XCTAssertNil(preread.reading(ofLine: preread.firstLine))
        // Then the worker begins and reads every other chunk.
        preread.readAhead()
        let parsed = expectation(description: "the parser got every line")
        nonisolated(unsafe) var read: [Int: PlainLineReader.Line] = [:]
        nonisolated(unsafe) var own: Set<Int> = []
        DispatchQueue.global().async {
            for index in preread.firstLine + 1..<lines.count {
                switch preread.reading(ofLine: index) {
                case .plain(let line)?: read[index] = line
                case .other?: break
                case nil: own.insert(index)
                }
            }
            parsed.fulfill()
        }
        wait(for: [parsed], timeout: 60)
        XCTAssertFalse(own.isEmpty, "the parser read its chunk's lines")
        XCTAssertGreaterThan(read.count, 5_000, "the worker read the other chunks")
        XCTAssertEqual(expected.keys.filter { $0 > preread.firstLine && read[$0] == nil && !own.contains($0) }.count, 0,
                       "every plain line is read by one of them")
        for (index, line) in read {
            XCTAssertEqual(line.argument, expected[index]?.argument, "line \(index + 1)")
            XCTAssertEqual(line.attributes, expected[index]?.attributes, "line \(index + 1)")
        }
    }
}
