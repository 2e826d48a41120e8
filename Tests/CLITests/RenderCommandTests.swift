import Foundation
import PNGCodec
import XCTest

final class RenderCommandTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try CLIRunner.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func write(_ text: String, _ name: String = "in.spec") throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url.path
    }

    private func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(name).path)
    }

    func testRendersTheReadmeExample() throws {
        let spec = CLIRunner.repositoryRoot.appendingPathComponent("examples/card.spec").path
        let out = dir.appendingPathComponent("card.png").path
        let r = try CLIRunner.run([spec, out])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: out))))
        XCTAssertEqual(image.width, 480 * 2) // scale=2
        XCTAssertGreaterThan(image.height, 200)
    }

    func testRendersASmallSpecToExactPixels() throws {
        let spec = try write("""
            canvas width=4 height=3 background=#ff0000
            box size=2x1 background=#0000ff
            """)
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("out.png"))))
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 3)
        let blue: [UInt8] = [0, 0, 255, 255], red: [UInt8] = [255, 0, 0, 255]
        XCTAssertEqual(Array(image.pixels[0..<4]), blue)
        XCTAssertEqual(Array(image.pixels[4..<8]), blue)
        XCTAssertEqual(Array(image.pixels[8..<12]), red)
        XCTAssertEqual(Array(image.pixels[16..<20]), red) // second row
    }

    func testSpecErrorNamesThePlaceAndWritesNothing() throws {
        let spec = try write("canvas width=100\nvbox\n  labl \"x\"\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertEqual(r.stderr, """
            \(spec):3:3: error: unknown kind 'labl'; did you mean 'label'?
                  labl "x"
                  ^

            """)
        XCTAssertFalse(exists("out.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), ["in.spec"])
    }

    func testMissingInput() throws {
        let r = try CLIRunner.run([dir.appendingPathComponent("nope.spec").path, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasSuffix("nope.spec: error: cannot read the spec: no such file\n"), r.stderr)
        XCTAssertFalse(exists("out.png"))
    }

    func testUnwritableOutput() throws {
        let spec = try write("canvas width=10 height=10\n")
        let out = dir.appendingPathComponent("no/such/folder/out.png").path
        let r = try CLIRunner.run([spec, out])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.hasPrefix("\(out): error: cannot write the output:"), r.stderr)
    }

    func testMissingFontIsAnErrorNotASubstitute() throws {
        let spec = try write("canvas width=100\nlabel \"x\" font=\"Missing.ttf\"\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):2:16: error: font file 'Missing.ttf' not found in "), r.stderr)
        XCTAssertFalse(exists("out.png"))
    }

    func testMissingFamilyIsAnErrorListingTheFamilies() throws {
        let spec = try write("canvas width=100\nvbox font=\"Inter\"\n  label \"x\" weight=bold\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):2:11: error: font family 'Inter' not found in "), r.stderr)
        XCTAssertTrue(CLIRunner.listedFamilies(in: r.stderr).isSuperset(of: ["DejaVu Math TeX Gyre", "DejaVu Sans", "DejaVu Sans Mono"]), r.stderr)
        XCTAssertFalse(exists("out.png"))
    }

    func testLayoutErrorNamesTheNodeLine() throws {
        let spec = try write("""
            canvas width=100
            box size=100x100
              box id=a left=1 right=2 width=3 top=0 height=4
            """)
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.hasPrefix("\(spec):3:3: error: "), r.stderr)
        XCTAssertFalse(exists("out.png"))
    }

    func testFramesOnly() throws {
        let spec = try write("""
            canvas width=100
            vbox id=root padding=10 gap=5
              box id=a height=20
              box id=b height=30
            """)
        let frames = dir.appendingPathComponent("f.json").path
        let r = try CLIRunner.run([spec, "--frames", frames, "--frames-only"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let json = try String(contentsOfFile: frames, encoding: .utf8)
        XCTAssertEqual(json, """
            {
              "width": 100, "height": 75, "scale": 1,
              "nodes": [
                {"id": null, "kind": "canvas", "line": 1, "x": 0, "y": 0, "width": 100, "height": 75},
                {"id": "root", "kind": "vbox", "line": 2, "x": 0, "y": 0, "width": 100, "height": 75},
                {"id": "a", "kind": "box", "line": 3, "x": 10, "y": 10, "width": 80, "height": 20},
                {"id": "b", "kind": "box", "line": 4, "x": 10, "y": 10 + 20 + 5, "width": 80, "height": 30}
              ]
            }

            """.replacingOccurrences(of: "10 + 20 + 5", with: "35"))
        XCTAssertFalse(exists("out.png"))
    }

    func testStdinToStdout() throws {
        let r = try CLIRunner.run(["-", "-"], stdin: Data("canvas width=3 height=2 background=#00ff00\n".utf8))
        XCTAssertEqual(r.status, 0, r.stderr)
        let image = try PNGDecoder.decode(Array(r.stdout))
        XCTAssertEqual([image.width, image.height], [3, 2])
        XCTAssertEqual(Array(image.pixels[0..<4]), [0, 255, 0, 255])
    }

    func testSeveralSizesWriteOneImageEach() throws {
        let spec = try write("canvas width=10 height=10 background=#000\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path, "--size", "20x10", "--size", "5x6"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let a = try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("out-20x10.png"))))
        let b = try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("out-5x6.png"))))
        XCTAssertEqual([a.width, a.height, b.width, b.height], [20, 10, 5, 6])
    }

    func testCanvasTooLarge() throws {
        let spec = try write("canvas width=100000 height=100000\n")
        let r = try CLIRunner.run([spec, dir.appendingPathComponent("out.png").path])
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("the canvas is 100000x100000 pixels"), r.stderr)
        XCTAssertFalse(exists("out.png"))
    }
}
