import Hummingbird

/// Answers 405 with `Allow` for a known path asked with a method it does not take.
/// Hummingbird's router answers 404 for those (it has no notion of 405), so the routes'
/// methods are listed once, in `RenderService.allowedMethods`, and checked before routing;
/// a test checks the list against the router.
struct AllowedMethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    let retryAfterSeconds: Int

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        if let route = RenderService.route(of: request.uri.path), let methods = RenderService.allowedMethods[route],
           !methods.contains(request.method) {
            let error = ServiceError.methodNotAllowed(method: request.method.rawValue, allowed: methods.map(\.rawValue))
            return ErrorResponses.response(for: error, retryAfterSeconds: retryAfterSeconds)
        }
        return try await next(request, context)
    }
}

/// Unknown paths get the same JSON error body as every other error, not an empty 404.
struct NotFoundMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return ErrorResponses.response(for: ServiceError.notFound("no such path: \(request.uri.path)"),
                                           retryAfterSeconds: 0)
        }
    }
}
