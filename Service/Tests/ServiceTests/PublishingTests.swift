import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PNGCodec
import XCTest

@testable import LayoutRenderService

/// What a site that publishes from the service uses: templates behind GET URLs (for
/// `og:image`), JSON requests with data, CORS, warnings beside the image, diff images.
final class PublishingTests: XCTestCase {
    private var templates: URL!

    override func setUpWithError() throws {
        templates = FileManager.default.temporaryDirectory.appendingPathComponent("lr-templates-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try """
            canvas width=120 height=40 background=#ffffff
            label "{title}" color=#000000
            """.write(to: templates.appendingPathComponent("card.spec"), atomically: false, encoding: .utf8)
        try ##"{"canvas": {"width": 30, "height": 20}, "children": [{"kind": "box", "background": "#ff0000"}]}"##
            .write(to: templates.appendingPathComponent("red.json"), atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: templates)
    }

    func testATemplateIsRenderedFromAGetURLWithPublicImmutableCaching() async throws {
        let folder = templates.path
        try await withServer({ $0.templatesDirectory = folder; $0.publicMaxAgeSeconds = 3600 }) { client, _ in
            let first = try await client.get("/render/card.png?title=Hello&scale=2")
            XCTAssertEqual(first.status, .ok, first.text)
            XCTAssertEqual(first.headers[.contentType], "image/png")
            XCTAssertEqual(first.headers[.cacheControl], "public, max-age=3600, immutable")
            let etag = try XCTUnwrap(first.headers[.eTag])
            XCTAssertTrue(etag.hasPrefix("\"") && !etag.hasPrefix("W/"), etag)
            let image = try PNGDecoder.decode(first.bytes)
            XCTAssertEqual(image.width, 240)
            XCTAssertEqual(image.height, 80)

            let again = try await client.get("/render/card.png?scale=2&title=Hello")
            XCTAssertEqual(again.headers[.eTag], etag)
            XCTAssertEqual(again.bytes, first.bytes)
            let revalidated = try await client.executeRequest(uri: "/render/card.png?title=Hello&scale=2", method: .get,
                                                              headers: [.ifNoneMatch: etag], body: nil)
            XCTAssertEqual(revalidated.status, .notModified)
            XCTAssertEqual(revalidated.headers[.cacheControl], "public, max-age=3600, immutable")

            let other = try await client.get("/render/card.png?title=Other&scale=2")
            XCTAssertEqual(other.status, .ok)
            XCTAssertNotEqual(other.headers[.eTag], etag)

            let json = try await client.get("/render/red.png")
            XCTAssertEqual(json.status, .ok, json.text)
            XCTAssertEqual(try PNGDecoder.decode(json.bytes).width, 30)

            // The extension asked for is the picture's format, and part of the ETag.
            for (ext, type, magic) in [("pdf", "application/pdf", "%PDF"), ("svg", "image/svg+xml", "<?xml"),
                                       ("jpg", "image/jpeg", "\u{FF}\u{D8}"), ("webp", "image/webp", "RIFF")] {
                let picture = try await client.get("/render/card.\(ext)?title=Hello&scale=2")
                XCTAssertEqual(picture.status, .ok, picture.text)
                XCTAssertEqual(picture.headers[.contentType], type)
                XCTAssertNotEqual(picture.headers[.eTag], etag)
                XCTAssertEqual(Array(picture.bytes.prefix(magic.unicodeScalars.count)),
                               magic.unicodeScalars.map { UInt8($0.value) }, ext)
            }
        }
    }

    func testTemplateNamesCannotLeaveTheFolderAndMissingOnesAre404() async throws {
        let folder = templates.path
        let fifo = templates.appendingPathComponent("pipe.spec").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        try await withServer({ $0.templatesDirectory = folder }) { client, _ in
            for uri in ["/render/nope.png", "/render/.hidden.png", "/render/card.gif", "/render/card", "/render/..%2Fcard.png",
                        "/render/%2E%2E.png", "/render/card%00.png"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
                XCTAssertNotNil(response.json["error"] as? String, uri)
                XCTAssertFalse(response.text.contains(folder), uri)
            }
            // A FIFO among the templates is refused at once, never opened for a blocking read.
            let pipe = try await client.get("/render/pipe.png")
            XCTAssertEqual(pipe.status, .internalServerError)
            XCTAssertTrue((pipe.json["error"] as? String ?? "").contains("not a regular file"), pipe.text)
            let bad = try await client.get("/render/card.png?frames=1")
            XCTAssertEqual(bad.status, .badRequest, bad.text)
        }
        try await withServer { client, _ in
            let response = try await client.get("/render/card.png")
            XCTAssertEqual(response.status, .notFound)
            XCTAssertTrue((response.json["error"] as? String ?? "").contains("--templates"), response.text)
        }
    }

    func testAJSONRequestCarriesTheSpecItsDataAndItsOptions() async throws {
        let spec = """
            canvas width=600 background=#ffffff
            vbox
              for post in posts
                label "{post.title}" id=post{index}
            """
        let body: [String: Any] = [
            "spec": spec, "data": ["posts": [["title": "One"], ["title": "Two"], ["title": "Three"]]],
            "width": 100, "format": "frames",
        ]
        let bytes = try JSONSerialization.data(withJSONObject: body)
        try await withServer { client, _ in
            let response = try await client.executeRequest(uri: "/render", method: .post,
                                                           headers: [.contentType: "application/json"],
                                                           body: ByteBuffer(bytes: Array(bytes)))
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.headers[.contentType], "application/json")
            XCTAssertEqual(response.json["width"] as? Double, 100)
            let nodes = response.json["nodes"] as? [[String: Any]] ?? []
            XCTAssertEqual(nodes.filter { ($0["id"] as? String)?.hasPrefix("post") ?? false }.count, 3, response.text)

            let png: [String: Any] = ["spec": ["canvas": ["width": 10, "height": 10]], "scale": 2]
            let image = try await client.executeRequest(
                uri: "/render", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: Array(try JSONSerialization.data(withJSONObject: png))))
            XCTAssertEqual(image.status, .ok, image.text)
            XCTAssertEqual(try PNGDecoder.decode(image.bytes).width, 20)

            for (bad, path, message) in [
                (#"{"spec": "canvas width=10", "colour": 1}"#, "$.colour", "unknown key"),
                (#"{"spec": 5}"#, "$.spec", "expected the spec's text"),
                (#"{"spec": "canvas width=10", "scale": true}"#, "$.scale", "expected a number"),
                (#"{"spec": "canvas width=10", "data": {"width": 3}}"#, "$.data.width", "set by the canvas"),
                (#"{"spec": "canvas width=10", "spec": "canvas width=20"}"#, "$.spec", "duplicate key"),
                ("{\"spec\": \"canvas width=10\",\n \"data\": [", "$.data[0]", "ends where a value was expected"),
                (#"{"spec": {"canvas": {"width": "wide"}}}"#, "$.spec.canvas.width", "bad value for 'width'"),
            ] {
                let response = try await client.executeRequest(uri: "/render", method: .post,
                                                               headers: [.contentType: "application/json"],
                                                               body: ByteBuffer(string: bad))
                XCTAssertEqual(response.status, .badRequest, bad)
                XCTAssertEqual(response.json["path"] as? String, path, response.text)
                XCTAssertTrue((response.json["error"] as? String ?? "").contains(message), response.text)
            }
            let placed = try await client.executeRequest(uri: "/render", method: .post,
                                                         headers: [.contentType: "application/json"],
                                                         body: ByteBuffer(string: "{\"spec\": \"canvas width=10\",\n  \"scale\": 99}"))
            XCTAssertEqual(placed.json["line"] as? Int, 2, placed.text)
            XCTAssertEqual(placed.json["column"] as? Int, 12, placed.text)
            // Data as deep as the JSON reader takes reaches the worker and reads back there
            // (a 500 once, when the worker's own limit was lower); deeper is a 400.
            func nested(_ depth: Int) -> String {
                #"{"spec": "canvas width=10 height=10", "data": {"a": "# + String(repeating: "[", count: depth)
                    + String(repeating: "]", count: depth) + "}}"
            }
            let deepest = try await client.executeRequest(uri: "/render", method: .post,
                                                          headers: [.contentType: "application/json"],
                                                          body: ByteBuffer(string: nested(1_020)))
            XCTAssertEqual(deepest.status, .ok, deepest.text)
            let tooDeep = try await client.executeRequest(uri: "/render", method: .post,
                                                          headers: [.contentType: "application/json"],
                                                          body: ByteBuffer(string: nested(1_100)))
            XCTAssertEqual(tooDeep.status, .badRequest, tooDeep.text)
            let withQuery = try await client.executeRequest(uri: "/render?scale=2", method: .post,
                                                            headers: [.contentType: "application/json"],
                                                            body: ByteBuffer(string: #"{"spec": "canvas width=10 height=10"}"#))
            XCTAssertEqual(withQuery.status, .badRequest, withQuery.text)
        }
    }

    func testCORSForConfiguredOriginsAndOPTIONSEverywhere() async throws {
        try await withServer({ $0.corsOrigins = ["https://site.example"] }) { client, _ in
            let allowed = try await client.executeRequest(uri: "/healthz", method: .get,
                                                          headers: [.origin: "https://site.example"], body: nil)
            XCTAssertEqual(allowed.headers[.accessControlAllowOrigin], "https://site.example")
            XCTAssertEqual(allowed.headers[.vary], "Origin")
            XCTAssertTrue(allowed.headers[.accessControlExposeHeaders]?.contains("ETag") ?? false)
            let other = try await client.executeRequest(uri: "/healthz", method: .get,
                                                        headers: [.origin: "https://evil.example"], body: nil)
            XCTAssertNil(other.headers[.accessControlAllowOrigin])

            let preflight = try await client.executeRequest(
                uri: "/render", method: .options,
                headers: [.origin: "https://site.example", .accessControlRequestMethod: "POST"], body: nil)
            XCTAssertEqual(preflight.status, .noContent)
            XCTAssertEqual(preflight.headers[.accessControlAllowOrigin], "https://site.example")
            XCTAssertEqual(preflight.headers[.accessControlAllowMethods], "POST, OPTIONS")
            XCTAssertTrue(preflight.headers[.accessControlAllowHeaders]?.contains("Content-Type") ?? false)
            let refused = try await client.executeRequest(
                uri: "/render", method: .options,
                headers: [.origin: "https://evil.example", .accessControlRequestMethod: "POST"], body: nil)
            XCTAssertEqual(refused.status, .noContent)
            XCTAssertNil(refused.headers[.accessControlAllowOrigin])
        }
        try await withServer({ $0.corsOrigins = ["*"] }) { client, _ in
            let any = try await client.executeRequest(uri: "/healthz", method: .get,
                                                      headers: [.origin: "https://anyone.example"], body: nil)
            XCTAssertEqual(any.headers[.accessControlAllowOrigin], "*")
        }
        try await withServer { client, _ in
            let options = try await client.executeRequest(uri: "/metrics", method: .options, headers: [:], body: nil)
            XCTAssertEqual(options.status, .noContent)
            XCTAssertEqual(options.headers[.allow], "GET, HEAD, OPTIONS")
            let plain = try await client.executeRequest(uri: "/healthz", method: .get,
                                                        headers: [.origin: "https://site.example"], body: nil)
            XCTAssertNil(plain.headers[.accessControlAllowOrigin])
        }
    }

    func testWarningsTravelInAHeaderBesideTheImage() async throws {
        try await withServer { client, _ in
            // (`fallback=none`: the default fallback fonts would cover the ideographs.)
            let response = try await client.render("canvas width=80 height=20\nlabel \"日本 ok\" fallback=none\n")
            XCTAssertEqual(response.status, .ok, response.text)
            let header = try XCTUnwrap(response.headers[ErrorResponses.warningsHeader])
            XCTAssertTrue(header.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, header)
            let messages = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String])
            XCTAssertEqual(messages.count, 1)
            XCTAssertTrue(messages[0].contains("do not cover"), messages[0])
            XCTAssertTrue(messages[0].contains("日"), messages[0])
            let cached = try await client.render("canvas width=80 height=20\nlabel \"日本 ok\" fallback=none\n")
            XCTAssertEqual(cached.headers[ErrorResponses.warningsHeader], header)
        }
    }

    func testDiffCanAnswerWithTheDiffImage() async throws {
        let white = try PNGEncoder.encode(RGBAImage(width: 4, height: 3, filledWith: (255, 255, 255, 255)))
        var changed = RGBAImage(width: 4, height: 3, filledWith: (255, 255, 255, 255))
        changed.pixels[0] = 0; changed.pixels[1] = 0; changed.pixels[2] = 0
        let black = try PNGEncoder.encode(changed)
        let boundary = "B0undary"
        var body: [UInt8] = []
        for (name, png) in [("expected", white), ("actual", black)] {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n".utf8) + png + Array("\r\n".utf8)
        }
        body += Array("--\(boundary)--\r\n".utf8)
        let form = body
        try await withServer { client, _ in
            let response = try await client.executeRequest(
                uri: "/diff?image=1", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: ByteBuffer(bytes: form))
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.headers[.contentType], "image/png")
            XCTAssertEqual(response.headers[RenderService.differentPixelsHeader], "1")
            XCTAssertEqual(response.headers[RenderService.totalPixelsHeader], "12")
            let image = try PNGDecoder.decode(response.bytes)
            XCTAssertEqual(image.width, 4)
            XCTAssertEqual(image.height, 3)
            // The changed pixel is red in the diff image.
            XCTAssertEqual(Array(image.pixels[0..<4]), [255, 0, 0, 255])
        }
    }
}
