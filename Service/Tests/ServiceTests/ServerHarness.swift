import Foundation
import Hummingbird
import HummingbirdTesting
import LayoutRenderKit
import Logging
import NIOCore
import XCTest

@testable import LayoutRenderService

/// The repository's root, for examples/ and fixtures/.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

/// The built `layout-render-service`, which the test process's server starts its render
/// workers from (the test bundle sits in the same build folder as the products).
let serviceBinary: URL = {
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    if dir.lastPathComponent.hasSuffix(".xctest") { dir.deleteLastPathComponent() }
    return dir.appendingPathComponent("layout-render-service")
}()

/// Starts a real server on an ephemeral loopback port (Hummingbird's AsyncHTTPClient test
/// setup), runs `body` against it, and shuts it down gracefully.
func withServer<T: Sendable>(
    file: StaticString = #fileID, line: UInt = #line,
    _ configure: (inout ServiceConfiguration) -> Void = { _ in },
    _ body: @Sendable (any TestClientProtocol, RenderService) async throws -> T
) async throws -> T {
    var configuration = ServiceConfiguration()
    configuration.port = 0
    configuration.workerExecutable = serviceBinary.path
    // A debug worker takes longer than the 100 ms after which a render is a long one: the
    // tests that count processes, restarts and timeouts run without the long-render lane
    // unless they ask for it (FairnessTests does, with its own threshold).
    configuration.longRenderAfter = .seconds(60)
    configure(&configuration)
    let service = try RenderService(configuration: configuration)
    var logger = Logger(label: "service-tests")
    logger.logLevel = .warning
    let watchdog = Watchdog(limit: 300, what: "a test server started at \(file):\(line)")
    defer { watchdog.disarm() }
    return try await service.application(logger: logger).test(.ahc(.http)) { client in
        try await body(client, service)
    }
}

/// Ends the test process with a message if a test server's test has not finished within
/// `limit` seconds. Every request of the test client has its own 15 s deadline, but
/// starting a server (binding "localhost" waits on the resolver) and a blocked raw socket
/// are outside it; a cancelled task cannot stop a blocked system call, so a hang would
/// otherwise hold the run until CI kills it, with no word of where.
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var armed = true

    init(limit: Double, what: String) {
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) { [self] in
            guard lock.withLock({ armed }) else { return }
            FileHandle.standardError.write(Data("ServiceTests: \(what) was still running after \(Int(limit)) s; stopping the run\n".utf8))
            exit(3)
        }
    }

    func disarm() { lock.withLock { armed = false } }
}

extension TestClientProtocol {
    /// POSTs a spec to /render.
    func render(_ spec: String, query: String = "", headers: HTTPFields = [:]) async throws -> TestResponse {
        try await executeRequest(uri: "/render" + (query.isEmpty ? "" : "?" + query), method: .post,
                                 headers: headers, body: ByteBuffer(string: spec))
    }

    func get(_ uri: String) async throws -> TestResponse {
        try await executeRequest(uri: uri, method: .get, headers: [:], body: nil)
    }
}

extension TestResponse {
    var bytes: [UInt8] { Array(body.readableBytesView) }
    var text: String { String(buffer: body) }
    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any] ?? [:]
    }
}

/// A spec that takes a while to draw: a big canvas, to hold a worker busy.
func slowSpec(_ n: Int) -> String {
    """
    canvas width=4000 height=4000 background=#ff000\(n % 10)
    label "slow \(n)" size=200
    """
}
