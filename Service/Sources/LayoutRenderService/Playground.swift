import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /playground` (with `--playground`; otherwise there is no such path): a page to write
/// specs in, its render beside it. The page, its script and its style are files of this
/// package (`Playground/`), compiled into the program: nothing is read from disk, no other
/// path is answered, and the page talks only to `POST /render` on this server, which keeps
/// its limits and its assets folder (the page adds no endpoint and opens nothing).
///
/// The answers forbid the page to load or send anything beyond this origin (a Content
/// Security Policy of `'self'`, and `blob:` for the pictures it makes), to be framed, or
/// to be sniffed as another type.
enum Playground {
    /// The playground's paths, each file's type and bytes.
    static let files: [String: (contentType: String, bytes: [UInt8])] = [
        "/playground": ("text/html; charset=utf-8", PackageResources.playground_html),
        "/playground/playground.js": ("text/javascript; charset=utf-8", PackageResources.playground_js),
        "/playground/playground.css": ("text/css; charset=utf-8", PackageResources.playground_css),
    ]

    static let contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; "
        + "img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

/// Answers the playground's paths (added to the router only with `--playground`).
struct PlaygroundMiddleware<Context: RequestContext>: RouterMiddleware {
    let retryAfterSeconds: Int

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let file = Playground.files[request.uri.path] else { return try await next(request, context) }
        guard request.method == .get || request.method == .head else {
            let error = ServiceError.methodNotAllowed(method: request.method.rawValue, allowed: ["GET", "HEAD"])
            return ErrorResponses.response(for: error, retryAfterSeconds: retryAfterSeconds)
        }
        let headers: HTTPFields = [
            .contentType: file.contentType, .contentLength: String(file.bytes.count), .cacheControl: "no-cache",
            .contentSecurityPolicy: Playground.contentSecurityPolicy, .xContentTypeOptions: "nosniff",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
        ]
        let body = request.method == .head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes))
        return Response(status: .ok, headers: headers, body: body)
    }
}
