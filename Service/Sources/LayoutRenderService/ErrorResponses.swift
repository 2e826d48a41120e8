import Foundation
import HTTPTypes
import Hummingbird
import LayoutRenderKit

/// The one place where errors become HTTP statuses and JSON bodies:
/// `{"error": message, "line": N, "column": N}` (or `"path"` for a JSON spec).
/// Messages name places, never the content of a file.
enum ErrorResponses {
    struct Body: Encodable {
        var error: String
        var line: Int?
        var column: Int?
        var path: String?
    }

    /// - Parameters:
    ///   - assetRoot: replaced by `<assets>` in messages, so no server path reaches a client.
    static func response(for error: any Error, retryAfterSeconds: Int, assetRoot: String) -> Response {
        switch error {
        case let error as LayoutRenderError:
            return response(for: error, assetRoot: assetRoot)
        case let error as ServiceError:
            return response(for: error, retryAfterSeconds: retryAfterSeconds)
        default:
            return json(.internalServerError, Body(error: "internal error"))
        }
    }

    static func response(for error: LayoutRenderError, assetRoot: String) -> Response {
        switch error {
        case .spec(var d), .layout(var d), .resource(var d), .render(var d):
            // A render error is about this input too: the canvas limits, or a font file the
            // spec named that cannot be drawn. Either way the same request fails again.
            // Going over the work budget is a well-formed request the service will not do: 422.
            // A failure of the machine's (out of memory) is the server's: 500, never a 4xx.
            d.message = d.message.replacingOccurrences(of: assetRoot, with: "<assets>")
            if d.systemFailure { return json(.internalServerError, Body(error: "the server failed to draw this: \(d.message)")) }
            return json(d.budget == nil ? .badRequest : .unprocessableContent, body(d))
        case .inputUnreadable, .outputUnwritable:
            // The service reads no spec file and writes none; these cannot happen here.
            return json(.internalServerError, Body(error: "internal error"))
        }
    }

    static func response(for error: ServiceError, retryAfterSeconds: Int) -> Response {
        switch error {
        case .badQuery(let parameter, let reason):
            return json(.badRequest, Body(error: "query parameter '\(parameter)': \(reason)"))
        case .badBody(let reason):
            return json(.badRequest, Body(error: reason))
        case .badJSON(let message, let location):
            return json(.badRequest, body(Diagnostic(file: nil, location: location, message: message)))
        case .badImage(let field, let reason):
            return json(.badRequest, Body(error: "field '\(field)' is not a readable PNG: \(reason)"))
        case .tooLarge(let limit):
            return json(.contentTooLarge, Body(error: "the body is larger than \(limit) bytes"))
        case .overloaded:
            var response = json(.serviceUnavailable, Body(error: "every renderer is busy and the queue is full; retry later"))
            response.headers[.retryAfter] = String(retryAfterSeconds)
            return response
        case .tooManyLongRenders(let limit):
            var response = json(.serviceUnavailable, Body(error: "the render runs long, and \(limit) long renders run already; retry later"))
            response.headers[.retryAfter] = String(retryAfterSeconds)
            return response
        case .timedOut(let milliseconds):
            return json(.gatewayTimeout, Body(error: "the render took longer than \(milliseconds) ms"))
        case .notFound(let reason):
            return json(.notFound, Body(error: reason))
        case .badTemplate(let name, let reason):
            return json(.internalServerError, Body(error: "the template '\(name)' cannot be read: \(reason)"))
        case .noWorker:
            var response = json(.serviceUnavailable, Body(error: "no render worker could be started; retry later"))
            response.headers[.retryAfter] = String(retryAfterSeconds)
            return response
        case .workerDied:
            return json(.internalServerError, Body(error: "the render's worker process ended before it answered"))
        case .methodNotAllowed(let method, let allowed):
            let list = allowed.joined(separator: ", ")
            var response = json(.methodNotAllowed, Body(error: "\(method) is not allowed here; allowed: \(list)"))
            response.headers[.allow] = list
            return response
        }
    }

    /// Warnings of a render (characters no font covers) travel in this header, as a JSON
    /// array of messages, beside the image.
    static let warningsHeader = HTTPField.Name("X-Layout-Render-Warnings")!

    /// A JSON array of messages for a header: ASCII only (anything else as `\\uXXXX`), at most
    /// 4 KiB (the messages that fit, in order), the server's assets path hidden.
    static func headerJSON(_ messages: [String], assetRoot: String) -> String {
        var parts: [String] = []
        var length = 2
        for message in messages {
            var escaped = "\""
            for unit in message.replacingOccurrences(of: assetRoot, with: "<assets>").utf16 {
                switch unit {
                case 0x22: escaped += "\\\""
                case 0x5C: escaped += "\\\\"
                case 0x20..<0x7F: escaped.unicodeScalars.append(Unicode.Scalar(unit)!)
                default: escaped += String(format: "\\u%04x", unit)
                }
            }
            escaped += "\""
            guard length + escaped.utf8.count + 1 <= 4096 else { break }
            length += escaped.utf8.count + 1
            parts.append(escaped)
        }
        return "[" + parts.joined(separator: ",") + "]"
    }

    private static func body(_ diagnostic: Diagnostic) -> Body {
        var body = Body(error: diagnostic.message)
        if let location = diagnostic.location {
            body.path = location.path
            if location.line >= 1 {
                body.line = location.line
                body.column = location.column
            }
        }
        return body
    }

    static func json(_ status: HTTPResponse.Status, _ value: some Encodable) -> Response {
        Response(status: status, headers: [.contentType: "application/json"],
                 body: ResponseBody(byteBuffer: ByteBuffer(bytes: jsonBytes(value))))
    }

    /// The JSON of an error body (also written by `HTTP1EdgeHandler`, below the router).
    static func jsonBytes(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return [UInt8]((try? encoder.encode(value)) ?? Data(#"{"error":"internal error"}"#.utf8))
    }
}
