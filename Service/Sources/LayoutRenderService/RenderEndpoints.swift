import Foundation
import Hummingbird
import LayoutRenderKit
import NIOCore
import SpecLanguage

/// `POST /render` (a spec in the body, or a JSON envelope with its data) and
/// `GET /render/NAME.png` (a template from `--templates`, its variables in the query).
/// All three become one `WorkerRequest`, answered from the cache or by a worker process.
extension RenderService {
    // MARK: POST /render

    func render(_ request: Request, context: some RequestContext) async -> Response {
        do {
            let bytes = try await body(of: request)
            let isJSON = request.headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
            var work: WorkerRequest
            if isJSON, let envelope = try RenderEnvelope(json: bytes, maxDepth: configuration.parseLimits.maxJSONDepth) {
                guard request.uri.queryParameters.isEmpty else {
                    throw ServiceError.badQuery(parameter: String(request.uri.queryParameters.first!.key),
                                                reason: "with a JSON body {\"spec\": …}, give every option in the body")
                }
                work = envelope.request
                if envelope.specIsEmbeddedJSON {
                    do {
                        return try await respond(to: work, request: request, cacheControl: "no-cache")
                    } catch let error as LayoutRenderError {
                        throw Self.insideSpec(error)
                    }
                }
            } else {
                guard String(validating: bytes, as: UTF8.self) != nil else {
                    throw ServiceError.badBody("the spec is not valid UTF-8 text")
                }
                let query = try RenderQuery(request.uri.queryParameters.map { (String($0.key), String($0.value)) })
                work = WorkerRequest(source: bytes, format: isJSON ? .json : .spec)
                query.apply(to: &work)
            }
            return try await respond(to: work, request: request, cacheControl: "no-cache")
        } catch {
            return failure(error, context: context)
        }
    }

    // MARK: GET /render/NAME.png (or .jpg, .webp, .svg, .pdf)

    func renderTemplate(_ request: Request, context: some RequestContext) async -> Response {
        do {
            guard let templates = templateRoot else {
                throw ServiceError.notFound("no templates are served (the server was started without --templates)")
            }
            let file = String(request.uri.path.dropFirst("/render/".count))
            let template = try TemplateFolder(root: templates, settings: templateSettings)
                .read(file, maxBytes: configuration.maxBodyBytes)
            let query = try RenderQuery(request.uri.queryParameters.map { (String($0.key), String($0.value)) },
                                        bareVariables: true)
            var work = WorkerRequest(source: template.source, format: template.format)
            query.apply(to: &work)
            work.variables.merge(template.defaults) { given, _ in given }
            work.picture.format = template.output
            return try await respond(to: work, request: request,
                                     cacheControl: "public, max-age=\(configuration.publicMaxAgeSeconds), immutable")
        } catch {
            return failure(error, context: context)
        }
    }

    // MARK: Shared

    /// Answers from the cache (or 304), else renders in a worker and caches the answer.
    private func respond(to work: WorkerRequest, request: Request, cacheControl: String) async throws -> Response {
        // Encoded once: the cache key hashes the frame the worker is sent.
        let frame = work.encoded()
        let key = cacheKey(forFrame: frame)
        let etag = "\"\(key.prefix(40))\""
        if let wanted = request.headers[.ifNoneMatch],
           wanted.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == etag }) {
            metrics.cacheHits.increment()
            return Response(status: .notModified, headers: [.eTag: etag, .cacheControl: cacheControl])
        }
        if let hit = cache.get(key) {
            metrics.cacheHits.increment()
            return answer(hit, etag: etag, cacheControl: cacheControl)
        }
        metrics.cacheMisses.increment()
        // An identical request being rendered now is waited for, not rendered again; the
        // render caches its answer before it leaves the table of renders in progress, and
        // one that starts looks in the cache again (an identical render may have finished
        // between this request's look and its turn in the table).
        let (rendered, joined) = try await inFlight.value(for: key) {
            () async throws(ServiceError) -> Result<RenderCache.Entry, LayoutRenderError> in
            if let hit = self.cache.get(key) { return .success(hit) }
            let start = ContinuousClock.now
            let reply = try await self.onWorker(frame: frame)
            self.metrics.renderDuration.recordNanoseconds(Int64((ContinuousClock.now - start) / .nanoseconds(1)))
            switch reply.outcome {
            case .failure(let error): return .failure(error)
            case .body(let body, let contentType):
                let entry = Self.cacheEntry(body: body, contentType: contentType, reply: reply)
                self.cache.put(key, entry)
                return .success(entry)
            }
        }
        if joined { metrics.sharedRenders.increment() }
        switch rendered {
        case .failure(let error): throw error
        case .success(let entry): return answer(entry, etag: etag, cacheControl: cacheControl)
        }
    }

    private static func cacheEntry(body: [UInt8], contentType: String, reply: WorkerReply) -> RenderCache.Entry {
        RenderCache.Entry(body: body, contentType: contentType, warnings: reply.warnings.map { $0.headline })
    }

    private func answer(_ entry: RenderCache.Entry, etag: String, cacheControl: String) -> Response {
        var headers: HTTPFields = [.contentType: entry.contentType, .eTag: etag, .cacheControl: cacheControl]
        if !entry.warnings.isEmpty {
            headers[ErrorResponses.warningsHeader] = ErrorResponses.headerJSON(entry.warnings, assetRoot: assetRoot)
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: entry.body)))
    }

    /// SHA-256 over the tool's version, the whole request as a worker reads it (`frame`, the
    /// encoded `WorkerRequest`: the spec's form and bytes, size, scale, variables in name
    /// order), the limits and the assets.
    func cacheKey(forFrame frame: [UInt8]) -> String {
        var hash = SHA256()
        hash.update(field: Fingerprint.toolVersion)
        hash.update(field: limitsText)
        hash.update(field: assets.digest)
        hash.update(UInt64(frame.count).description.utf8)
        hash.update(frame)
        return SHA256.hex(hash.finalize())
    }

    /// An error about a spec sent as a JSON object inside `{"spec": …}`: its JSON path is
    /// put under `$.spec`, and its line and column, which are those of the spec as written
    /// out again for the worker, are left out.
    static func insideSpec(_ error: LayoutRenderError) -> LayoutRenderError {
        func moved(_ d: Diagnostic) -> Diagnostic {
            var d = d
            if let path = d.location?.path {
                d.location = SourceLocation(jsonPath: "$.spec" + path.dropFirst())
            } else {
                d.location = nil
            }
            d.sourceLine = nil
            return d
        }
        switch error {
        case .spec(let d): return .spec(moved(d))
        case .layout(let d): return .layout(moved(d))
        case .resource(let d): return .resource(moved(d))
        case .render(let d): return .render(moved(d))
        case .inputUnreadable, .outputUnwritable: return error
        }
    }

    func failure(_ error: any Error, context: some RequestContext) -> Response {
        switch error as? ServiceError {
        case .overloaded?, .tooManyLongRenders?: metrics.refusals.increment()
        default: break
        }
        if case .workerDied? = error as? ServiceError {
            context.logger.error("a render worker ended during its render")
        } else if !(error is ServiceError || error is LayoutRenderError) {
            context.logger.error("render failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
        }
        return ErrorResponses.response(for: error, retryAfterSeconds: configuration.retryAfterSeconds, assetRoot: assetRoot)
    }
}
