import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPTypesHTTP1

/// What the HTTP/1 edge owes a client before Hummingbird sees its request, on the HTTP/1
/// side of the pipeline (where the request's version is still known; past
/// `HTTP1ToHTTPServerCodec` every request reads as HTTP/1.1):
///
/// - **HTTP/1.0 closes** unless it asked for keep-alive (RFC 9112 §9.3): its head is given
///   `Connection: close`, which Hummingbird honours by closing after the answer. (It was kept
///   open, a client reading to the end of the answer waiting for ever.) A `Connection`
///   header that lists `close` among other tokens, or in capitals, is normalised the same way.
/// - **A malformed request gets the documented JSON body**: a parser error (a bad request
///   line, header or chunk) is answered `400` with `{"error": …}` and the connection
///   closed (it was a 400 with an empty body). Only when no answer is being written: an
///   error in the middle of a request's body is left to Hummingbird, whose answer is already
///   under way.
///
/// Installed before the codec by `HTTP1EdgeInstaller` (Hummingbird's extra handlers go after it).
final class HTTP1EdgeHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    /// Requests whose head has arrived and whose answer's end has not been written.
    private var requestsOpen = 0
    private var answered = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        requestsOpen += 1
        let tokens = head.headers[canonicalForm: "connection"].map { $0.lowercased() }
        if tokens.contains("close") || (head.version.major == 1 && head.version.minor == 0 && !tokens.contains("keep-alive"))
            || head.version.major == 0 {
            head.headers.replaceOrAdd(name: "connection", value: "close")
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { requestsOpen = max(0, requestsOpen - 1) }
        context.write(data, promise: promise)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, requestsOpen == 0, !answered else {
            context.fireErrorCaught(error)
            return
        }
        answered = true
        let response = ErrorResponses.jsonBytes(ErrorResponses.Body(error: "malformed HTTP request: \(Self.describe(error))"))
        var headers = HTTPHeaders()
        headers.add(name: "content-type", value: "application/json")
        headers.add(name: "content-length", value: String(response.count))
        headers.add(name: "connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: response)))), promise: nil)
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    /// The parser's reason in words, without any byte of the request.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? HTTPParserError else { return "unreadable" }
        switch error {
        case .headerOverflow: return "the head is too large"
        case .invalidVersion: return "the HTTP version is not valid"
        case .invalidMethod: return "the method is not valid"
        case .invalidURL: return "the request target is not valid"
        case .invalidHeaderToken: return "a header is not valid"
        case .invalidContentLength: return "the Content-Length is not valid"
        case .invalidChunkSize: return "a chunk size is not valid"
        case .unexpectedContentLength: return "a Content-Length where none may be"
        default: return "the request is not valid HTTP/1.1"
        }
    }
}

/// Hummingbird adds a server's extra channel handlers after `HTTP1ToHTTPServerCodec`; this
/// one, added there, puts an `HTTP1EdgeHandler` before the codec and removes itself.
final class HTTP1EdgeInstaller: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func handlerAdded(context: ChannelHandlerContext) {
        let pipeline = context.pipeline.syncOperations
        if let codec = try? pipeline.handler(type: HTTP1ToHTTPServerCodec.self) {
            try? pipeline.addHandler(HTTP1EdgeHandler(), position: .before(codec))
        }
        pipeline.removeHandler(context: context, promise: nil)
    }
}
