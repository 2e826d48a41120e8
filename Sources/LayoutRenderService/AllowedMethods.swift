import Hummingbird

/// Answers 405 with `Allow` for a known path asked with a method it does not take.
/// Hummingbird's router answers 404 for those (it has no notion of 405), so the routes'
/// methods are listed once here, in `RenderService.allowedMethods`, and checked before
/// routing; a test checks the list against the router.
struct AllowedMethodsMiddleware<Context: RequestContext>: RouterMiddleware {
    let allowed: [String: [HTTPRequest.Method]]
    let retryAfterSeconds: Int

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        if let methods = allowed[request.uri.path], !methods.contains(request.method) {
            let error = ServiceError.methodNotAllowed(method: request.method.rawValue, allowed: methods.map(\.rawValue))
            return ErrorResponses.response(for: error, retryAfterSeconds: retryAfterSeconds)
        }
        return try await next(request, context)
    }
}
