import Foundation
import Hummingbird
import HummingbirdCore
import LayoutRenderKit
import Logging
import NIOCore
import PNGCodec
import PixelDiff

/// The HTTP edge over `LayoutRenderer`: requests become `WorkerRequest`s, results become
/// PNG or JSON, errors become statuses (in `ErrorResponses`). Renders run in the
/// `WorkerPool`'s processes, which are killed and replaced when a render runs over its
/// time; diffs (bounded by the pixel limits, with no state of their own) run on the
/// `RenderPool`'s threads. Neither runs on the event loops.
public final class RenderService: Sendable {
    let configuration: ServiceConfiguration
    let workers: WorkerPool
    let diffPool: RenderPool
    let cache: RenderCache
    /// The renders running now, shared with identical requests that arrive meanwhile.
    let inFlight = InFlightRenders<Result<RenderCache.Entry, LayoutRenderError>>()
    let metrics = ServiceMetrics()
    /// The connections waiting on their clients, closed at the connection limit once idle a
    /// second (or the idle timeout, when shorter).
    let idleConnections: IdleConnections
    /// The folder images may come from: `--assets`, or an empty temporary folder.
    let assetRoot: String
    let assets: AssetsMemo
    /// The `--templates` folder, resolved; nil when templates are not served.
    let templateRoot: String?
    /// The templates' sidecars (`NAME.fixture.json`) and their data, parsed once and again
    /// when they change, not on every request.
    let templateSettings = FixtureSettingsCache()
    /// The limits as text, a part of every cache key.
    let limitsText: String

    public init(configuration: ServiceConfiguration) throws {
        self.configuration = configuration
        idleConnections = IdleConnections(grace: min(.seconds(1), configuration.idleTimeout))
        if let assets = configuration.assetsDirectory {
            // Resolved as the renderer resolves it, so its messages' paths can be hidden.
            assetRoot = try Self.folder(assets, flag: "--assets")
        } else {
            let empty = FileManager.default.temporaryDirectory
                .appendingPathComponent("layout-render-no-assets-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            assetRoot = LayoutRenderer.resolvedAssetFolder(empty.path)
        }
        assets = AssetsMemo(root: assetRoot)
        // The first scan reads and hashes every asset; later ones only what changed.
        _ = assets.digest
        templateRoot = try configuration.templatesDirectory.map { try Self.folder($0, flag: "--templates") }
        limitsText = "\(configuration.parseLimits) \(configuration.renderLimits)"
        guard let executable = configuration.workerExecutable ?? ServiceConfiguration.currentExecutable else {
            throw StartupError(message: "cannot find this program's own file to start render workers from")
        }
        let settings = RenderWorker.Settings(assetRoot: assetRoot, parseLimits: configuration.parseLimits,
                                             renderLimits: configuration.renderLimits,
                                             memoryMegabytes: configuration.workerMemoryMegabytes,
                                             imageCacheBytes: configuration.workerImageCacheBytes)
        let restarts = metrics.workerRestarts
        workers = WorkerPool(executable: executable, arguments: settings.arguments, workers: configuration.workers,
                             queueLength: configuration.queueLength, longAfter: configuration.longRenderAfter,
                             maxLong: configuration.maxLongRenders ?? max(1, configuration.workers),
                             onRestart: { restarts.increment() })
        diffPool = RenderPool(workers: configuration.workers, queueLength: configuration.queueLength)
        cache = RenderCache(maxEntries: configuration.cacheEntries, maxBytes: configuration.cacheBytes)
    }

    /// `path` resolved as the renderer resolves folders (absolute, links followed); a
    /// startup error naming `flag` when it is not a folder.
    private static func folder(_ path: String, flag: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw StartupError(message: "\(flag) \(path) is not a folder")
        }
        return LayoutRenderer.resolvedAssetFolder(path)
    }

    /// Every path the service answers and its methods; another method on one of these
    /// paths is a 405 (`AllowedMethodsMiddleware`). HEAD answers as GET without the body;
    /// OPTIONS is answered for every one of them (`CORSMiddleware`).
    static let allowedMethods: [String: [HTTPRequest.Method]] = [
        "/render": [.post], "/diff": [.post], "/healthz": [.get, .head], "/readyz": [.get, .head],
        "/metrics": [.get, .head], templateRoute: [.get, .head],
    ]

    /// The route of `GET /render/NAME.png`, as the methods table and the metrics name it.
    static let templateRoute = "/render/{template}"

    /// The known route a path belongs to, or nil.
    static func route(of path: String) -> String? {
        if allowedMethods[path] != nil { return path }
        if path.hasPrefix("/render/"), path.count > "/render/".count, !path.dropFirst(8).contains("/") {
            return templateRoute
        }
        return nil
    }

    /// The routes, behind the logging and counting middleware and the method check.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: NotFoundMiddleware())
        router.add(middleware: CORSMiddleware(origins: configuration.corsOrigins))
        router.add(middleware: AllowedMethodsMiddleware(retryAfterSeconds: configuration.retryAfterSeconds))
        if configuration.playground {
            router.add(middleware: PlaygroundMiddleware(retryAfterSeconds: configuration.retryAfterSeconds))
        }
        router.post("/render") { request, context in await self.render(request, context: context) }
        router.get("/render/:template") { request, context in await self.renderTemplate(request, context: context) }
        router.post("/diff") { request, context in await self.diff(request, context: context) }
        router.get("/healthz") { _, _ in self.health() }
        router.get("/readyz") { _, _ in self.readiness() }
        router.get("/metrics") { _, _ in
            self.metrics.record(self.workers.status)
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: self.metrics.text())))
        }
        return router
    }

    /// An application listening on the configured host and port, which stops its render
    /// workers and diff threads on graceful shutdown (SIGTERM or SIGINT with `runService()`).
    ///
    /// Slow clients are bounded by the idle and body timeouts (`SlowClientHandler`, which
    /// replaces Hummingbird's idle timer) and by the connection limit (`EvictingConnectionLimit`:
    /// at it, connections idle for a second are closed to make room, so idle connections
    /// never keep a new one, a liveness probe's, waiting longer than about that). HTTP/1.0 and malformed requests
    /// are answered as HTTP/1 requires by `HTTP1EdgeHandler`.
    public func application(logger: Logger) -> some ApplicationProtocol {
        let idleTimeout = TimeAmount(configuration.idleTimeout)
        let bodyTimeout = TimeAmount(configuration.bodyTimeout)
        let slowClientCloses = metrics.slowClientCloses
        let idle = idleConnections
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [HTTP1EdgeInstaller(),
                                        SlowClientHandler(idleTimeout: idleTimeout, bodyTimeout: bodyTimeout,
                                                          closes: slowClientCloses, idle: idle)],
            idleTimeout: nil)
        return Application(
            router: router(), server: .http1(configuration: http),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "layout-render",
                                 availableConnectionsDelegate: EvictingConnectionLimit(configuration.maxConnections, idle: idle)),
            services: [workers, diffPool], logger: logger)
    }

    // MARK: GET /healthz, GET /readyz

    /// Liveness: 200 while a worker process runs or can be started; 503 when none can
    /// (the worker program cannot start), so an orchestrator restarts the server.
    func health() -> Response {
        let status = workers.status
        if status.alive == 0 && status.spawnFailures > 0 {
            return plain(.serviceUnavailable, "no render worker can start\n")
        }
        return plain(.ok, "ok\n")
    }

    /// Readiness: 200 while a request would be taken (a worker is idle or the queue has
    /// room); 503 while the server shuts down, has no worker process, or is saturated, so a
    /// load balancer sends the next request elsewhere.
    func readiness() -> Response {
        let status = workers.status
        if status.stopping { return plain(.serviceUnavailable, "shutting down\n") }
        if status.alive == 0 { return plain(.serviceUnavailable, "no render worker is running\n") }
        if status.busy + status.queued >= status.workers + status.queueLength {
            return plain(.serviceUnavailable, "every worker is busy and the queue is full\n")
        }
        return plain(.ok, "ready\n")
    }

    private func plain(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: Shared

    /// The whole body, refused with 413 past `maxBodyBytes` (by Content-Length when given,
    /// else as soon as the bytes read pass it), and with 400 when it cannot be read: the
    /// connection closed before its end (the client gave up, or the idle or body timeout
    /// closed it) or its chunked encoding is malformed. Either is the client's doing.
    func body(of request: Request) async throws -> [UInt8] {
        let limit = configuration.maxBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw ServiceError.tooLarge(limit: limit)
        }
        do {
            var buffer = try await request.body.collect(upTo: limit)
            return buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw ServiceError.tooLarge(limit: limit)
        } catch {
            throw ServiceError.badBody("the body was cut off or is malformed")
        }
    }

    private var timeoutMilliseconds: Int { Int(configuration.renderTimeout / .milliseconds(1)) }

    /// Runs an encoded `WorkerRequest` on a worker process.
    func onWorker(frame: [UInt8]) async throws(ServiceError) -> WorkerReply {
        do {
            return try await workers.run(frame: frame, timeout: configuration.renderTimeout)
        } catch {
            switch error {
            case .overloaded: throw .overloaded
            case .timedOut: throw .timedOut(milliseconds: timeoutMilliseconds)
            case .tooManyLongRenders: throw .tooManyLongRenders(limit: workers.maxLong)
            case .workerDied: throw .workerDied
            case .noWorker: throw .noWorker
            }
        }
    }

    func onDiffPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(ServiceError) -> T {
        do {
            return try await diffPool.run(timeout: configuration.renderTimeout, work)
        } catch {
            switch error {
            case .overloaded: throw .overloaded
            case .timedOut: throw .timedOut(milliseconds: timeoutMilliseconds)
            }
        }
    }
}

/// A configuration the service cannot start with.
public struct StartupError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
