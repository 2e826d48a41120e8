import Foundation
import XCTest
@testable import TextEngine

/// The font folders' listing gives what `FileManager.subpathsOfDirectory` gave: hidden
/// entries, nested folders, links listed but not followed, nothing for a missing folder.
final class DirectoryWalkTests: XCTestCase {
    func testListsWhatFileManagerLists() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(getpid())-\(UUID().uuidString)").path
        let outside = root + "-outside"
        defer {
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: outside)
        }
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/a/b/c", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
        try files.createDirectory(atPath: outside + "/inner", withIntermediateDirectories: true)
        for name in ["x.ttf", "a/y.OTF", "a/b/z.ttc", "a/b/c/deep.ttf", ".hidden/h.ttf", "a/.dot.ttf", "n.txt", "é ü.ttf"] {
            XCTAssertTrue(files.createFile(atPath: root + "/" + name, contents: Data()), name)
        }
        XCTAssertTrue(files.createFile(atPath: outside + "/inner/t.ttf", contents: Data()))
        try files.createSymbolicLink(atPath: root + "/linkdir", withDestinationPath: outside)
        try files.createSymbolicLink(atPath: root + "/linkfile.ttf", withDestinationPath: root + "/x.ttf")
        try files.createSymbolicLink(atPath: root + "/broken.ttf", withDestinationPath: root + "/nowhere")

        let expected = try files.subpathsOfDirectory(atPath: root).sorted()
        XCTAssertEqual(DirectoryWalk.subpaths(of: root).sorted(), expected)
        XCTAssertEqual(DirectoryWalk.subpaths(of: root + "/").sorted(), expected)
        XCTAssertTrue(expected.contains("linkdir") && !expected.contains("linkdir/inner"), "\(expected)")
        XCTAssertEqual(DirectoryWalk.subpaths(of: root + "/missing"), [])
        XCTAssertEqual(DirectoryWalk.subpaths(of: root + "/x.ttf"), [])
    }

    func testTheSystemFontFoldersListAsBefore() throws {
        for directory in FontLibrary.systemFontDirectories {
            let before = (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? []
            XCTAssertEqual(DirectoryWalk.subpaths(of: directory).sorted(), before.sorted(), directory)
        }
    }
}
