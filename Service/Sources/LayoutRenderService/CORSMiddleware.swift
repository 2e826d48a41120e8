import Hummingbird

/// Cross-origin reads from browsers, for the origins in `--cors-origin` (or `*`), and
/// `OPTIONS` on every known path.
///
/// A request whose `Origin` is allowed gets `Access-Control-Allow-Origin` (the origin
/// itself, with `Vary: Origin`, or `*`) and the headers a page may read (`ETag`, the
/// warnings). A preflight (`OPTIONS` with `Access-Control-Request-Method`) from an allowed
/// origin is answered 204 with the path's methods and the request headers the service
/// reads; from another origin, 204 without them, so the browser refuses the request. An
/// `OPTIONS` without CORS is answered 204 with `Allow`.
struct CORSMiddleware<Context: RequestContext>: RouterMiddleware {
    let origins: [String]
    /// How long a browser may keep a preflight's answer.
    static var maxAgeSeconds: Int { 600 }

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let allowedOrigin = request.headers[.origin].flatMap(allowed)
        if request.method == .options, let route = RenderService.route(of: request.uri.path),
           let methods = RenderService.allowedMethods[route] {
            let list = (methods + [.options]).map(\.rawValue).joined(separator: ", ")
            var response = Response(status: .noContent, headers: [.allow: list])
            if let allowedOrigin, request.headers[.accessControlRequestMethod] != nil {
                response.headers[.accessControlAllowOrigin] = allowedOrigin
                response.headers[.accessControlAllowMethods] = list
                response.headers[.accessControlAllowHeaders] = "Content-Type, If-None-Match"
                response.headers[.accessControlMaxAge] = String(Self.maxAgeSeconds)
                if allowedOrigin != "*" { response.headers[.vary] = "Origin" }
            }
            return response
        }
        var response = try await next(request, context)
        if let allowedOrigin {
            response.headers[.accessControlAllowOrigin] = allowedOrigin
            response.headers[.accessControlExposeHeaders] = "ETag, \(ErrorResponses.warningsHeader.canonicalName)"
            if allowedOrigin != "*" { response.headers[.vary] = "Origin" }
        }
        return response
    }

    /// The value of `Access-Control-Allow-Origin` for `origin`, or nil when it is not allowed.
    private func allowed(_ origin: String) -> String? {
        if origins.contains("*") { return "*" }
        return origins.contains(origin) ? origin : nil
    }
}
