import Dispatch
import Foundation
import XCTest
@testable import TextEngine

/// An engine keeps its working buffers between calls (`LayoutScratch`): a warm engine must
/// give exactly what a fresh one gives, whatever it laid out before and from whichever
/// thread.
final class ScratchReuseTests: XCTestCase {
    /// Texts of different sizes and kinds, so each call meets buffers a bigger or smaller
    /// text, or another font's, left behind.
    func cases() throws -> [(text: String, attributes: TextAttributes, width: Double?)] {
        let mono = try attributes()
        var sans = TextAttributes(font: try DejaVu.library.font(path: ShapingTests.sans), size: 14)
        sans.lines = 0
        let long = String(repeating: "office state-of-the-art 日本語の文章 ", count: 400)
        return [
            (long, mono, widthFor(cells: 30)),
            ("aaaa bbbb", mono, widthFor(cells: 4)),
            (long, sans, 200),
            ("", mono, 100),
            ("office\noffice", sans, nil),
            ("tab\tthen 文字", mono, widthFor(cells: 12)),
            (String(long.prefix(500)), mono, nil),
        ]
    }

    func testAWarmEngineLaysOutAsAFreshOne() throws {
        let cases = try cases()
        let warm = TextLayoutEngine()
        for round in 0..<2 {
            for (index, item) in cases.enumerated() {
                let fresh = TextLayoutEngine()
                XCTAssertEqual(warm.layout(item.text, attributes: item.attributes, width: item.width),
                               fresh.layout(item.text, attributes: item.attributes, width: item.width),
                               "case \(index), round \(round)")
                XCTAssertEqual(warm.measure(item.text, attributes: item.attributes, width: item.width),
                               fresh.measure(item.text, attributes: item.attributes, width: item.width),
                               "case \(index), round \(round)")
            }
        }
        // And the values themselves, after a long text went through the same engine:
        // two words of four cells each on lines four cells wide.
        let short = warm.layout("aaaa bbbb", attributes: try attributes(), width: widthFor(cells: 4))
        XCTAssertEqual(short.lines.count, 2)
        XCTAssertEqual(short.lines[0].glyphs.count, 4)
        XCTAssertEqual(short.lines[1].glyphs.map(\.x), (0..<4).map { snap(Double($0) * cell()) })
        XCTAssertEqual(short.width, 4 * cell(), accuracy: 1e-9)
        XCTAssertEqual(short.height, 2 * naturalLineHeight(), accuracy: 1e-9)
    }

    func testOneEngineSharedByThreadsGivesEachCallItsOwnResult() throws {
        let cases = try cases()
        let engine = TextLayoutEngine()
        let expected = cases.map { TextLayoutEngine().layout($0.text, attributes: $0.attributes, width: $0.width) }
        let results = ResultSlots(count: 8 * cases.count)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Each thread walks the cases from a different start, so different texts overlap.
            for step in 0..<cases.count {
                let index = (thread + step) % cases.count
                let item = cases[index]
                results.set(thread * cases.count + index,
                            engine.layout(item.text, attributes: item.attributes, width: item.width))
            }
        }
        for thread in 0..<8 {
            for index in cases.indices {
                XCTAssertEqual(results.get(thread * cases.count + index), expected[index], "thread \(thread), case \(index)")
            }
        }
    }

    func testAScratchHandsBackEmptiedBuffersWithTheirCapacity() {
        let scratch = LayoutScratch()
        let storage = UTF16Storage(capacity: 100)
        scratch.keep(utf16: storage, clusters: Array(repeating: Cluster(start: 0, advance: 1233, kind: .visible, flags: []), count: 50),
                     records: [LineRecord(head: 0..<50, endsParagraph: true)])
        let clusters = scratch.takeClusters()
        XCTAssertTrue(clusters.isEmpty)
        XCTAssertGreaterThanOrEqual(clusters.capacity, 50)
        let records = scratch.takeRecords()
        XCTAssertTrue(records.isEmpty)
        XCTAssertGreaterThanOrEqual(records.capacity, 1)
        // `storage` is still held here, so it is not handed out to be written over.
        withExtendedLifetime(storage) { XCTAssertNil(scratch.takeUTF16Storage(capacity: 10)) }
    }

    /// Concurrent calls on long texts leave one large set of buffers behind, not one each;
    /// small ones are kept up to the pool's count.
    func testAPoolKeepsOneLargeSetOfBuffers() throws {
        func keep(units: Int, in scratch: LayoutScratch) throws {
            let buffer = try UTF16Buffer(String(repeating: "a", count: units))
            scratch.keep(utf16: buffer.storage, clusters: [], records: [])
        }
        let pool = LayoutScratchPool()
        try pool.withScratch { (outer) throws in
            try keep(units: LayoutScratchPool.largeUnits + 1, in: outer)
            try pool.withScratch { (inner) throws in try keep(units: LayoutScratchPool.largeUnits + 1, in: inner) }
        }
        XCTAssertEqual(pool.spareCount, 1)
        let small = LayoutScratchPool()
        try small.withScratch { (a) throws in
            try keep(units: 10, in: a)
            try small.withScratch { (b) throws in
                try keep(units: 10, in: b)
                try small.withScratch { (c) throws in try keep(units: 10, in: c) }
            }
        }
        XCTAssertEqual(small.spareCount, 3)
    }

    func testAScratchHandsOutItsUTF16StorageOnlyWhenNothingElseHoldsIt() throws {
        let scratch = LayoutScratch()
        do {
            let buffer = try UTF16Buffer("abc")
            scratch.keep(utf16: buffer.storage, clusters: [], records: [])
        }
        XCTAssertNotNil(scratch.takeUTF16Storage(capacity: 3))
        // Taken means gone: a second call allocates its own.
        XCTAssertNil(scratch.takeUTF16Storage(capacity: 3))
        let buffer = try UTF16Buffer("abcd")
        scratch.keep(utf16: buffer.storage, clusters: [], records: [])
        // Too small for five units.
        XCTAssertNil(scratch.takeUTF16Storage(capacity: 5))
        // Reused storage holds the new text only.
        let spare = UTF16Storage(capacity: 8)
        spare.units.initialize(repeating: 0x78)
        let reused = try UTF16Buffer("hé", reusing: spare)
        XCTAssertEqual(Array(reused.units), [0x68, 0xE9])
        XCTAssertEqual(reused.string(0..<2), "hé")
    }
}

/// Results written by several threads, each to its own slot.
private final class ResultSlots: @unchecked Sendable {  // every access under `lock`
    private var slots: [TextLayout?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ layout: TextLayout) { lock.withLock { slots[index] = layout } }
    func get(_ index: Int) -> TextLayout? { lock.withLock { slots[index] } }
}
