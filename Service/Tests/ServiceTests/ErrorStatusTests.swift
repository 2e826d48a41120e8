import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import LayoutRenderService

final class ErrorStatusTests: XCTestCase {
    func testASpecErrorAnswers400WithLineAndColumn() async throws {
        let spec = "canvas width=100\nlabel \"Hi\" colr=#fff\n"
        try await withServer { client, _ in
            let response = try await client.render(spec)
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertEqual(response.headers[.contentType], "application/json")
            let json = response.json
            XCTAssertEqual(json["line"] as? Int, 2)
            XCTAssertEqual(json["column"] as? Int, 12)
            XCTAssertTrue((json["error"] as? String ?? "").contains("colr"), response.text)
        }
    }

    /// A JSON spec's error names its JSON path and its line and column in the JSON text.
    func testAJSONSpecErrorAnswers400WithItsPathLineAndColumn() async throws {
        let spec = "{\"canvas\":\n  {\"width\": \"wide\"}}"
        try await withServer { client, _ in
            let response = try await client.render(spec, headers: [.contentType: "application/json"])
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertEqual(response.json["path"] as? String, "$.canvas.width", response.text)
            XCTAssertEqual(response.json["line"] as? Int, 2, response.text)
            XCTAssertEqual(response.json["column"] as? Int, 13, response.text)
        }
    }

    /// Going over the work budget is a 422: a well-formed request the service will not do.
    func testARenderOverItsWorkBudgetAnswers422() async throws {
        try await withServer({ $0.renderLimits.budget.maxPaintedPixels = 10_000 }) { client, _ in
            let response = try await client.render("canvas width=200 height=200 background=#ff0000\n")
            XCTAssertEqual(response.status, .unprocessableContent, response.text)
            XCTAssertTrue((response.json["error"] as? String ?? "").contains("budget"), response.text)
        }
    }

    func testABodyOverTheLimitAnswers413() async throws {
        try await withServer({ $0.maxBodyBytes = 100 }) { client, _ in
            let response = try await client.render("canvas width=100\n" + String(repeating: "# padding\n", count: 50))
            XCTAssertEqual(response.status, .contentTooLarge)
            XCTAssertNotNil(response.json["error"] as? String)
        }
    }

    func testAnUnknownRouteAnswers404InTheErrorShape() async throws {
        try await withServer { client, _ in
            let response = try await client.get("/nothing-here")
            XCTAssertEqual(response.status, .notFound)
            XCTAssertEqual(response.json["error"] as? String, "no such path: /nothing-here")
        }
    }

    /// A known path asked with another method is a 405 that names the allowed ones; every
    /// method listed in `RenderService.allowedMethods` reaches its route (no 404 or 405).
    func testAWrongMethodOnAKnownPathAnswers405WithAllow() async throws {
        let templates = FileManager.default.temporaryDirectory.appendingPathComponent("lr-405-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: templates) }
        try "canvas width=10 height=10\n".write(to: templates.appendingPathComponent("t.spec"), atomically: false, encoding: .utf8)
        try await withServer({ $0.templatesDirectory = templates.path }) { client, _ in
            for (uri, method, allow) in [("/healthz", HTTPRequest.Method.post, "GET, HEAD"), ("/render", .get, "POST"),
                                         ("/diff", .put, "POST"), ("/metrics", .delete, "GET, HEAD")] {
                let response = try await client.executeRequest(uri: uri, method: method, headers: [:], body: nil)
                XCTAssertEqual(response.status, .methodNotAllowed, "\(method) \(uri)")
                XCTAssertEqual(response.headers[.allow], allow, "\(method) \(uri)")
                XCTAssertNotNil(response.json["error"] as? String)
            }
            for (route, methods) in RenderService.allowedMethods {
                let uri = route == RenderService.templateRoute ? "/render/t.png" : route
                for method in methods {
                    let response = try await client.executeRequest(uri: uri, method: method, headers: [:], body: nil)
                    XCTAssertFalse([.notFound, .methodNotAllowed].contains(response.status), "\(method) \(uri)")
                }
            }
            let head = try await client.executeRequest(uri: "/healthz", method: .head, headers: [:], body: nil)
            XCTAssertEqual(head.status, .ok)
            XCTAssertEqual(head.body.readableBytes, 0)
            let metrics = try await client.get("/metrics").text
            XCTAssertTrue(metrics.contains(#"layout_render_http_requests_total{route="/healthz",status="405"} 1"#), metrics)
        }
    }

    func testBadQueriesAndTooLargeCanvasesAnswer400() async throws {
        try await withServer({ $0.renderLimits.maxPixels = 10_000 }) { client, _ in
            for query in ["width=-1", "scale=100", "size=10", "colour=red", "height=10", "width=nan"] {
                let response = try await client.render("canvas width=10 height=10\n", query: query)
                XCTAssertEqual(response.status, .badRequest, query)
            }
            let big = try await client.render("canvas width=1000 height=1000\n")
            XCTAssertEqual(big.status, .badRequest, big.text)
            let notText = try await client.executeRequest(uri: "/render", method: .post, headers: [:],
                                                          body: ByteBuffer(bytes: [0xff, 0xfe, 0x00]))
            XCTAssertEqual(notText.status, .badRequest)
        }
    }

    func testNodeCountAndNestingLimitsAnswer400() async throws {
        try await withServer({ $0.parseLimits.maxNodes = 10; $0.parseLimits.maxDepth = 4 }) { client, _ in
            let many = "canvas width=100\n" + String(repeating: "box size=1x1\n", count: 20)
            let tooMany = try await client.render(many)
            XCTAssertEqual(tooMany.status, .badRequest, tooMany.text)
            let deep = "canvas width=100\n" + (0..<8).map { String(repeating: "  ", count: $0) + "vbox\n" }.joined()
            let tooDeep = try await client.render(deep)
            XCTAssertEqual(tooDeep.status, .badRequest, tooDeep.text)
            XCTAssertNotNil(tooDeep.json["line"] as? Int)
            let fine = try await client.render("canvas width=100\nbox size=1x1\n")
            XCTAssertEqual(fine.status, .ok)
        }
    }

    /// An image path that leaves the assets folder is refused, and the answer quotes no file
    /// and names no server path.
    func testAPathEscapeIsRefusedWithoutFileContents() async throws {
        let assets = FileManager.default.temporaryDirectory.appendingPathComponent("service-assets-\(UUID())")
        let inside = assets.appendingPathComponent("inside")
        try FileManager.default.createDirectory(at: inside, withIntermediateDirectories: true)
        let secret = "TOP-SECRET-CONTENT-\(UUID())"
        try secret.write(to: assets.appendingPathComponent("x.png"), atomically: false, encoding: .utf8)
        try await withServer({ $0.assetsDirectory = inside.path }) { client, _ in
            for path in ["../x.png", "/etc/passwd", "../../../../etc/passwd"] {
                let response = try await client.render("canvas width=100\nimage \"\(path)\"\n")
                XCTAssertEqual(response.status, .badRequest, path)
                XCTAssertFalse(response.text.contains(secret))
                XCTAssertFalse(response.text.contains("root:"))
                XCTAssertFalse(response.text.replacingOccurrences(of: "\\/", with: "/").contains(inside.path), response.text)
                XCTAssertEqual(response.json["line"] as? Int, 2)
            }
            for font in ["../x.png", "/etc/passwd"] {
                let response = try await client.render("canvas width=100\nlabel \"Hi\" font=\"\(font)\"\n")
                XCTAssertEqual(response.status, .badRequest, font)
                XCTAssertFalse(response.text.contains(secret))
                XCTAssertFalse(response.text.contains("root:"))
                XCTAssertFalse(response.text.replacingOccurrences(of: "\\/", with: "/").contains(inside.path), response.text)
            }
        }
    }

    /// Given as a symbolic link, the assets folder is still hidden: the renderer's messages
    /// name the link's target, which is what the service replaces.
    func testAnAssetsFolderBehindASymlinkIsNotNamed() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("service-link-\(UUID())")
        let real = base.appendingPathComponent("real-assets")
        let link = base.appendingPathComponent("link")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        defer { try? FileManager.default.removeItem(at: base) }
        try await withServer({ $0.assetsDirectory = link.path }) { client, _ in
            let response = try await client.render("canvas width=100\nimage \"missing.png\"\n")
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertTrue(response.text.contains("<assets>"), response.text)
            // JSON writes "/" as "\/": compare unescaped.
            XCTAssertFalse(response.text.replacingOccurrences(of: "\\/", with: "/").contains(base.path), response.text)
        }
    }
}
