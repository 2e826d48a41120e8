import Glibc  // POSIX semaphores: the package targets Linux
import Synchronization
import WorkerThreads

/// The plain lines of a big spec after its first quarter, read on another processor while
/// the parser reads the first quarter.
///
/// `PlainLineReader` reads a line from its bytes alone (its kind's schema, no state of the
/// parse), so a line read ahead is the line the parser would read: the parser takes the
/// reading and does the rest of the line's work (its place in the tree, its checks) in
/// order, as before; every line that is not plain is read by the parser the general way,
/// in order, so every message is the same. The reading is about two thirds of a plain
/// spec's parse, the rest a third: the parser reading a quarter of the lines and placing
/// all of them takes about as long as the worker reading the other three quarters
/// (`parserLinesDivisor`: a quarter rather than half, 20 alternating runs of the 100k spec, median
/// 284 → 260 ms).
///
/// The lines read ahead are cut into chunks of lines, about `chunkBytes` of text each (a chunk is
/// also where the two threads meet: thousands of tiny chunks of blank lines made the parser
/// wait for the worker thousands of times), that the worker thread takes in order. When
/// the parser reaches a chunk the worker has not taken (it started late, or its processor
/// was busy), the parser takes the chunk and reads its lines itself, so it never waits for
/// a worker that has not begun; it waits only for a chunk the worker is reading.
final class PlainLinePreread: @unchecked Sendable {
    /// What the parser would read of a line by `PlainLineReader`.
    enum Reading {
        /// The line is plain: its node's argument and attributes.
        case plain(PlainLineReader.Line)
        /// Blank, a comment, a control line, or not plain: read the general way.
        case other
    }

    /// From how many bytes of spec text lines are read ahead (below it, the thread costs
    /// more than it saves; about 4,000 lines of a typical spec).
    static let fromBytes = 256 * 1024
    /// The parser reads the first 1/`parserLinesDivisor` of the lines itself.
    static let parserLinesDivisor = 4
    static let chunkBytes = 128 * 1024

    /// The first line read ahead (0-based).
    let firstLine: Int
    /// Chunk `k` is lines `chunkStarts[k]..<chunkStarts[k + 1]`.
    private let chunkStarts: [Int]
    private var chunkCount: Int { chunkStarts.count - 1 }
    private let source: SourceLines
    /// The plain lines the worker may read: as many as the spec may have nodes (each is a
    /// node), so a spec of millions of lines past the node limit, refused by the parser at
    /// the limit, does not have them all read ahead and kept.
    private let maxPlainLines: Int
    /// Each chunk's plain lines, in order, as the worker read them (a blank, comment or
    /// other line takes no room: 16 MiB of newlines are 8 million lines read ahead).
    private let chunks: UnsafeMutableBufferPointer<[(line: Int, reading: PlainLineReader.Line)]>
    /// The next chunk to take (past the end once all are taken or the parse is over).
    private let next = Atomic<Int>(0)
    /// The last chunk the worker has read, -1 before the first. It takes chunks in order
    /// and reads each before the next, so every chunk it took up to this one is read. (A
    /// count of the chunks read was not enough: after the parser had taken some, the
    /// parser waited for the worker's last chunk until a count it never reached, for ever.)
    private let lastReadByWorker = Atomic<Int>(-1)
    /// Posted once for each chunk the worker has read.
    private let chunkRead: UnsafeMutablePointer<sem_t>
    /// The tests' late worker (see `start`).
    private var lateWorkerChunk: Int?
    /// The parser's own place: the chunk it is in, whether the worker read it, and the
    /// next of that chunk's plain lines.
    private var parserChunk = -1
    private var parserChunkIsRead = false
    private var parserNext = 0

    /// Starts reading `lines` after the first quarter ahead, or nil when the spec is under
    /// `fromBytes` or no worker thread can run (one processor, or none can be made).
    /// Without `worker` (the tests'), no thread is started: the parser takes every chunk,
    /// as it does when the worker starts too late to take any, or, with a
    /// `lateWorkerChunk`, the chunks before that one, the worker's reading then running on
    /// the parser's thread (as a worker that began late would take the rest).
    static func start(_ lines: SourceLines, sourceBytes: Int, limits: ParseLimits, fromBytes: Int = fromBytes,
                      worker: Bool = true, lateWorkerChunk: Int? = nil) -> PlainLinePreread? {
        guard sourceBytes >= fromBytes, lines.count >= 2 else { return nil }
        let preread = PlainLinePreread(lines, firstLine: lines.count / parserLinesDivisor, maxPlainLines: limits.maxNodes)
        guard worker else {
            preread.lateWorkerChunk = lateWorkerChunk
            return preread
        }
        return WorkerThread.start { preread.readAhead() } ? preread : nil
    }

    private init(_ lines: SourceLines, firstLine: Int, maxPlainLines: Int) {
        source = lines
        self.firstLine = firstLine
        self.maxPlainLines = maxPlainLines
        var starts = [firstLine]
        while let last = starts.last, last < lines.count {
            starts.append(max(last + 1, lines.firstLine(startingAtOrAfter: lines.startOffset(ofLine: last) + Self.chunkBytes)))
        }
        chunkStarts = starts
        chunks = .allocate(capacity: starts.count - 1)
        chunks.initialize(repeating: [])
        chunkRead = .allocate(capacity: 1)
        // Cannot fail: the value is 0 and the semaphore is private to the process.
        sem_init(chunkRead, 0, 0)
    }

    deinit {
        chunks.deinitialize().deallocate()
        sem_destroy(chunkRead)
        chunkRead.deallocate()
    }

    /// The worker's work: takes chunks in order and reads their lines, until none is left
    /// or it has read `maxPlainLines` plain lines. (Internal for the tests, which run it
    /// at a chosen point of the parse.)
    func readAhead() {
        var plainLines = 0
        while plainLines <= maxPlainLines {
            let chunk = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard chunk < chunkCount else { return }
            let lines = chunkStarts[chunk]..<chunkStarts[chunk + 1]
            var read: [(line: Int, reading: PlainLineReader.Line)] = []
            source.forEachLine(in: lines) { bytes, index in
                if case .plain(let line) = Self.reading(bytes, number: index + 1) { read.append((index, line)) }
            }
            plainLines += read.count
            chunks[chunk] = read
            // Releasing: the readings are written before the parser sees the chunk read.
            lastReadByWorker.store(chunk, ordering: .releasing)
            sem_post(chunkRead)
        }
    }

    /// The reading of line `index` (0-based) read ahead, moved out, or nil when the parser
    /// reads it itself (a line before `firstLine`, or of a chunk the parser took). Called
    /// by the parser in line order, for every line that may be plain
    /// (`PlainLineReader.kind(of:)`: every line the worker may have read), and only for those.
    func reading(ofLine index: Int) -> Reading? {
        guard index >= firstLine else { return nil }
        if parserChunk < 0 || index >= chunkStarts[parserChunk + 1] {
            // The chunk done with is let go, once the worker is done with it too.
            if parserChunk >= 0 && parserChunkIsRead { chunks[parserChunk] = [] }
            // Chunks with no line asked about are taken too (the worker need not read them),
            // or left to the worker, which took them; only the line's own is waited for.
            repeat {
                parserChunk += 1
                if parserChunk == lateWorkerChunk { readAhead() }
                parserChunkIsRead = !take(parserChunk)
            } while index >= chunkStarts[parserChunk + 1]
            parserNext = 0
            if parserChunkIsRead { waitUntilRead(parserChunk) }
        }
        let chunk = parserChunk
        guard parserChunkIsRead else { return nil }
        while parserNext < chunks[chunk].count, chunks[chunk][parserNext].line < index { parserNext += 1 }
        guard parserNext < chunks[chunk].count, chunks[chunk][parserNext].line == index else { return .other }
        // Moved out (`swap`), not copied: the node's attributes stay uniquely held.
        var line = PlainLineReader.Line(argument: nil, attributes: Attributes())
        swap(&line, &chunks[chunk][parserNext].reading)
        parserNext += 1
        return .plain(line)
    }

    /// Ends the reading ahead: the worker takes no further chunk (the parse is over, or
    /// stopped at an error).
    func finish() {
        _ = next.exchange(chunkCount, ordering: .relaxed)
    }

    /// Takes `chunk` for the parser when the worker has not: true when the parser reads it.
    private func take(_ chunk: Int) -> Bool {
        next.compareExchange(expected: chunk, desired: chunk + 1, ordering: .relaxed).exchanged
    }

    /// Waits until the worker has read `chunk`, which it took.
    private func waitUntilRead(_ chunk: Int) {
        // Acquiring: pairs with the worker's releasing store, so its readings are seen.
        // (Each post follows a store: a wait that took an earlier chunk's post looks again.)
        while lastReadByWorker.load(ordering: .acquiring) < chunk {
            while sem_wait(chunkRead) != 0 {
                // Only a signal can interrupt the wait; the semaphore itself is valid.
                precondition(errno == EINTR, "sem_wait failed: errno \(errno)")
            }
        }
    }

    /// What `ParseState.consume(lineBytes:)` reads of a line by `PlainLineReader`.
    static func reading(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) -> Reading {
        let start = LineStart(bytes: bytes)
        guard let kind = PlainLineReader.kind(of: start),
              let plain = PlainLineReader.read(bytes, start: start, kind: kind, number: number) else { return .other }
        return .plain(plain)
    }
}
