// libFuzzer target: arbitrary bytes as spec text. The parser must return a document or
// a SpecError, never crash or hang; a parsed document must expand and write back out.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var limits = ParseLimits()
    limits.maxNodes = 2_000
    guard let document = try? SpecParser(limits: limits).parse(text) else { return 0 }
    _ = SpecWriter.specText(document)
    _ = SpecWriter.json(document)
    let environment = Environment(values: ["width": .number(320), "height": .null, "scale": .number(1),
                                           "xs": .array([.number(1), .string("two")])])
    _ = try? SpecExpander(limits: limits).expand(document, environment: environment)
    return 0
}
