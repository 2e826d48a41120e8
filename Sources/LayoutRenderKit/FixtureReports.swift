import Foundation

/// Reports of a fixture run for CI systems (JUnit XML) and for people (one HTML file with
/// the images inside it).
public enum FixtureReports {
    public static func junit(_ outcomes: [FixtureRunner.Outcome]) -> String {
        let failures = outcomes.filter { $0.status == .failed }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuite name=\"layout-render\" tests=\"\(outcomes.count)\" failures=\"\(failures)\">\n"
        for o in outcomes {
            xml += "  <testcase classname=\"fixtures\" name=\"\(escape(o.testCase.specPath))\""
            if o.status == .failed {
                xml += ">\n    <failure message=\"\(escape(o.details.first ?? "failed"))\">"
                xml += escape(o.details.joined(separator: "\n")) + "</failure>\n  </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return xml + "</testsuite>\n"
    }

    /// Expected, actual and diff side by side for every failing case, and a slider that
    /// wipes between expected and actual.
    public static func html(_ outcomes: [FixtureRunner.Outcome]) -> String {
        let failed = outcomes.filter { $0.status == .failed }
        var page = """
            <!doctype html><meta charset="utf-8"><title>layout-render test report</title>
            <style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}
            .case{border-top:1px solid #ddd;padding:12px 0}
            .row{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap}
            figure{margin:0}figcaption{font-size:12px;color:#666}
            img{image-rendering:pixelated;border:1px solid #ccc;max-width:420px}
            .wipe{position:relative;display:inline-block}
            .wipe .top{position:absolute;left:0;top:0;overflow:hidden}
            .wipe .top img{max-width:none}
            </style>
            <h1>layout-render test: \(outcomes.count - failed.count) passed, \(failed.count) failed</h1>

            """
        for o in failed {
            page += "<div class=\"case\"><h2>\(escape(o.testCase.specPath))</h2><ul>"
            for d in o.details { page += "<li>\(escape(d))</li>" }
            page += "</ul>"
            let images = o.artifacts.reduce(into: [String: String]()) { result, path in
                for kind in ["expected", "actual", "diff"] where path.hasSuffix(".\(kind).png") {
                    if let data = FileManager.default.contents(atPath: path) {
                        result[kind] = "data:image/png;base64," + data.base64EncodedString()
                    }
                }
            }
            page += "<div class=\"row\">"
            for kind in ["expected", "actual", "diff"] {
                if let src = images[kind] { page += "<figure><img src=\"\(src)\"><figcaption>\(kind)</figcaption></figure>" }
            }
            page += "</div>"
            if let e = images["expected"], let a = images["actual"] {
                page += """
                    <p>Slide to wipe from expected (left) to actual (right):</p>
                    <div class="wipe"><img src="\(a)"><div class="top" style="width:50%"><img src="\(e)"></div></div><br>
                    <input type="range" min="0" max="100" value="50" oninput="this.previousElementSibling.previousElementSibling.querySelector('.top').style.width=this.value+'%'">
                    """
            }
            page += "</div>\n"
        }
        return page
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
