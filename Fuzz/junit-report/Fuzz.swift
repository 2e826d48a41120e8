// libFuzzer target: what `layout-render merge-reports` and `test --shard/--grep` read from
// outside: JUnit reports downloaded from other machines, and `--shard I/N` texts. The first
// byte chooses: a JUnit document from the fuzzer's bytes (with a few fragments spliced in
// so the reader's elements are reached), or a shard text applied to a list of cases.
// It checks, for every input:
//
// - a report reads without crashing, and what it reads, written as JUnit, reads back to
//   the same cases with the same outcomes (merging merged reports changes no verdict);
// - no attachment read from it lies outside the report's folder;
// - a shard text parses to 1 ≤ I ≤ N ≤ 10,000 or is refused, and the N shards of a list
//   of cases take every case exactly once.
import Foundation
import LayoutRenderKit

private let fragments = [
    "<testsuite name=\"x\">", "</testsuite>", "<testcase name=\"", "\" file=\"", "\" time=\"", "\">", "</testcase>",
    "<failure message=\"", "</failure>", "<system-out>", "</system-out>", "<system-err>", "</system-err>",
    "[[ATTACHMENT|", "]]", "/etc/passwd", "../", "a.diff.png", "&amp;", "&#x1F600;", "&#0;", "&#1114112;",
    "<property name=\"status\" value=\"recorded\"/>", "<!--", "-->", "<?xml version=\"1.0\"?>", "\n", "/>",
]

private let folder: String = {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("junit-fuzz-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}()

private func document(_ bytes: ArraySlice<UInt8>) -> String {
    var text = ""
    var i = bytes.startIndex
    while i < bytes.endIndex {
        let b = bytes[i]
        if b >= 0xE0 {
            text += fragments[Int(b - 0xE0) % fragments.count]
        } else {
            text.unicodeScalars.append(Unicode.Scalar(b))
        }
        i += 1
    }
    return text
}

private func checkReport(_ text: String) {
    guard let read = try? JUnitReport.read(text, reportPath: folder + "/junit.xml") else { return }
    let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
    for outcome in read {
        for path in outcome.artifacts {
            let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(root + "/") else { fatalError("attachment outside the report's folder: \(path)") }
        }
    }
    // Written back, a report reads back with the same cases, in the same order, with the
    // same outcome each (the merged report of merged reports says what the first said).
    let once = FixtureReports.junit(read)
    guard let reread = try? JUnitReport.read(once, reportPath: folder + "/junit.xml") else {
        fatalError("what was read does not read back:\n\(once)")
    }
    // Names as the writer writes them: XML cannot hold control characters, which it
    // writes as `\u{1}` text.
    func summary(_ outcomes: [FixtureRunner.Outcome]) -> [String] {
        outcomes.map {
            let (name, path) = (FixtureReports.escape($0.testCase.name), FixtureReports.escape($0.testCase.specPath))
            return "\(name)\u{0}\(path)\u{0}\($0.status)\u{0}\($0.failsRun)"
        }
    }
    guard summary(read) == summary(reread) else {
        fatalError("written and read back, the cases changed:\n\(summary(read))\n\(summary(reread))\n\(once)")
    }
    _ = FixtureReports.html(read)
}

private func checkShard(_ bytes: ArraySlice<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let shard = Shard(text) else { return }
    guard (1...Shard.maxCount).contains(shard.count), (1...shard.count).contains(shard.index) else {
        fatalError("shard \(text) parsed out of range")
    }
    let count = min(shard.count, 64)
    let cases = (0..<37).map { n in
        FixtureRunner.Case(name: "c\(n)", specPath: "fx/c\(n).spec", goldenPNGPath: "", goldenFramesPath: "")
    }
    var seen: [String: Int] = [:]
    for index in 1...count {
        guard let part = Shard("\(index)/\(count)") else { fatalError("\(index)/\(count) refused") }
        for c in part.select(cases) { seen[c.name, default: 0] += 1 }
    }
    guard seen.count == cases.count, seen.values.allSatisfy({ $0 == 1 }) else {
        fatalError("the \(count) shards do not take every case once: \(seen)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJUnitReport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes[0] & 1 == 0 {
        checkReport(document(bytes[1...]))
    } else {
        checkShard(bytes[1...])
    }
    return 0
}
