import Foundation

/// Reads back the JUnit XML that `FixtureReports.junit` writes, so that `merge-reports`
/// can join the reports of a sharded run into one JUnit file and one HTML report with the
/// same writers.
///
/// It reads that form, not every JUnit file: elements `testsuite`, `testcase`, `property`,
/// `failure`, `system-out` and `system-err`, attributes in double quotes, the five named
/// entities and numeric character references. Anything else (comments, the XML
/// declaration, other elements) is skipped; a file without a `testsuite` is `GoldenError.notAReport`.
public enum JUnitReport {
    /// The outcomes of one report, in its order. Artifact paths (`[[ATTACHMENT|PATH]]`)
    /// that are relative are looked for as written and, when missing there, beside the
    /// report (`shard-2/artifacts/card.diff.png` for `shard-2/junit.xml` and
    /// `artifacts/card.diff.png`), as a CI job that downloads each shard's files into a
    /// folder of its own finds them.
    public static func read(_ text: String, reportPath: String? = nil) throws(GoldenError) -> [FixtureRunner.Outcome] {
        var outcomes: [FixtureRunner.Outcome] = []
        var current: FixtureRunner.Outcome?
        var textTarget: String?
        var collected = ""
        var sawSuite = false
        let reportFolder = reportPath.map { ($0 as NSString).deletingLastPathComponent } ?? ""
        for token in tokens(text) {
            switch token {
            case .text(let t):
                if textTarget != nil { collected += t }
            case .open(let name, let attributes, let selfClosing):
                switch name {
                case "testsuite": sawSuite = true
                case "testcase":
                    let file = attributes["file"] ?? attributes["name"] ?? "?"
                    let c = FixtureRunner.Case(name: attributes["name"] ?? "?", specPath: file, goldenPNGPath: "", goldenFramesPath: "")
                    var outcome = FixtureRunner.Outcome(testCase: c, status: .passed, details: [])
                    outcome.seconds = Double(attributes["time"] ?? "") ?? 0
                    if selfClosing { outcomes.append(outcome) } else { current = outcome }
                case "property" where attributes["name"] == "status" && attributes["value"] == "recorded":
                    current?.status = .recorded
                case "failure":
                    if current?.status != .recorded { current?.status = .failed } else { current?.recordedUnasked = true }
                    if let message = attributes["message"], selfClosing {
                        current?.details = message.isEmpty ? [] : message.components(separatedBy: "\n")
                    }
                    if !selfClosing { textTarget = name; collected = "" }
                case "system-out", "system-err":
                    if !selfClosing { textTarget = name; collected = "" }
                default: break
                }
            case .close(let name):
                if name == textTarget {
                    let lines = collected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    switch name {
                    case "failure": current?.details = collected.isEmpty ? [] : lines
                    case "system-err":
                        current?.warnings += collected.components(separatedBy: "\n\n").filter { !$0.isEmpty }
                    default:
                        for line in lines where !line.isEmpty {
                            if line.hasPrefix("[[ATTACHMENT|"), line.hasSuffix("]]") {
                                let path = String(line.dropFirst("[[ATTACHMENT|".count).dropLast(2))
                                if let found = locate(path, besideReportIn: reportFolder) {
                                    current?.artifacts.append(found)
                                } else {
                                    current?.details.append("an attachment outside the report's folder was left out: \(path)")
                                }
                            } else if current?.status == .recorded {
                                current?.details.append(line)
                            }
                        }
                    }
                    textTarget = nil
                } else if name == "testcase", let outcome = current {
                    outcomes.append(outcome)
                    current = nil
                }
            }
        }
        guard sawSuite else { throw .notAReport }
        return outcomes
    }

    /// `path` as written when it exists; else the first of it and its tails (`run/shard-1/
    /// artifacts/c.png`, `shard-1/artifacts/c.png`, `artifacts/c.png`, `c.png`) found in
    /// the report's folder. Either way only a file inside the report's folder (links
    /// resolved) is taken: a report is data from another machine, and what it names must
    /// not put `/etc/…` or `../../secret.diff.png` into the merged HTML page. Nil when
    /// nothing inside the folder matches.
    static func locate(_ path: String, besideReportIn folder: String) -> String? {
        // Foundation traps on a path with a NUL in it; no file has one.
        guard !path.contains("\u{0}") else { return nil }
        let fm = FileManager.default
        let root = resolved(folder.isEmpty ? "." : folder)
        func inside(_ candidate: String) -> Bool {
            let target = resolved(candidate)
            return target == root || target.hasPrefix(root == "/" ? "/" : root + "/")
        }
        if fm.fileExists(atPath: path) { return inside(path) ? path : nil }
        let parts = path.split(separator: "/").filter { $0 != "." }
        guard !parts.contains("..") else { return nil }
        for start in parts.indices {
            let candidate = (folder.isEmpty ? "" : folder + "/") + parts[start...].joined(separator: "/")
            if fm.fileExists(atPath: candidate), inside(candidate) { return candidate }
        }
        return nil
    }

    /// An absolute path with `.`, `..` and links resolved.
    private static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    enum Token: Equatable {
        case open(String, [String: String], selfClosing: Bool)
        case close(String)
        case text(String)
    }

    /// The tags and texts of `xml`, entities decoded; declarations, comments and
    /// processing instructions left out.
    static func tokens(_ xml: String) -> [Token] {
        var result: [Token] = []
        var rest = Substring(xml)
        while !rest.isEmpty {
            guard let lt = rest.firstIndex(of: "<") else {
                result.append(.text(decode(rest)))
                break
            }
            if lt > rest.startIndex { result.append(.text(decode(rest[..<lt]))) }
            let tagStart = rest.index(after: lt)
            if rest[tagStart...].hasPrefix("!--") {
                guard let end = rest[tagStart...].range(of: "-->") else { break }
                rest = rest[end.upperBound...]
                continue
            }
            guard let gt = rest[tagStart...].firstIndex(of: ">") else { break }
            var body = rest[tagStart..<gt]
            rest = rest[rest.index(after: gt)...]
            if body.first == "?" || body.first == "!" { continue }
            if body.first == "/" {
                result.append(.close(body.dropFirst().trimmingCharacters(in: .whitespaces)))
                continue
            }
            let selfClosing = body.last == "/"
            if selfClosing { body = body.dropLast() }
            let name = String(body.prefix { !$0.isWhitespace })
            result.append(.open(name, attributes(body.dropFirst(name.count)), selfClosing: selfClosing))
        }
        return result
    }

    /// `a="1" b="x &amp; y"` as a dictionary.
    private static func attributes(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text
        while let eq = rest.firstIndex(of: "=") {
            let key = rest[..<eq].trimmingCharacters(in: .whitespacesAndNewlines)
            let afterEq = rest[rest.index(after: eq)...].drop { $0.isWhitespace }
            guard let quote = afterEq.first, quote == "\"" || quote == "'" else { break }
            let valueStart = afterEq.index(after: afterEq.startIndex)
            guard let close = afterEq[valueStart...].firstIndex(of: quote) else { break }
            result[key] = decode(afterEq[valueStart..<close])
            rest = afterEq[afterEq.index(after: close)...]
        }
        return result
    }

    /// Text with `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and `&#N;`/`&#xN;` decoded.
    static func decode(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        var out = ""
        var rest = text
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                out += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semi]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[String(entity)] {
                out += value
            } else if entity.hasPrefix("#x"), let v = UInt32(entity.dropFirst(2), radix: 16), let s = Unicode.Scalar(v) {
                out.unicodeScalars.append(s)
            } else if entity.hasPrefix("#"), let v = UInt32(entity.dropFirst()), let s = Unicode.Scalar(v) {
                out.unicodeScalars.append(s)
            } else {
                out += "&" + entity + ";"
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
