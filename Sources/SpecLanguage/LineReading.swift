/// How a `SpecParser` reads its lines. The defaults are the fast paths; the tests and the
/// fuzzer change them to compare the readings, which must give the same document or the
/// same error.
struct LineReading: Sendable {
    /// False to read every line by the general path, without `PlainLineReader` and with
    /// every value read by `ValueReader` (not `ByteValueReader`).
    var plainLines = true
    /// From how many bytes of text the plain lines after the first quarter are read ahead
    /// on another processor (`PlainLinePreread`).
    var prereadFromBytes = PlainLinePreread.fromBytes
    /// Whether a worker thread reads ahead (without one, the parser takes every chunk itself).
    var prereadsOnWorker = true
    /// Without a worker thread, the worker's reading done on the parser's thread when the
    /// parser reaches this chunk (the chunks before it the parser's own, the rest the
    /// worker's): how the work is shared when a worker thread begins late. Nil: never.
    var lateWorkerChunk: Int? = nil
}
