// libFuzzer target: arbitrary bytes as the JSON form of a spec. The streamed reading (which
// reads most attributes straight from their bytes) and the whole reading must agree: the same
// document (and survey), or the same error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var limits = ParseLimits()
    limits.maxNodes = 2_000
    let reader = JSONSpecReader(limits: limits)
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let document = try? reader.parse(bytes) {
        _ = SpecWriter.specText(document)
    }
    if let text = String(validating: bytes, as: UTF8.self) {
        let streamed = Result { try reader.parse(text) }
        let whole = Result { try reader.parseWhole(text) }
        switch (streamed, whole) {
        case (.success(let a), .success(let b)):
            precondition(a == b, "the streamed and the whole reading differ")
            // The survey the streamed reading took node by node is the walk's (`==` leaves
            // the survey out).
            precondition(a.survey == b.survey, "the streamed and the whole reading survey differently")
        case (.failure(let a), .failure(let b)):
            precondition("\(a)" == "\(b)", "the streamed and the whole reading fail differently")
        default:
            preconditionFailure("one reading fails, the other does not")
        }
    }
    return 0
}
