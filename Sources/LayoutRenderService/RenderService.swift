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
    let metrics = ServiceMetrics()
    /// The folder images may come from: `--assets`, or an empty temporary folder.
    let assetRoot: String
    let assets: AssetsMemo

    public init(configuration: ServiceConfiguration) throws {
        self.configuration = configuration
        if let assets = configuration.assetsDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: assets, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw StartupError(message: "--assets \(assets) is not a folder")
            }
            // Resolved as the renderer resolves it, so its messages' paths can be hidden.
            assetRoot = LayoutRenderer.resolvedAssetFolder(assets)
        } else {
            let empty = FileManager.default.temporaryDirectory
                .appendingPathComponent("layout-render-no-assets-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            assetRoot = LayoutRenderer.resolvedAssetFolder(empty.path)
        }
        assets = AssetsMemo(root: assetRoot)
        guard let executable = configuration.workerExecutable ?? ServiceConfiguration.currentExecutable else {
            throw StartupError(message: "cannot find this program's own file to start render workers from")
        }
        let settings = RenderWorker.Settings(assetRoot: assetRoot, parseLimits: configuration.parseLimits,
                                             renderLimits: configuration.renderLimits,
                                             memoryMegabytes: configuration.workerMemoryMegabytes)
        let restarts = metrics.workerRestarts
        workers = WorkerPool(executable: executable, arguments: settings.arguments, workers: configuration.workers,
                             queueLength: configuration.queueLength, onRestart: { restarts.increment() })
        diffPool = RenderPool(workers: configuration.workers, queueLength: configuration.queueLength)
        cache = RenderCache(maxEntries: configuration.cacheEntries, maxBytes: configuration.cacheBytes)
    }

    /// Every path the service answers and its methods; another method on one of these
    /// paths is a 405 (`AllowedMethodsMiddleware`). HEAD answers as GET without the body.
    static let allowedMethods: [String: [HTTPRequest.Method]] = [
        "/render": [.post], "/diff": [.post], "/healthz": [.get, .head], "/readyz": [.get, .head],
        "/metrics": [.get, .head],
    ]

    /// The routes, behind the logging and counting middleware and the method check.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware(metrics: metrics))
        router.add(middleware: AllowedMethodsMiddleware(allowed: Self.allowedMethods,
                                                        retryAfterSeconds: configuration.retryAfterSeconds))
        router.post("/render") { request, context in await self.render(request, context: context) }
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
    /// threads on graceful shutdown (SIGTERM or SIGINT with `runService()`).
    ///
    /// Slow clients are bounded by the idle and body timeouts (`SlowClientHandler`, which
    /// replaces Hummingbird's idle timer) and by the connection limit (Hummingbird's
    /// `MaximumAvailableConnections`: past it the server stops accepting, and new
    /// connections wait in the kernel's backlog until one closes).
    public func application(logger: Logger) -> some ApplicationProtocol {
        let idleTimeout = TimeAmount(configuration.idleTimeout)
        let bodyTimeout = TimeAmount(configuration.bodyTimeout)
        let slowClientCloses = metrics.slowClientCloses
        let http = HTTP1Channel.Configuration(
            additionalChannelHandlers: [SlowClientHandler(idleTimeout: idleTimeout, bodyTimeout: bodyTimeout,
                                                          closes: slowClientCloses)],
            idleTimeout: nil)
        return Application(
            router: router(), server: .http1(configuration: http),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port),
                                 serverName: "layout-render",
                                 availableConnectionsDelegate: MaximumAvailableConnections(configuration.maxConnections,
                                                                                          logger: logger)),
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

    // MARK: POST /render

    func render(_ request: Request, context: some RequestContext) async -> Response {
        do {
            let query = try RenderQuery(request.uri.queryParameters.map { (String($0.key), String($0.value)) })
            let bytes = try await body(of: request)
            guard String(validating: bytes, as: UTF8.self) != nil else {
                throw ServiceError.badBody("the spec is not valid UTF-8 text")
            }
            let isJSON = request.headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
            let key = cacheKey(source: bytes, isJSON: isJSON, query: query)
            let etag = "\"\(key.prefix(40))\""
            if let wanted = request.headers[.ifNoneMatch],
               wanted.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
                metrics.cacheHits.increment()
                return Response(status: .notModified, headers: [.eTag: etag])
            }
            if let hit = cache.get(key) {
                metrics.cacheHits.increment()
                return answer(hit, etag: etag)
            }
            metrics.cacheMisses.increment()
            var request = WorkerRequest(source: bytes, format: isJSON ? .json : .spec)
            query.apply(to: &request)
            let start = ContinuousClock.now
            let reply = try await onWorker(request)
            metrics.renderDuration.recordNanoseconds(Int64((ContinuousClock.now - start) / .nanoseconds(1)))
            switch reply.outcome {
            case .failure(let error): throw error
            case .body(let body, let contentType):
                let entry = RenderCache.Entry(body: body, contentType: contentType)
                cache.put(key, entry)
                return answer(entry, etag: etag)
            }
        } catch {
            if case .overloaded? = error as? ServiceError { metrics.refusals.increment() }
            if !(error is ServiceError || error is LayoutRenderError) {
                context.logger.error("render failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            }
            return ErrorResponses.response(for: error, retryAfterSeconds: configuration.retryAfterSeconds, assetRoot: assetRoot)
        }
    }

    private func answer(_ entry: RenderCache.Entry, etag: String) -> Response {
        Response(status: .ok, headers: [.contentType: entry.contentType, .eTag: etag, .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: entry.body)))
    }

    /// SHA-256 over the tool's version, the spec's form and bytes, the query and the assets.
    func cacheKey(source: [UInt8], isJSON: Bool, query: RenderQuery) -> String {
        var hash = SHA256()
        hash.update(field: Fingerprint.toolVersion)
        hash.update(field: isJSON ? "json" : "spec")
        hash.update(field: query.canonical)
        hash.update(field: assets.digest)
        hash.update(field: "\(configuration.parseLimits) \(configuration.renderLimits)")
        hash.update(UInt64(source.count).description.utf8)
        hash.update(source)
        return SHA256.hex(hash.finalize())
    }

    // MARK: POST /diff

    struct DiffBody: Encodable {
        struct Box: Encodable { var x: Int, y: Int, width: Int, height: Int }
        var differentPixels: Int
        var antialiasedPixels: Int
        var totalPixels: Int
        var ratio: Double
        var sizeMismatch: Bool
        var boundingBox: Box?
    }

    func diff(_ request: Request, context: some RequestContext) async -> Response {
        do {
            var options = DiffOptions()
            for (name, value) in request.uri.queryParameters {
                guard name == "threshold" else {
                    throw ServiceError.badQuery(parameter: String(name), reason: "unknown parameter (expected threshold)")
                }
                guard let t = Double(String(value)), t >= 0, t <= 1 else {
                    throw ServiceError.badQuery(parameter: "threshold", reason: "expected a number from 0 to 1")
                }
                options.threshold = t
            }
            guard let boundary = request.headers[.contentType].flatMap(Multipart.boundary(contentType:)) else {
                throw ServiceError.badBody("expected multipart/form-data with a boundary")
            }
            let fields = try Multipart.fields(of: try await body(of: request), boundary: boundary)
            guard let expected = fields["expected"], let actual = fields["actual"] else {
                throw ServiceError.badBody("expected the form fields 'expected' and 'actual'")
            }
            let limits = PNGLimits(maxPixels: configuration.renderLimits.maxPixels,
                                   maxDimension: configuration.renderLimits.maxSide)
            let diffOptions = options
            let result = try await onDiffPool { () -> Result<DiffBody, ServiceError> in
                let a: RGBAImage, b: RGBAImage
                do { a = try PNGDecoder.decode(expected, limits: limits) } catch {
                    return .failure(.badImage(field: "expected", reason: "\(error)"))
                }
                do { b = try PNGDecoder.decode(actual, limits: limits) } catch {
                    return .failure(.badImage(field: "actual", reason: "\(error)"))
                }
                do {
                    let r = try diffImages(expected: a.pixels, expectedSize: (a.width, a.height),
                                           actual: b.pixels, actualSize: (b.width, b.height), options: diffOptions)
                    return .success(DiffBody(
                        differentPixels: r.differentPixels, antialiasedPixels: r.antialiasedPixels,
                        totalPixels: r.totalPixels, ratio: r.ratio, sizeMismatch: r.sizeMismatch,
                        boundingBox: r.boundingBox.map { DiffBody.Box(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }))
                } catch {
                    return .failure(.badImage(field: "actual", reason: "\(error)"))
                }
            }
            return ErrorResponses.json(.ok, try result.get())
        } catch {
            return ErrorResponses.response(for: error, retryAfterSeconds: configuration.retryAfterSeconds, assetRoot: assetRoot)
        }
    }

    // MARK: Shared

    /// The whole body, refused with 413 past `maxBodyBytes` (by Content-Length when given,
    /// else as soon as the bytes read pass it), and with 400 when it cannot be read: the
    /// connection closed before its end (the client gave up, or the idle or body timeout
    /// closed it) or its chunked encoding is malformed. Either is the client's doing.
    private func body(of request: Request) async throws -> [UInt8] {
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

    private func onWorker(_ request: WorkerRequest) async throws(ServiceError) -> WorkerReply {
        do {
            return try await workers.run(request, timeout: configuration.renderTimeout)
        } catch {
            switch error {
            case .overloaded: throw .overloaded
            case .timedOut: throw .timedOut(milliseconds: timeoutMilliseconds)
            case .workerDied: throw .workerDied
            }
        }
    }

    private func onDiffPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(ServiceError) -> T {
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
