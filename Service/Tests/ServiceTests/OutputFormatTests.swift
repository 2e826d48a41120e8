import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

/// `format`, `quality` and `compression` on `POST /render`: the picture's bytes, its
/// Content-Type, one cache entry per format, and bad values refused as the CLI refuses them.
final class OutputFormatTests: XCTestCase {
    private static let spec = "canvas width=40 height=20 background=#336699\nbox size=10x10 background=#ff0000\n"

    func testEachFormatHasItsBytesAndContentType() async throws {
        let cases: [(String, String, [UInt8])] = [
            ("", "image/png", [0x89, 0x50, 0x4E, 0x47]),
            ("format=png&compression=smallest", "image/png", [0x89, 0x50, 0x4E, 0x47]),
            ("format=jpeg&quality=60", "image/jpeg", [0xFF, 0xD8, 0xFF]),
            ("format=jpg", "image/jpeg", [0xFF, 0xD8, 0xFF]),
            ("format=webp", "image/webp", Array("RIFF".utf8)),
            ("format=svg", "image/svg+xml", Array("<?xml".utf8)),
            ("format=pdf", "application/pdf", Array("%PDF-".utf8)),
        ]
        try await withServer { client, _ in
            var etags: Set<String> = []
            for (query, type, head) in cases {
                let response = try await client.render(Self.spec, query: query)
                XCTAssertEqual(response.status, .ok, query + " " + response.text)
                XCTAssertEqual(response.headers[.contentType], type, query)
                XCTAssertEqual(Array(response.bytes.prefix(head.count)), head, query)
                etags.insert(response.headers[.eTag] ?? "")
            }
            // The format is in the cache key: every query its own entry (jpeg and jpg alike
            // at different qualities differ anyway).
            XCTAssertEqual(etags.count, cases.count)
            // Asked again, the same answer from the cache.
            let again = try await client.render(Self.spec, query: "format=pdf")
            XCTAssertEqual(again.headers[.contentType], "application/pdf")
        }
    }

    func testTheJSONEnvelopeTakesTheFormatToo() async throws {
        let body = #"{"spec": "canvas width=20 height=10 background=#000000\n", "format": "webp", "quality": 80}"#
        try await withServer { client, _ in
            let response = try await client.render(body, headers: [.contentType: "application/json"])
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.headers[.contentType], "image/webp")
            let bad = try await client.render(#"{"spec": "canvas width=20 height=10\n", "format": "pdf", "quality": 80}"#,
                                              headers: [.contentType: "application/json"])
            XCTAssertEqual(bad.status, .badRequest)
            XCTAssertTrue(bad.text.contains("quality applies to JPEG and WebP output, not PDF"), bad.text)
        }
    }

    func testBadValuesAreRefused() async throws {
        let cases: [(String, String)] = [
            ("format=gif", "query parameter 'format': expected png, jpeg, webp, svg, pdf or json (the spec's JSON form)"),
            ("format=jpeg&quality=0", "query parameter 'quality': expected a whole number from 1 to 100"),
            ("format=jpeg&quality=101", "query parameter 'quality': expected a whole number from 1 to 100"),
            ("format=jpeg&quality=NaN", "query parameter 'quality': expected a whole number from 1 to 100"),
            ("quality=50", "query parameter 'quality': quality applies to JPEG and WebP output, not PNG"),
            ("format=svg&compression=smallest", "query parameter 'compression': compression applies to PNG output, not SVG"),
            ("compression=best", "query parameter 'compression': expected fast, balanced, smallest or fastest"),
        ]
        try await withServer { client, _ in
            for (query, message) in cases {
                let response = try await client.render(Self.spec, query: query)
                XCTAssertEqual(response.status, .badRequest, query)
                XCTAssertEqual(response.json["error"] as? String, message, query)
            }
        }
    }

    /// The service's limits hold for vector output: a canvas past them is refused, not written.
    func testAHugeCanvasAsPDFIsRefused() async throws {
        try await withServer { client, _ in
            let response = try await client.render("canvas width=20000 height=20000\n", query: "format=pdf")
            XCTAssertNotEqual(response.status, .ok)
            XCTAssertTrue((response.json["error"] as? String ?? "").contains("the limit is"), response.text)
        }
    }

    func testTheWireCarriesThePictureSettings() throws {
        var request = WorkerRequest(source: Array("canvas width=1\n".utf8), format: .spec)
        request.picture = .init(format: .jpeg, quality: 42)
        XCTAssertEqual(try WorkerRequest(decoding: request.encoded()), request)
        request.picture = .init(format: .png, compression: .smallest)
        XCTAssertEqual(try WorkerRequest(decoding: request.encoded()), request)
    }
}
