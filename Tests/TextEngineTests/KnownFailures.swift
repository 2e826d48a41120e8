import Foundation
import XCTest

/// The case names of a known-failures list of `scripts/conformance` (one case a line: its
/// name, then why; `#` lines are comments).
func knownFailures(_ file: URL) throws -> Set<String> {
    Set(try String(contentsOf: file, encoding: .utf8)
        .split(separator: "\n").filter { !$0.hasPrefix("#") }
        .compactMap { $0.split(separator: " ").first.map(String.init) })
}

/// Asserts that every recorded case matches Chromium but the `known` failures, and that
/// every known failure still fails (the list can only shrink, honestly). `why` says why a
/// case differs, nil when it matches. Returns how many cases failed.
@discardableResult
func assertCasesMatchChromium(_ names: [String], known: Set<String>, why: (Int) throws -> String?,
                              file: StaticString = #filePath, line: UInt = #line) rethrows -> Int {
    var failures: [String] = []
    var failed: Set<String> = []
    for (index, name) in names.enumerated() {
        guard let why = try why(index) else { continue }
        failed.insert(name)
        if !known.contains(name) { failures.append("\(name): \(why)") }
    }
    let fixed = known.subtracting(failed)
    XCTAssert(failures.isEmpty, "\(failures.count) of \(names.count) cases differ from Chromium:\n"
              + failures.joined(separator: "\n"), file: file, line: line)
    XCTAssert(fixed.isEmpty, "known failures that now match Chromium (remove them from the list): "
              + fixed.sorted().joined(separator: ", "), file: file, line: line)
    return failed.count
}
