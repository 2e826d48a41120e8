import Foundation
import Synchronization

/// Golden image names made from the test, as swift-snapshot-testing makes them:
/// `__Snapshots__/TestFile/testName.png` beside the test file. A test's second unnamed
/// assertion is `testName.2.png`, its third `testName.3.png`; a named one is
/// `testName.NAME.png`.
enum SnapshotNames {
    private static let counts = Mutex<[String: Int]>([:])

    /// `golden` as given (a leading `~` expanded), else the name made from the test.
    static func goldenPath(_ golden: String?, file: String, testName: String, name: String?) -> String {
        golden.map { ($0 as NSString).expandingTildeInPath } ?? goldenPath(file: file, testName: testName, name: name)
    }

    static func goldenPath(file: String, testName: String, name: String?) -> String {
        let testFile = URL(fileURLWithPath: file)
        let folder = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
            .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
        let test = sanitized(testName.hasSuffix("()") ? String(testName.dropLast(2)) : testName)
        let suffix: String
        if let name {
            suffix = "." + sanitized(name)
        } else {
            let n = counts.withLock { counts -> Int in
                counts[file + "\n" + testName, default: 0] += 1
                return counts[file + "\n" + testName]!
            }
            suffix = n == 1 ? "" : ".\(n)"
        }
        return folder.appendingPathComponent(test + suffix + ".png").path
    }

    /// Letters, digits, `-`, `_` and `.` stay; anything else (`/`, spaces, `(`) becomes `-`.
    static func sanitized(_ text: String) -> String {
        let kept = String(text.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "-" : kept
    }
}
