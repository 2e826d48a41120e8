import Foundation
import HummingbirdTesting
import LayoutRenderKit
import PNGCodec
import Rendering
import SpecLanguage
import XCTest

@testable import LayoutRenderService

/// Issue 37 in the service: templates read only from inside their folder, an assets digest
/// that covers every file specs can read, query values drawn as written, the HTTP/1 edge
/// (parser errors, HTTP/1.0, idle connections at the limit) and server-side failures as 5xx.
final class HostileFilesAndEdgeTests: XCTestCase {
    var dir: URL!
    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("edge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("templates"), withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    private func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
    private func write(_ text: String, _ name: String) throws { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }

    // MARK: - Templates that link out of --templates

    func testATemplateThatLinksOutIsRefusedTheSameWhetherItsTargetExists() async throws {
        try write("SECRET-LINE root:x:0:0\n", "secret.txt")
        try FileManager.default.createSymbolicLink(atPath: path("templates/creds.spec"), withDestinationPath: "../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: path("templates/gone.spec"), withDestinationPath: "../nowhere.txt")
        try FileManager.default.createSymbolicLink(atPath: path("templates/pw.json"), withDestinationPath: "/etc/passwd")
        try await withServer({ $0.templatesDirectory = self.path("templates") }) { client, _ in
            var bodies: [String: String] = [:]
            for name in ["creds", "gone", "pw"] {
                let response = try await client.get("/render/\(name).png")
                XCTAssertEqual(response.status.code, 500, name)
                XCTAssertFalse(response.text.contains("SECRET"), response.text)
                XCTAssertFalse(response.text.contains("root:"), response.text)
                XCTAssertTrue(response.text.contains("leaves its folder"), response.text)
                bodies[name] = response.text.replacingOccurrences(of: "'\(name)'", with: "'NAME'")
            }
            XCTAssertEqual(bodies["creds"], bodies["gone"])
            XCTAssertEqual(bodies["creds"], bodies["pw"])
        }
    }

    // MARK: - The assets digest covers what specs can read

    func testAnAssetNamedWithTwoDotsIsInTheDigest() throws {
        let assets = path("assets")
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        try write("one", "assets/..logo.png")
        let fingerprint = AssetsFingerprint()
        let before = fingerprint.digest(of: assets)
        try write("two", "assets/..logo.png")
        XCTAssertNotEqual(fingerprint.digest(of: assets), before, "a replaced ..logo.png keeps its ETag")
    }

    /// A link retargeted inside the folder changes what `link.png` reads: the digest too.
    func testARetargetedLinkChangesTheDigest() throws {
        let assets = path("assets")
        try FileManager.default.createDirectory(atPath: assets, withIntermediateDirectories: true)
        try write("red", "assets/a.png")
        try write("blue", "assets/b.png")
        try FileManager.default.createSymbolicLink(atPath: path("assets/logo.png"), withDestinationPath: "a.png")
        let fingerprint = AssetsFingerprint()
        let before = fingerprint.digest(of: assets)
        try FileManager.default.removeItem(atPath: path("assets/logo.png"))
        try FileManager.default.createSymbolicLink(atPath: path("assets/logo.png"), withDestinationPath: "b.png")
        XCTAssertNotEqual(fingerprint.digest(of: assets), before)
    }

    // MARK: - Query values drawn as written

    func testATemplateQueryValueIsDrawnAsWritten() async throws {
        try write("canvas width=160 height=30 background=#ffffff\nlabel \"{title}\" size=16\n", "templates/t.spec")
        try write("canvas width=160 height=30 background=#ffffff\nlabel \"2.10\" size=16\n", "templates/literal.spec")
        try await withServer({ $0.templatesDirectory = self.path("templates") }) { client, _ in
            let drawn = try await client.get("/render/t.png?title=2.10")
            let literal = try await client.get("/render/literal.png")
            XCTAssertEqual(drawn.status.code, 200, drawn.text)
            XCTAssertEqual(literal.status.code, 200, literal.text)
            XCTAssertEqual(try PNGDecoder.decode(drawn.bytes).pixels, try PNGDecoder.decode(literal.bytes).pixels)
        }
        var request = WorkerRequest(source: [], format: .spec)
        try RenderQuery([("v", "01234")], bareVariables: true).apply(to: &request)
        XCTAssertEqual(request.variables["v"]?.description, "01234")
    }

    // MARK: - The HTTP/1 edge

    func testAMalformedRequestIsAnsweredWithTheJSONErrorBody() async throws {
        try await withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            for garbage in ["GET / HTTP/1.1\r\nBad Header Line\r\n\r\n", "NOT-HTTP\r\n\r\n",
                            "POST /render HTTP/1.1\r\nContent-Length: x\r\n\r\n"] {
                let answer = try await onThread { () -> RawConnection.Answer? in
                    let connection = try RawConnection(port: port)
                    connection.send(garbage)
                    return connection.readAnswer(timeout: 10)
                }
                let got = try XCTUnwrap(answer, garbage)
                XCTAssertEqual(got.status, 400, garbage)
                XCTAssertEqual(got.headers["content-type"], "application/json", garbage)
                let json = try JSONSerialization.jsonObject(with: Data(got.body)) as? [String: Any]
                XCTAssertNotNil(json?["error"] as? String, got.text)
            }
        }
    }

    func testAnHTTP10ConnectionClosesAfterItsAnswerUnlessItAskedForKeepAlive() async throws {
        try await withServer { client, _ in
            let port = try XCTUnwrap(client.port)
            let (closed, keptOpen) = try await onThread { () -> (Bool, Bool) in
                let plain = try RawConnection(port: port)
                plain.send("GET /healthz HTTP/1.0\r\n\r\n")
                guard plain.readAnswer(timeout: 10)?.status == 200 else { return (false, false) }
                let keepAlive = try RawConnection(port: port)
                keepAlive.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                guard keepAlive.readAnswer(timeout: 10)?.status == 200 else { return (false, false) }
                return (plain.waitForClose(timeout: 3), !keepAlive.isClosedByServer(within: 1))
            }
            XCTAssertTrue(closed, "an HTTP/1.0 connection stayed open after its answer")
            XCTAssertTrue(keptOpen, "an HTTP/1.0 keep-alive connection was closed")
        }
    }

    /// Idle connections up to and past the limit do not keep a new one (a liveness probe's)
    /// waiting: it was held in the backlog until the idle timeout closed the first ones (28 s
    /// with 530 idle connections). Through the binary: `withServer` has no connection limit.
    func testHealthzIsAnsweredWhileIdleConnectionsFillTheLimit() async throws {
        let (process, port) = try ServeCommandTests.serve(["--workers", "1", "--max-connections", "16",
                                                           "--idle-timeout-ms", "30000"])
        defer { if process.isRunning { process.terminate() } }
        let seconds = try await onThread { () -> Double in
            var idle: [RawConnection] = []
            for _ in 0..<24 { idle.append(try RawConnection(port: port)) }
            idle[0].send("GET /healthz HTTP/1.1\r\n")  // half a head: idle too
            Thread.sleep(forTimeInterval: 0.3)
            let start = Date()
            let answer = try RawConnection.request(port: port, "GET", "/healthz", timeout: 10)
            guard answer.status == 200 else { throw RawConnection.Failure(description: "status \(answer.status)") }
            withExtendedLifetime(idle) {}
            return Date().timeIntervalSince(start)
        }
        XCTAssertLessThan(seconds, 5)
    }

    // MARK: - Server-side failures are 5xx

    func testADrawingFailureOfTheMachineIsA5xxNotA4xx() throws {
        let outOfMemory = RenderError.cairo(operation: "drawing", status: "out of memory")
        XCTAssertTrue(outOfMemory.isSystemFailure)
        XCTAssertFalse(RenderError.cairo(operation: "drawing", status: "invalid matrix (not invertible)").isSystemFailure)
        var diagnostic = Diagnostic(file: nil, location: nil, message: outOfMemory.description)
        diagnostic.systemFailure = true
        // Across the worker's pipe and into a status.
        let reply = try WorkerReply(decoding: WorkerReply(.failure(.render(diagnostic))).encoded())
        guard case .failure(let error) = reply.outcome else { return XCTFail("not a failure") }
        let response = ErrorResponses.response(for: error, assetRoot: "/nowhere")
        XCTAssertEqual(response.status.code, 500)
        let plain = ErrorResponses.response(for: .render(Diagnostic(file: nil, location: nil, message: "x")), assetRoot: "/")
        XCTAssertEqual(plain.status.code, 400)
    }
}
