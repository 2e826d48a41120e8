// libFuzzer target: arbitrary bytes as the JSON form of a spec.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var limits = ParseLimits()
    limits.maxNodes = 2_000
    if let document = try? JSONSpecReader(limits: limits).parse(Array(UnsafeBufferPointer(start: data, count: size))) {
        _ = SpecWriter.specText(document)
    }
    return 0
}
