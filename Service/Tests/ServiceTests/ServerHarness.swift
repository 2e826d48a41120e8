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
    return try await service.application(logger: logger).test(.ahc(.http)) { client in
        try await body(client, service)
    }
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
