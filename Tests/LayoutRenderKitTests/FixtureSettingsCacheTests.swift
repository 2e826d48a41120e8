import Foundation
@testable import LayoutRenderKit
import SpecLanguage
import XCTest

/// Sidecars kept by `FixtureSettingsCache`: read once, read again when the sidecar or its
/// data file changes (size or modification time), and a data file over the caller's limit.
final class FixtureSettingsCacheTests: XCTestCase {
    private var dir = ""

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "lr-sidecar-cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try write("canvas width=10\n", "card.spec")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private func write(_ text: String, _ name: String) throws {
        try text.write(toFile: dir + "/" + name, atomically: false, encoding: .utf8)
    }

    /// Sets the file's modification time (to the second), so that a change of the same size
    /// is, or is not, seen as one.
    private func touch(_ name: String, _ seconds: Int) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: Double(seconds))],
                                              ofItemAtPath: dir + "/" + name)
    }

    private func title(_ cache: FixtureSettingsCache) throws -> DataValue? {
        try FixtureSettings.load(forSpec: dir + "/card.spec", cache: cache)?.variables["title"]
    }

    func testASidecarIsReadAgainOnlyWhenItChanges() throws {
        let cache = FixtureSettingsCache()
        try write(#"{"vars": {"title": "one"}}"#, "card.fixture.json")
        try touch("card.fixture.json", 1_000_000)
        XCTAssertEqual(try title(cache), .string("one"))
        XCTAssertEqual(cache.count, 1)

        // The same size and modification time (written in place): taken for the same file,
        // so what was parsed is given again without reading it.
        try write(#"{"vars": {"title": "two"}}"#, "card.fixture.json")
        try touch("card.fixture.json", 1_000_000)
        XCTAssertEqual(try title(cache), .string("one"))
        // Without the cache it is read as it is now.
        XCTAssertEqual(try FixtureSettings.load(forSpec: dir + "/card.spec")?.variables["title"], .string("two"))

        // A new modification time: read again.
        try touch("card.fixture.json", 1_000_001)
        XCTAssertEqual(try title(cache), .string("two"))
        // A new size: read again.
        try write(#"{"vars": {"title": "three"}}"#, "card.fixture.json")
        try touch("card.fixture.json", 1_000_001)
        XCTAssertEqual(try title(cache), .string("three"))
        XCTAssertEqual(cache.count, 1)
    }

    func testTheDataFileIsReadAgainWhenItChanges() throws {
        let cache = FixtureSettingsCache()
        try write(#"{"data": "names.json"}"#, "card.fixture.json")
        try write(#"{"title": "A"}"#, "names.json")
        try touch("names.json", 2_000_000)
        XCTAssertEqual(try title(cache), .string("A"))
        try write(#"{"title": "B"}"#, "names.json")
        try touch("names.json", 2_000_000)
        XCTAssertEqual(try title(cache), .string("A"), "unchanged to its identity: not read again")
        try touch("names.json", 2_000_001)
        XCTAssertEqual(try title(cache), .string("B"))
        try FileManager.default.removeItem(atPath: dir + "/names.json")
        XCTAssertThrowsError(try title(cache)) { error in
            XCTAssertTrue("\(error)".contains("no data file 'names.json'"), "\(error)")
        }
    }

    func testADataFileOverTheCallersLimitIsAnErrorThatSaysTheLimit() throws {
        try write(#"{"data": "names.json"}"#, "card.fixture.json")
        try write(#"{"title": "\#(String(repeating: "a", count: 200))"}"#, "names.json")
        XCTAssertThrowsError(try FixtureSettings.load(forSpec: dir + "/card.spec", maxDataBytes: 100)) { error in
            XCTAssertTrue("\(error)".contains("cannot read the data file: the file is 213 bytes; the limit is 100"), "\(error)")
        }
        XCTAssertEqual(try FixtureSettings.load(forSpec: dir + "/card.spec", maxDataBytes: 213)?.variables["title"],
                       .string(String(repeating: "a", count: 200)))
        // A limit is part of what is kept: the same files under a smaller limit fail.
        let cache = FixtureSettingsCache()
        XCTAssertNotNil(try FixtureSettings.load(forSpec: dir + "/card.spec", maxDataBytes: 1_000, cache: cache))
        XCTAssertThrowsError(try FixtureSettings.load(forSpec: dir + "/card.spec", maxDataBytes: 100, cache: cache))
    }
}
