import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

private let spec = "canvas width=60 height=40 background=#336699\nlabel \"{n}\"\n"

final class CacheAndMetricsTests: XCTestCase {
    func testETagAndIfNoneMatchAnswer304AndRepeatsAreCacheHits() async throws {
        try await withServer { client, _ in
            let first = try await client.render(spec, query: "var.n=1")
            XCTAssertEqual(first.status, .ok)
            let etag = try XCTUnwrap(first.headers[.eTag])

            let revalidated = try await client.render(spec, query: "var.n=1", headers: [.ifNoneMatch: etag])
            XCTAssertEqual(revalidated.status, .notModified)
            XCTAssertEqual(revalidated.headers[.eTag], etag)

            let repeated = try await client.render(spec, query: "var.n=1")
            XCTAssertEqual(repeated.status, .ok)
            XCTAssertEqual(repeated.bytes, first.bytes)

            let other = try await client.render(spec, query: "var.n=2", headers: [.ifNoneMatch: etag])
            XCTAssertEqual(other.status, .ok)
            XCTAssertNotEqual(other.headers[.eTag], etag)

            let metrics = try await client.get("/metrics")
            XCTAssertEqual(metrics.status, .ok)
            XCTAssertTrue(metrics.text.contains("layout_render_cache_hits_total 2"), metrics.text)
            XCTAssertTrue(metrics.text.contains("layout_render_cache_misses_total 2"), metrics.text)
        }
    }

    func testMetricsCountRequestsByStatusAndRenderLatency() async throws {
        try await withServer { client, _ in
            _ = try await client.render(spec, query: "var.n=3")
            _ = try await client.render("canvas width=10\nlabel \"x\" nope=1\n")
            _ = try await client.get("/missing")
            let text = try await client.get("/metrics").text
            XCTAssertTrue(text.contains(#"layout_render_http_requests_total{route="/render",status="200"} 1"#), text)
            XCTAssertTrue(text.contains(#"layout_render_http_requests_total{route="/render",status="400"} 1"#), text)
            XCTAssertTrue(text.contains(#"layout_render_http_requests_total{route="other",status="404"} 1"#), text)
            XCTAssertTrue(text.contains("# TYPE layout_render_render_duration_seconds histogram"), text)
            XCTAssertTrue(text.contains("layout_render_render_duration_seconds_count 2"), text)
        }
    }

    func testTheCacheIsBoundedByCountAndBytes() {
        let cache = RenderCache(maxEntries: 2, maxBytes: 10)
        cache.put("a", .init(body: [1, 2, 3], contentType: "x"))
        cache.put("b", .init(body: [1, 2, 3], contentType: "x"))
        _ = cache.get("a")
        cache.put("c", .init(body: [1, 2, 3], contentType: "x"))
        XCTAssertNotNil(cache.get("a"))
        XCTAssertNil(cache.get("b"))
        XCTAssertEqual(cache.count, 2)
        cache.put("d", .init(body: Array(repeating: 0, count: 8), contentType: "x"))
        XCTAssertEqual(cache.count, 1)
        XCTAssertEqual(cache.bytes, 8)
        cache.put("huge", .init(body: Array(repeating: 0, count: 11), contentType: "x"))
        XCTAssertNil(cache.get("huge"))
    }

    func testTheAssetsDigestFollowsNamesSizesAndTimes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-digest-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let empty = AssetsFingerprint.digest(of: folder.path)
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("a.png"))
        let one = AssetsFingerprint.digest(of: folder.path)
        XCTAssertNotEqual(empty, one)
        XCTAssertEqual(one, AssetsFingerprint.digest(of: folder.path))
        try Data([1, 2, 3, 4]).write(to: folder.appendingPathComponent("a.png"))
        XCTAssertNotEqual(one, AssetsFingerprint.digest(of: folder.path))
    }

    func testSHA256KnownAnswers() {
        var empty = SHA256()
        XCTAssertEqual(SHA256.hex(empty.finalize()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var abc = SHA256()
        abc.update(Array("abc".utf8))
        XCTAssertEqual(SHA256.hex(abc.finalize()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var long = SHA256()
        long.update(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        XCTAssertEqual(SHA256.hex(long.finalize()), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
