// libFuzzer target: what the service reads from bytes it does not control, compiled with
// the service's own files (scripts/fuzz names them). The first byte picks the reader:
//   0  a worker request frame (WorkerWire), as a worker reads what the server sends;
//   1  a worker reply frame, as the server reads what a (possibly broken) worker sends;
//   2  a JSON request body (`{"spec": …, "data": …}`, RenderEnvelope);
//   3  a query string (`width=…&var.title=…`, RenderQuery);
//   4  a multipart body, its first line the Content-Type (Multipart).
// Each reader ends in a value or its own error, never a crash or a hang; what reads back is
// written again and reads to the same bytes; and whatever the server accepts from a client,
// its worker can read (a JSON request the worker refused was a 500, found in review).
import Foundation
import SpecLanguage

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceWire(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch data[0] % 5 {
    case 0:
        if let request = try? WorkerRequest(decoding: bytes) { checkRoundTrip(request) }
    case 1:
        if let reply = try? WorkerReply(decoding: bytes) {
            let again = try? WorkerReply(decoding: reply.encoded())
            precondition(again?.encoded() == reply.encoded(), "a worker reply does not read back")
        }
    case 2:
        if let envelope = try? RenderEnvelope(json: bytes, maxDepth: ParseLimits().maxJSONDepth) {
            checkRoundTrip(envelope.request)
        }
    case 3:
        let text = String(decoding: bytes, as: UTF8.self)
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        for bare in [false, true] {
            guard let query = try? RenderQuery(pairs, bareVariables: bare) else { continue }
            var request = WorkerRequest(source: Array("canvas width=10".utf8), format: .spec)
            query.apply(to: &request)
            checkRoundTrip(request)
        }
    default:
        let newline = bytes.firstIndex(of: 10) ?? bytes.count
        let contentType = String(decoding: bytes[..<newline], as: UTF8.self)
        guard let boundary = Multipart.boundary(contentType: contentType) else { return 0 }
        let body = Array(bytes[min(newline + 1, bytes.count)...])
        if let fields = try? Multipart.fields(of: body, boundary: boundary) {
            precondition(fields.values.allSatisfy { $0.count <= body.count })
        }
    }
    return 0
}

/// A request the server would send must read back in the worker, to the same bytes.
func checkRoundTrip(_ request: WorkerRequest) {
    let frame = request.encoded()
    guard let again = try? WorkerRequest(decoding: frame) else {
        preconditionFailure("the worker cannot read a request the server accepted (\(frame.count) bytes)")
    }
    precondition(again.encoded() == frame, "a worker request does not read back to the same bytes")
}
