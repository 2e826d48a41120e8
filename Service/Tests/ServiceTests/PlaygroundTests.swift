import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest

@testable import LayoutRenderService

/// `GET /playground`: there only with `--playground`, its three files compiled in and
/// nothing else under the path, answered with a policy that keeps the page on this origin;
/// the page's one new need, the spec's JSON form (`format=json`), is `POST /render`'s, with
/// its limits. (scripts/test-playground drives the page itself in headless Chromium.)
final class PlaygroundTests: XCTestCase {
    private static let pages = ["/playground", "/playground/playground.js", "/playground/playground.css"]

    func testThePlaygroundIsOffUnlessAskedFor() async throws {
        try await withServer { client, _ in
            for uri in Self.pages {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
                XCTAssertEqual(response.json["error"] as? String, "no such path: \(uri)")
                let post = try await client.executeRequest(uri: uri, method: .post, headers: [:], body: nil)
                XCTAssertEqual(post.status, .notFound, "POST \(uri): the path does not exist at all")
            }
        }
    }

    /// Through the binary: `--playground` turns the page on, its absence leaves it off.
    func testTheFlagTurnsItOnInTheProgram() async throws {
        for (arguments, status) in [(["--playground"], 200), ([], 404)] {
            let (process, port) = try ServeCommandTests.serve(["--workers", "1"] + arguments)
            defer { if process.isRunning { process.terminate() } }
            let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/playground")!)
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, status, "\(arguments)")
            process.terminate()
            process.waitUntilExit()
        }
    }

    func testItsFilesAreServedWithAPolicyThatKeepsThePageOnThisOrigin() async throws {
        try await withServer({ $0.playground = true }) { client, _ in
            for (uri, type) in zip(Self.pages, ["text/html; charset=utf-8", "text/javascript; charset=utf-8",
                                                "text/css; charset=utf-8"]) {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .ok, uri)
                XCTAssertEqual(response.headers[.contentType], type, uri)
                XCTAssertEqual(response.headers[.contentSecurityPolicy], Playground.contentSecurityPolicy)
                XCTAssertTrue(response.headers[.contentSecurityPolicy]!.hasPrefix("default-src 'none'; script-src 'self';"))
                XCTAssertTrue(response.headers[.contentSecurityPolicy]!.contains("connect-src 'self'"))
                XCTAssertEqual(response.headers[.xContentTypeOptions], "nosniff")
                // Nothing in the files names another origin: no CDN, no font or script from elsewhere.
                XCTAssertFalse(response.text.contains("http:") || response.text.contains("https:")
                               || response.text.contains("//cdn") || response.text.contains("@import"), uri)
                let head = try await client.executeRequest(uri: uri, method: .head, headers: [:], body: nil)
                XCTAssertEqual(head.status, .ok, uri)
                XCTAssertEqual(head.body.readableBytes, 0, uri)
                let put = try await client.executeRequest(uri: uri, method: .put, headers: [:], body: ByteBuffer(string: "x"))
                XCTAssertEqual(put.status, .methodNotAllowed, uri)
                XCTAssertEqual(put.headers[.allow], "GET, HEAD", uri)
            }
            let page = try await client.get("/playground").text
            XCTAssertTrue(page.contains(#"<script src="/playground/playground.js"></script>"#), page)
            XCTAssertTrue(page.contains(#"<textarea id="spec""#), page)
            let script = try await client.get("/playground/playground.js").text
            XCTAssertFalse(script.contains("innerHTML") || script.contains("eval(") || script.contains("document.write"),
                           "the page puts text from the spec or the server in as text only")
            // Nothing else under the path, and no file of the disk through it.
            for uri in ["/playground/", "/playground/index.html", "/playground/../healthz/x", "/playground/playground.js/",
                        "/playground/%2E%2E/Package.swift", "/playground/Playground.swift", "/playground.js",
                        "/playground/playground.html"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
            }
        }
    }

    func testTheJSONFormIsPOSTRendersWithItsLimits() async throws {
        try await withServer({ $0.playground = true; $0.parseLimits.maxNodes = 3 }) { client, _ in
            let spec = "canvas width=200 height=100\nbox id=red size=80x40 background=#ff0000\n"
            let response = try await client.render(spec, query: "format=json")
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.headers[.contentType], "application/json")
            let canvas = response.json["canvas"] as? [String: Any]
            XCTAssertEqual(canvas?["width"] as? Double, 200)
            let children = response.json["children"] as? [[String: Any]] ?? []
            XCTAssertEqual(children.first?["id"] as? String, "red")
            XCTAssertEqual(children.first?["background"] as? String, "#ff0000")
            // The JSON form back in gives the same picture as the text.
            let fromText = try await client.render(spec)
            let fromJSON = try await client.render(response.text, headers: [.contentType: "application/json"])
            XCTAssertEqual(fromJSON.status, .ok, fromJSON.text)
            XCTAssertEqual(fromJSON.bytes, fromText.bytes)

            let bad = try await client.render("canvas width=200\nbox size=wide\n", query: "format=json")
            XCTAssertEqual(bad.status, .badRequest)
            XCTAssertEqual(bad.json["line"] as? Int, 2, bad.text)
            let tooMany = try await client.render("canvas width=20\nvbox\n  box\n  box\n  box\n", query: "format=json")
            XCTAssertEqual(tooMany.status, .badRequest, tooMany.text)
            XCTAssertTrue((tooMany.json["error"] as? String ?? "").contains("3"), tooMany.text)
            let both = try await client.render(spec, query: "format=json&frames=1")
            XCTAssertEqual(both.status, .badRequest)
            XCTAssertEqual(both.json["error"] as? String,
                           "query parameter 'format': format=json answers the spec's JSON form; give it or frames=1, not both")
            let enveloped = try await client.executeRequest(
                uri: "/render", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(bytes: Array(try JSONSerialization.data(withJSONObject: ["spec": spec, "format": "json"]))))
            XCTAssertEqual(enveloped.status, .ok, enveloped.text)
            XCTAssertEqual(enveloped.bytes, response.bytes)
        }
    }
}
