import ArgumentParser
import Foundation
import LayoutRenderKit
import PNGCodec
import PixelDiff
import WorkerThreads

/// `layout-render diff A.png B.png`: perceptual comparison of two PNGs.
///
/// Exit status: 0 when the difference is within tolerance, 1 when it is not,
/// 2 when a file cannot be read, decoded or written (the message names the file).
/// Without `--max-diff-pixels` or `--max-diff-ratio` the tolerance is 0 pixels;
/// with both, both must hold.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG images pixel by pixel (pixelmatch-style perceptual diff).",
        discussion: """
            Exit status: 0 within tolerance, 1 over tolerance, 2 on error. Images of different \
            sizes are compared over their overlap; every pixel outside it counts as different.
            """)

    @Argument(help: "The expected image (PNG).")
    var expected: String

    @Argument(help: "The actual image (PNG).")
    var actual: String

    @Option(name: .long, help: "Write a diff image here (PNG; red = different, yellow = anti-aliasing).")
    var out: String?

    @Option(help: "Colour tolerance 0…1: max squared YIQ distance is 35215 × threshold².")
    var threshold: Double = 0.1

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as different.")
    var includeAA = false

    @Option(name: .customLong("max-diff-pixels"), help: "Largest number of different pixels accepted.")
    var maxDiffPixels: Int?

    @Option(name: .customLong("max-diff-ratio"), help: "Largest fraction (0…1) of different pixels accepted.")
    var maxDiffRatio: Double?

    @Option(name: .customLong("ignore"), help: "A rectangle X,Y,W,H not to compare (repeatable).")
    var ignore: [IgnoreRect] = []

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if let out, OutputFile.isStandardOutput(out) {
            throw ValidationError("--out cannot be standard output: the summary is printed there.")
        }
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be within 0…1") }
        if let maxDiffPixels, maxDiffPixels < 0 { throw ValidationError("--max-diff-pixels must be ≥ 0") }
        if let maxDiffRatio, !(0...1).contains(maxDiffRatio) {
            throw ValidationError("--max-diff-ratio must be within 0…1")
        }
    }

    func run() throws {
        do {
            let (a, b) = try loadBoth()
            var options = DiffOptions(
                threshold: threshold, includeAA: includeAA, ignore: ignore.map(\.rect), makeDiffImage: out != nil)
            // As palette indices: the diff image is a faded grey and two marks, and a palette
            // PNG of it is a third of the rows to compress (and a smaller file).
            options.diffImageForm = .indexed
            let result = try diffImages(
                expected: a.pixels, expectedSize: (a.width, a.height),
                actual: b.pixels, actualSize: (b.width, b.height), options: options)
            if let out {
                // The indexed image when the comparison could make one (same sizes), else RGBA.
                let png: [UInt8]?
                do {
                    if let indexed = result.indexedDiffImage {
                        png = try PNGEncoder.encode(IndexedImage(width: a.width, height: a.height, indices: indexed.indices,
                                                                 palette: indexed.palette))
                    } else if let pixels = result.diffImage {
                        png = try PNGEncoder.encode(RGBAImage(width: a.width, height: a.height, pixels: pixels))
                    } else {
                        png = nil
                    }
                } catch {
                    throw CommandError(path: out, error)
                }
                if let png {
                    do { try OutputFile.write(png, to: out) } catch {
                        throw CommandError(message: error.diagnostic.description)
                    }
                }
            }
            let pass = result.withinTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio)
            let sizes = Sizes(expected: [a.width, a.height], actual: [b.width, b.height])
            printOutput(json ? jsonSummary(result, pass: pass, sizes: sizes) : humanSummary(result, pass: pass, sizes: sizes))
            if !pass { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            // Every other failure is an error of the inputs or output: status 2. With --json
            // it is also said as JSON on standard output, where a program reads the result.
            let message = (error as? CommandError)?.message ?? "error: \(error)"
            printError(message)
            if json { printOutput(Self.jsonError(message)) }
            throw ExitCode(2)
        }
    }

    /// Reads and decodes the two files at once, one on another thread: decoding is most
    /// of a diff's time and the files are independent. The expected file's error wins.
    private func loadBoth() throws(CommandError) -> (RGBAImage, RGBAImage) {
        // A thread of its own for the actual file (libdispatch's concurrentPerform ran both
        // on the calling thread here, called from the async main's executor).
        let other = DecodeHandoff()
        let done = DispatchSemaphore(value: 0)
        let actual = self.actual
        // A start that is checked (Foundation's `Thread.start` does not report a failed
        // start, and the wait below then never ended): without a thread, both here.
        let started = WorkerThread.start(awayFromCaller: false) {
            other.result = Result { () throws(CommandError) -> RGBAImage in try Self.load(actual) }
            done.signal()
        }
        let first = Result { () throws(CommandError) -> RGBAImage in try Self.load(expected) }
        if started {
            done.wait()
        } else {
            other.result = Result { () throws(CommandError) -> RGBAImage in try Self.load(actual) }
        }
        return (try first.get(), try other.result!.get())
    }

    private static func load(_ path: String) throws(CommandError) -> RGBAImage {
        do {
            return try PNGFile.read(path: path)
        } catch {
            throw CommandError(path: path, error)
        }
    }

    /// Both images' sizes in pixels, [width, height]: said when they differ.
    struct Sizes: Encodable {
        var expected: [Int]
        var actual: [Int]
    }

    private func humanSummary(_ r: DiffResult, pass: Bool, sizes: Sizes) -> String {
        var lines = [
            "\(r.differentPixels) of \(r.totalPixels) pixels differ (\(String(format: "%.4f", r.ratio * 100))%), "
                + "\(r.antialiasedPixels) anti-aliased"
        ]
        if let box = r.boundingBox { lines.append("changes within x \(box.x), y \(box.y), \(box.width)×\(box.height)") }
        if r.sizeMismatch {
            lines.append("sizes differ: expected \(sizes.expected[0])×\(sizes.expected[1]), actual \(sizes.actual[0])×\(sizes.actual[1]) px")
        }
        if let out { lines.append("diff image: \(out)") }
        lines.append(pass ? "within tolerance" : "over tolerance")
        return lines.joined(separator: "\n")
    }

    private func jsonSummary(_ r: DiffResult, pass: Bool, sizes: Sizes) -> String {
        /// The counts (as `POST /diff` gives them), the verdict and the diff image's path.
        struct Summary: Encodable {
            var counts: DiffResult
            var pass: Bool
            var diffImage: String?
            var sizes: Sizes
            enum Keys: String, CodingKey { case pass, diffImage, sizes }
            func encode(to encoder: any Encoder) throws {
                try counts.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(pass, forKey: .pass)
                try container.encodeIfPresent(diffImage, forKey: .diffImage)
                try container.encode(sizes, forKey: .sizes)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let summary = Summary(counts: r, pass: pass, diffImage: out, sizes: sizes)
        return (try? encoder.encode(summary)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// `{"error": MESSAGE}`, the message as it was printed to standard error.
    static func jsonError(_ message: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(["error": message])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}

/// A failure that ends the command with exit status 2.
/// A failure of an input or output file, said as `FILE: error: reason` like every other message.
struct CommandError: Error {
    var message: String
    init(message: String) { self.message = message }

    init(path: String, _ error: PNGError) {
        if case .io(_, let reason) = error {
            message = "\(path): error: \(reason)"
        } else {
            message = "\(path): error: \(error.description)"
        }
    }
}

/// `X,Y,W,H` on the command line.
struct IgnoreRect: ExpressibleByArgument {
    var rect: PixelRect

    init?(argument: String) {
        let parts = argument.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
              w >= 0, h >= 0
        else { return nil }
        rect = PixelRect(x: x, y: y, width: w, height: h)
    }
}

/// The other thread's decode result; the semaphore orders its write before the read.
private final class DecodeHandoff: @unchecked Sendable {
    var result: Result<RGBAImage, CommandError>?
}
