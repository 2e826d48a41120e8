import Foundation
import LayoutRenderKit
import PNGCodec

/// Reports of a fixture run for CI systems (JUnit XML) and for people (one HTML file with
/// the images inside it).
public enum FixtureReports {
    /// One `testsuite`; each case's `classname` is its spec's folder (`docs/examples` becomes
    /// `docs.examples`), with its `time` in seconds; a failing case's artifacts are listed in
    /// its `system-out` as `[[ATTACHMENT|PATH]]`, the form CI servers pick up, and a case's
    /// render warnings in its `system-err`, a blank line between two. A recorded case has the property `status` =
    /// `recorded`, and a `failure` when it was recorded unasked (it fails the run).
    /// `merge-reports` reads this form back (`JUnitReport`).
    public static func junit(_ outcomes: [FixtureRunner.Outcome]) -> String {
        let failures = outcomes.filter(\.failsRun).count
        let total = outcomes.reduce(0) { $0 + $1.seconds }
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"layout-render\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" time=\"\(seconds(total))\">\n"
        for o in outcomes {
            xml += "  <testcase classname=\"\(escape(className(o.testCase.specPath)))\" name=\"\(escape(o.testCase.name))\""
            xml += " file=\"\(escape(o.testCase.specPath))\" time=\"\(seconds(o.seconds))\""
            // Attachments are written for failing cases only, so they do not open an element.
            guard o.failsRun || o.status == .recorded || !o.warnings.isEmpty else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if o.status == .recorded {
                xml += "    <properties><property name=\"status\" value=\"recorded\"/></properties>\n"
            }
            if o.failsRun {
                xml += "    <failure message=\"\(escape(o.details.first ?? "failed"))\">"
                xml += escape(o.details.joined(separator: "\n")) + "</failure>\n"
            } else if o.status == .recorded {
                // What was recorded, for the merged report; not a failure.
                xml += "    <system-out>" + escape(o.details.filter { !$0.isEmpty }.joined(separator: "\n")) + "</system-out>\n"
            }
            if o.failsRun && !o.artifacts.isEmpty {
                xml += "    <system-out>" + o.artifacts.map { escape("[[ATTACHMENT|\($0)]]") }.joined(separator: "\n") + "</system-out>\n"
            }
            if !o.warnings.isEmpty {
                // A blank line between warnings: one warning is several lines (the quoted source).
                xml += "    <system-err>" + escape(o.warnings.joined(separator: "\n\n")) + "</system-err>\n"
            }
            xml += "  </testcase>\n"
        }
        return xml + "</testsuite>\n"
    }

    /// The folder of a spec, as a dotted class name: `fixtures`, `docs.examples`.
    /// Plain string work, not `NSString`'s path methods: a merged report's paths come from
    /// other machines' files, and Foundation traps on a path holding a NUL.
    static func className(_ specPath: String) -> String {
        let parts = specPath.split(separator: "/").dropLast().filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: ".")
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value.isFinite ? value : 0) }

    /// Every case, failing ones first and open: expected, actual and diff side by side, and
    /// a slider that wipes between expected and actual; passed ones listed, collapsed.
    ///
    /// The wipe stacks both images in one grid cell at their own pixel sizes (the cell is
    /// the larger of the two; a wide image scrolls) and clips the expected one at the
    /// slider's share of the cell, so images of any size and scale line up pixel for pixel
    /// (`scripts/test-report-slider` checks it in headless Chromium).
    public static func html(_ outcomes: [FixtureRunner.Outcome]) -> String {
        let failed = outcomes.filter(\.failsRun)
        var page = """
            <!doctype html><meta charset="utf-8"><title>layout-render test report</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}
            .case{border-top:1px solid #ddd;padding:12px 0}
            .row{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap}
            figure{margin:0}figcaption{font-size:12px;color:#666}
            img{image-rendering:pixelated;border:1px solid #ccc;max-width:420px}
            .scroll{max-width:100%;overflow:auto}
            .wipe{display:inline-grid}
            .wipe>img,.wipe>.top{grid-area:1/1}
            .wipe img{max-width:none;border:0}
            summary{cursor:pointer;font-weight:600}.passed summary{font-weight:normal;color:#2a7}
            .warning{color:#a60}
            code{background:#f3f3f3;padding:0 3px;border-radius:3px}
            </style>
            <h1>layout-render test: \(outcomes.count - failed.count) passed, \(failed.count) failed</h1>

            """
        for o in failed {
            let mark = o.status == .recorded ? "RECORDED" : "FAIL"
            page += "<details class=\"case failed\" open><summary>\(mark) \(escape(o.testCase.name)) (\(escape(o.testCase.specPath)))</summary><ul>"
            for d in o.details { page += "<li>\(withCode(escape(d)))</li>" }
            page += warningItems(o)
            page += "</ul>"
            let images = o.artifacts.reduce(into: [String: String]()) { result, path in
                for kind in ["expected", "actual", "diff"] where path.hasSuffix(".\(kind).png") {
                    if let data = imageBytes(path) {
                        result[kind] = "data:image/png;base64," + data.base64EncodedString()
                    }
                }
            }
            page += "<div class=\"row\">"
            for kind in ["expected", "actual", "diff"] {
                if let src = images[kind] { page += "<figure><img src=\"\(src)\"><figcaption>\(kind)</figcaption></figure>" }
            }
            // A golden recorded unasked is shown, to be looked at before it is trusted.
            if o.status == .recorded, !o.testCase.goldenPNGPath.isEmpty,
               let data = imageBytes(o.testCase.goldenPNGPath) {
                page += "<figure><img src=\"data:image/png;base64,\(data.base64EncodedString())\">"
                page += "<figcaption>recorded \(escape(o.testCase.goldenPNGPath))</figcaption></figure>"
            }
            page += "</div>"
            if let e = images["expected"], let a = images["actual"] {
                page += """
                    <p>Slide to wipe from expected (left) to actual (right), both at their own pixel size:</p>
                    <div class="scroll"><div class="wipe"><img src="\(a)"><div class="top" style="clip-path:inset(0 50% 0 0)"><img src="\(e)"></div></div></div>
                    <input type="range" min="0" max="100" value="50" oninput="this.previousElementSibling.querySelector('.top').style.clipPath='inset(0 '+(100-this.value)+'% 0 0)'">
                    """
            }
            page += "</details>\n"
        }
        let others = outcomes.filter { !$0.failsRun }
        if !others.isEmpty {
            page += "<details class=\"case passed\"><summary>\(others.count) passed</summary><ul>"
            for o in others {
                let note = o.status == .recorded ? " (recorded)" : ""
                page += "<li>\(escape(o.testCase.name)) (\(escape(o.testCase.specPath)))\(note)"
                if !o.warnings.isEmpty { page += "<ul>\(warningItems(o))</ul>" }
                page += "</li>"
            }
            page += "</ul></details>\n"
        }
        return page
    }

    /// The bytes of a PNG the page shows: a regular file (a FIFO named by a report would
    /// hold the run for ever) of at most 64 MiB that starts as a PNG does; nil otherwise.
    static func imageBytes(_ path: String) -> Data? {
        guard let bytes = try? RegularFile.read(path: path, maxBytes: 64 << 20), bytes.starts(with: pngSignature)
        else { return nil }
        return Data(bytes)
    }

    /// A case's render warnings as list items, each in the warning style.
    static func warningItems(_ o: FixtureRunner.Outcome) -> String {
        o.warnings.map { "<li class=\"warning\"><pre>\(escape($0))</pre></li>" }.joined()
    }

    /// `` `name` `` in escaped text as <code>name</code>.
    static func withCode(_ escaped: String) -> String {
        var out = "", inCode = false
        for c in escaped {
            if c == "`" { out += inCode ? "</code>" : "<code>"; inCode.toggle() } else { out.append(c) }
        }
        return inCode ? out + "</code>" : out
    }

    /// Text safe in XML and HTML: markup characters as entities, and control characters
    /// (which XML 1.0 does not allow) as `\u{1B}`.
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
