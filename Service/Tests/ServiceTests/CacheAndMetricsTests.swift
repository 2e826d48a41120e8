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

    /// Identical uncached requests sent together get the same image; each missed the cache
    /// and was either rendered or answered by the identical render in progress, never both.
    func testIdenticalRequestsInFlightShareOneAnswer() async throws {
        try await withServer { client, _ in
            let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
                for _ in 0..<12 {
                    group.addTask {
                        let response = try await client.render(spec, query: "var.n=shared")
                        XCTAssertEqual(response.status, .ok)
                        return response.bytes
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            XCTAssertEqual(bodies.count, 12)
            XCTAssertEqual(Set(bodies).count, 1)
            let text = try await client.get("/metrics").text
            func counter(_ name: String) -> Int {
                let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
                return line.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
            }
            let misses = counter("layout_render_cache_misses_total")
            let hits = counter("layout_render_cache_hits_total")
            let shared = counter("layout_render_shared_renders_total")
            let rendered = counter("layout_render_render_duration_seconds_count")
            XCTAssertEqual(misses + hits, 12, text)
            XCTAssertEqual(rendered + shared, misses, text)
            XCTAssertGreaterThanOrEqual(rendered, 1, text)
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

    func testTheAssetsDigestFollowsNamesAndContent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-digest-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fingerprint = AssetsFingerprint()
        let empty = fingerprint.digest(of: folder.path)
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("a.png"))
        let one = fingerprint.digest(of: folder.path)
        XCTAssertNotEqual(empty, one)
        XCTAssertEqual(one, fingerprint.digest(of: folder.path))
        // Same size, another file (a rename, as deployments replace files; a rewrite in place
        // within the file system's time granularity would keep its identity).
        // (Written beside and renamed by hand: Foundation's `.atomic` leaves a
        // /tmp/TemporaryDirectory.* folder behind on Linux.)
        try Data([1, 2, 4]).write(to: folder.appendingPathComponent("a.png.new"))
        XCTAssertEqual(rename(folder.appendingPathComponent("a.png.new").path, folder.appendingPathComponent("a.png").path), 0)
        let changed = fingerprint.digest(of: folder.path)
        XCTAssertNotEqual(one, changed)
        // The same content with another time gives the same digest, in another process too.
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("a.png"))
        XCTAssertEqual(AssetsFingerprint().digest(of: folder.path), one)
    }

    /// A Kubernetes ConfigMap volume: the visible names are links into `..data`, a link to a
    /// timestamped folder. Two pods' volumes (different folder names and times) give the
    /// same digest, which follows the content the links name.
    func testAConfigMapVolumeGivesTheSameDigestOnEveryPod() throws {
        func volume(_ stamp: String, _ content: [UInt8]) throws -> URL {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("configmap-\(UUID())")
            let data = root.appendingPathComponent("..\(stamp)")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            try Data(content).write(to: data.appendingPathComponent("logo.png"))
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("..data").path,
                                                       withDestinationPath: "..\(stamp)")
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("logo.png").path,
                                                       withDestinationPath: "..data/logo.png")
            return root
        }
        let a = try volume("2026_11_24_09_00_00.1", [9, 9, 9]), b = try volume("2026_11_24_09_00_07.2", [9, 9, 9])
        let c = try volume("2026_11_24_09_00_09.3", [9, 9, 8])
        defer { for url in [a, b, c] { try? FileManager.default.removeItem(at: url) } }
        let digestA = AssetsFingerprint().digest(of: a.path)
        XCTAssertEqual(digestA, AssetsFingerprint().digest(of: b.path))
        XCTAssertNotEqual(digestA, AssetsFingerprint().digest(of: c.path))
        XCTAssertNotEqual(digestA, AssetsFingerprint().digest(of: FileManager.default.temporaryDirectory
            .appendingPathComponent("no-such-\(UUID())").path))
    }

    func testSHA256KnownAnswers() {
        func digest(_ parts: [[UInt8]]) -> String {
            var hash = SHA256()
            for part in parts { hash.update(part) }
            return SHA256.hex(hash.finalize())
        }
        XCTAssertEqual(digest([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(digest([Array("abc".utf8)]), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        XCTAssertEqual(digest([long]), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        // The same bytes in any pieces (empty ones too) give the same digest.
        XCTAssertEqual(digest([Array(long[..<5]), [], Array(long[5...])]), digest([long]))
        // A million "a": FIPS 180-4's long known answer.
        XCTAssertEqual(digest(Array(repeating: Array(repeating: 0x61, count: 1_000), count: 1_000)),
                       "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        // Fields are length-prefixed: ("ab", "c") and ("a", "bc") differ.
        var ab = SHA256(); ab.update(field: "ab"); ab.update(field: "c")
        var a = SHA256(); a.update(field: "a"); a.update(field: "bc")
        let (first, second) = (ab.finalize(), a.finalize())
        XCTAssertNotEqual(first, second)
    }
}
