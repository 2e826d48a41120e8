// libFuzzer target: arbitrary bytes as spec text. The parser must return a document or
// a SpecError, never crash or hang; a parsed document must expand and write back out.
// Read with the second half's plain lines read ahead (`PlainLinePreread`, on a worker
// thread, without one, and with a late worker's share), the text gives the same document
// or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var limits = ParseLimits()
    limits.maxNodes = 2_000
    var parser = SpecParser(limits: limits)
    parser.reading.prereadFromBytes = .max
    let inTurn = Result { () throws(SpecError) in try parser.parse(text) }
    // On a worker thread; without one (the parser reads every chunk); and with the worker's
    // reading done when the parser reaches the first chunk (a worker that began late).
    for (worker, lateWorkerChunk) in [(true, nil), (false, nil), (false, 0 as Int?)] {
        var ahead = parser
        ahead.reading.prereadFromBytes = 0
        ahead.reading.prereadsOnWorker = worker
        ahead.reading.lateWorkerChunk = lateWorkerChunk
        switch (inTurn, Result { () throws(SpecError) in try ahead.parse(text) }) {
        case (.success(let a), .success(let b)): precondition(a == b, "reading ahead changed the document")
        case (.failure(let a), .failure(let b)): precondition("\(a)" == "\(b)", "reading ahead changed the error")
        default: preconditionFailure("reading ahead changed whether the spec parses")
        }
    }
    guard case .success(let document) = inTurn else { return 0 }
    _ = SpecWriter.specText(document)
    _ = SpecWriter.json(document)
    let environment = Environment(values: ["width": .number(320), "height": .null, "scale": .number(1),
                                           "xs": .array([.number(1), .string("two")])])
    _ = try? SpecExpander(limits: limits).expand(document, environment: environment)
    return 0
}
