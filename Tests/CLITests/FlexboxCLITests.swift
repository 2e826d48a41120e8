import Foundation
import XCTest

/// The flexbox attributes through the real binary: `convert` both ways, and the errors
/// with their places.
final class FlexboxCLITests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    func testConvertWritesEveryNewAttributeBackAndRendersTheSamePixels() throws {
        let spec = try write("""
            canvas width=120 background=#ffffff
            hbox wrap=reverse reverse align-content=center justify=safe-end align=baseline gap=5% padding-left=4
              box size=20x20 order=2 margin=0,auto margin-top=3 border-left=3,#f00 border-bottom=1,#00f clip
              box position=absolute top=2 right=10% size=10x10 background=#4f7cff
              label "ab" width=max-content align-self=safe-center
            """, "f.spec")
        let json = try CLIRunner.run(["convert", spec])
        XCTAssertEqual(json.status, 0, json.stderr)
        for member in [#""wrap": "reverse""#, #""reverse": true"#, #""align-content": "center""#, #""justify": "safe-end""#,
                       #""gap": "5%""#, #""padding-left": 4"#, #""order": 2"#, #""margin": "0,auto,0,auto""#,
                       #""margin-top": 3"#, #""border-left": "3,#ff0000""#, #""position": "absolute""#, #""top": 2"#,
                       #""right": "10%""#, #""width": "max-content""#, #""align-self": "safe-center""#] {
            XCTAssertTrue(json.stdoutText.contains(member), "\(member) in \(json.stdoutText)")
        }
        let jsonPath = try write(json.stdoutText, "f.json")
        let back = try CLIRunner.run(["convert", jsonPath])
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdoutText.contains(
            "hbox align=baseline align-content=center gap=5% justify=safe-end padding-left=4 reverse wrap=reverse\n"), back.stdoutText)
        XCTAssertTrue(back.stdoutText.contains(
            "  box margin=0,auto,0,auto size=20x20 border-bottom=1,#0000ff border-left=3,#ff0000 clip margin-top=3 order=2\n"),
                      back.stdoutText)
        let a = try CLIRunner.run([spec, "-"]), b = try CLIRunner.run([jsonPath, "-"])
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(a.stdout, b.stdout)
    }

    func testAnAnchorOnAStackChildIsAnErrorAtTheAttribute() throws {
        let spec = try write("canvas width=100\nvbox\n  box id=a size=5x5\n  label \"x\" top=a.bottom+4\n", "a.spec")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("a.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):4:17: error: 'top=a.bottom+4' is an anchor, and anchors place the children of a box; "
                                         + "in a vbox (line 2), top is an inset (CSS top): points, % or auto\n"), r.stderr)
    }

    func testAJSONInsetErrorNamesThePath() throws {
        let path = try write(#"{"canvas": {"width": 10}, "root": {"kind": "vbox", "children": [{"kind": "box", "left": "auto%"}]}}"#,
                             "bad.json")
        let r = try CLIRunner.run([path, dir.appendingPathComponent("o.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("bad.json:1:89: error: bad value for 'left': expected points, a percentage or auto (or in a box, an anchor such as header.bottom+8), not 'auto%'; did you mean 'auto'? (at $.root.children[0].left)"),
                      r.stderr)
    }
}
