import Foundation
import Hummingbird
import HummingbirdTesting
import LayoutRenderKit
import PNGCodec
import PixelDiff
import XCTest

@testable import LayoutRenderService

final class RenderEndpointTests: XCTestCase {
    /// The service draws exactly what the library draws: 0 differing pixels.
    func testRenderRoundTripMatchesTheLibraryPixelForPixel() async throws {
        let spec = try String(contentsOf: repositoryRoot.appendingPathComponent("examples/card.spec"), encoding: .utf8)
        let served = try await withServer { client, _ in
            try await client.render(spec, query: "scale=1")
        }
        XCTAssertEqual(served.status, .ok)
        XCTAssertEqual(served.headers[.contentType], "image/png")
        XCTAssertNotNil(served.headers[.eTag])

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("service-tests-\(UUID())")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var options = RenderOptions(assetRoot: empty.path, scale: 1)
        options.format = .spec
        let direct = try LayoutRenderer().render(source: spec, options: options).pngData()

        let a = try PNGDecoder.decode(direct), b = try PNGDecoder.decode(served.bytes)
        let result = try diffImages(expected: a.pixels, expectedSize: (a.width, a.height),
                                    actual: b.pixels, actualSize: (b.width, b.height), options: DiffOptions())
        XCTAssertFalse(result.sizeMismatch)
        XCTAssertEqual(result.differentPixels, 0)
        XCTAssertEqual(a.width, 480)
    }

    func testFramesAnswersTheFrameDumpWithTheQuerysSizeAndVariables() async throws {
        let spec = """
            canvas width=100
            if wide
              box id=wide size=300x10
            else
              box id=narrow size=30x10
            """
        try await withServer { client, _ in
            let response = try await client.render(spec, query: "frames=1&size=200x50&var.wide=true")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers[.contentType], "application/json")
            let json = response.json
            XCTAssertEqual(json["width"] as? Double, 200)
            XCTAssertEqual(json["height"] as? Double, 50)
            let nodes = json["nodes"] as? [[String: Any]] ?? []
            XCTAssertTrue(nodes.contains { $0["id"] as? String == "wide" })
            XCTAssertFalse(nodes.contains { $0["id"] as? String == "narrow" })
        }
    }

    /// `frames=picture`: one render's picture and frames in one JSON answer, the same as
    /// the two asked apart (the playground asks for both at each pause).
    func testFramesWithThePictureAreOneAnswerOfBoth() async throws {
        let spec = "canvas width=40 height=20 background=#ffffff\nbox id=b size=10x10 background=#ff0000\n"
        try await withServer { client, _ in
            let both = try await client.render(spec, query: "frames=picture")
            XCTAssertEqual(both.status, .ok, both.text)
            XCTAssertEqual(both.headers[.contentType], "application/json")
            let png = try await client.render(spec)
            let frames = try await client.render(spec, query: "frames=1")
            XCTAssertEqual(both.json["type"] as? String, "image/png")
            let picture = try XCTUnwrap(Data(base64Encoded: both.json["picture"] as? String ?? ""))
            XCTAssertEqual(Array(picture), png.bytes)
            let bothFrames = try JSONSerialization.data(withJSONObject: both.json["frames"] as Any, options: .sortedKeys)
            let apart = try JSONSerialization.data(withJSONObject: frames.json, options: .sortedKeys)
            XCTAssertEqual(bothFrames, apart)
            let svg = try await client.render(spec, query: "frames=picture&format=svg")
            XCTAssertEqual(svg.json["type"] as? String, "image/svg+xml")
            let bad = try await client.render(spec, query: "frames=both")
            XCTAssertEqual(bad.status, .badRequest)
            XCTAssertTrue(bad.text.contains("expected 1, 0 or picture"), bad.text)
            let json = try await client.render(spec, query: "frames=picture&format=json")
            XCTAssertEqual(json.status, .badRequest, json.text)
            XCTAssertEqual(json.json["error"] as? String,
                           "query parameter 'format': format=json answers the spec's JSON form; give it or frames=picture, not both")
            let failing = try await client.render("canvas width=40\nbox colr=#000000\n", query: "frames=picture")
            XCTAssertEqual(failing.status, .badRequest, failing.text)
            XCTAssertEqual(failing.json["line"] as? Int, 2)
        }
    }

    func testJSONSpecsAreReadWhenTheContentTypeSaysSo() async throws {
        let spec = #"{"canvas": {"width": 40, "height": 20}, "children": [{"kind": "box", "id": "b", "size": "10x10"}]}"#
        try await withServer { client, _ in
            let response = try await client.render(spec, query: "frames=1", headers: [.contentType: "application/json"])
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.json["width"] as? Double, 40)
        }
    }

    func testHealthz() async throws {
        try await withServer { client, _ in
            let response = try await client.get("/healthz")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.text, "ok\n")
        }
    }

    func testDiffComparesTwoUploadedPNGs() async throws {
        let white = try PNGEncoder.encode(RGBAImage(width: 4, height: 4, filledWith: (255, 255, 255, 255)))
        var changed = RGBAImage(width: 4, height: 4, filledWith: (255, 255, 255, 255))
        changed.pixels[0] = 0; changed.pixels[1] = 0; changed.pixels[2] = 0
        let black = try PNGEncoder.encode(changed)
        let boundary = "XyZ-boundary"
        var body: [UInt8] = []
        for (name, png) in [("expected", white), ("actual", black)] {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(name).png\"\r\nContent-Type: image/png\r\n\r\n".utf8)
            body += png + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        let form = body
        try await withServer { client, _ in
            let response = try await client.executeRequest(
                uri: "/diff?threshold=0.1", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: ByteBuffer(bytes: form))
            XCTAssertEqual(response.status, .ok, response.text)
            let json = response.json
            XCTAssertEqual(json["differentPixels"] as? Int, 1)
            XCTAssertEqual(json["totalPixels"] as? Int, 16)
            XCTAssertEqual(json["sizeMismatch"] as? Bool, false)
            XCTAssertEqual(json["ratio"] as? Double, 1.0 / 16)
            let box = json["boundingBox"] as? [String: Any]
            XCTAssertEqual(box?["x"] as? Int, 0)
            XCTAssertEqual(box?["width"] as? Int, 1)

            let broken = try await client.executeRequest(
                uri: "/diff", method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"],
                body: ByteBuffer(string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"expected\"\r\n\r\nnot a png\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"actual\"\r\n\r\nnope\r\n--\(boundary)--\r\n"))
            XCTAssertEqual(broken.status, .badRequest)
            XCTAssertNotNil(broken.json["error"] as? String)
        }
    }
}
