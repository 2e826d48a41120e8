import ArgumentParser
import Foundation
import PNGCodec
import PixelDiff

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNGs pixel by pixel, perceptually.",
        discussion: """
            Exit codes: 0 when the images match within the tolerance, 1 when they do not \
            (different sizes included), 2 for an error (a missing or unreadable file).

            --threshold is the largest colour difference that still counts as the same, from 0 \
            (any change counts) to 1 (nothing does); 0.1 ignores changes a person barely sees. \
            Anti-aliased pixels (edge smoothing) are reported apart and only counted with --include-aa.
            """
    )

    @Argument(help: "The expected image.")
    var expected: String

    @Argument(help: "The actual image.")
    var actual: String

    @Option(name: .customLong("out"), help: "Write a diff image: changes in red, anti-aliasing in yellow, the rest faded.")
    var out: String?

    @Option(help: "Perceptual colour threshold, 0 to 1.")
    var threshold: Double = 0.1

    @Flag(name: .customLong("include-aa"), help: "Count anti-aliased pixels as differences.")
    var includeAA = false

    @Option(name: .customLong("max-diff-pixels"), help: "Differing pixels tolerated.")
    var maxDiffPixels: Int = 0

    @Option(name: .customLong("max-diff-ratio"), help: "Fraction of differing pixels tolerated, 0 to 1.")
    var maxDiffRatio: Double?

    @Option(name: .customLong("ignore"), help: ArgumentHelp("A rectangle not compared (repeatable).", valueName: "X,Y,W,H"))
    var ignore: [String] = []

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be between 0 and 1.") }
        if let r = maxDiffRatio, !(0...1).contains(r) { throw ValidationError("--max-diff-ratio must be between 0 and 1.") }
        guard maxDiffPixels >= 0 else { throw ValidationError("--max-diff-pixels cannot be negative.") }
        for r in ignore where Self.rect(r) == nil { throw ValidationError("--ignore '\(r)' is not X,Y,W,H.") }
    }

    static func rect(_ text: String) -> PixelRect? {
        let v = text.split(separator: ",").compactMap { Int($0) }
        guard v.count == 4, v[2] >= 0, v[3] >= 0 else { return nil }
        return PixelRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }

    func run() throws {
        let a: RGBAImage, b: RGBAImage
        do {
            a = try read(expected)
            b = try read(actual)
        } catch let message as DiffFailure {
            printError(message.text)
            throw ExitCode(2)
        }
        var options = DiffOptions()
        options.threshold = threshold
        options.includeAA = includeAA
        options.ignore = ignore.compactMap(Self.rect)
        options.makeDiffImage = out != nil
        let result: DiffResult
        do {
            result = try diffImages(expected: a.pixels, expectedSize: (a.width, a.height),
                                    actual: b.pixels, actualSize: (b.width, b.height), options: options)
        } catch {
            printError("error: \(error)")
            throw ExitCode(2)
        }
        if let out, let pixels = result.diffImage {
            do {
                try PNGFile.writeAtomically(try PNGEncoder.encode(RGBAImage(width: a.width, height: a.height, pixels: pixels)), to: out)
            } catch {
                printError("\(out): error: cannot write the diff image: \(error)")
                throw ExitCode(2)
            }
        }
        // Different sizes never match; otherwise either tolerance is enough.
        let withinTolerance = !result.sizeMismatch
            && (result.differentPixels <= maxDiffPixels || maxDiffRatio.map { result.ratio <= $0 } == true)
        if json {
            print(jsonText(result, a: a, b: b, pass: withinTolerance))
        } else {
            var line = withinTolerance ? "match" : "differ"
            if result.sizeMismatch { line += ": sizes differ (\(a.width)x\(a.height) and \(b.width)x\(b.height))" }
            line += ": \(result.differentPixels) of \(result.totalPixels) pixels differ (\(percent(result.ratio)))"
            if let box = result.boundingBox { line += " inside \(box)" }
            if result.antialiasedPixels > 0 {
                line += "; \(result.antialiasedPixels) anti-aliased pixels " + (includeAA ? "counted" : "not counted")
            }
            print(line)
        }
        if !withinTolerance { throw ExitCode(1) }
    }

    private func read(_ path: String) throws -> RGBAImage {
        do {
            return try PNGFile.read(path: path)
        } catch {
            if case .io(_, let reason) = error { throw DiffFailure(text: "\(path): error: \(reason)") }
            throw DiffFailure(text: "\(path): error: \(error)")
        }
    }

    private func percent(_ ratio: Double) -> String {
        String(format: "%.4f%%", ratio * 100)
    }

    private func jsonText(_ r: DiffResult, a: RGBAImage, b: RGBAImage, pass: Bool) -> String {
        var fields = [
            "\"match\": \(pass)",
            "\"differentPixels\": \(r.differentPixels)",
            "\"antialiasedPixels\": \(r.antialiasedPixels)",
            "\"totalPixels\": \(r.totalPixels)",
            "\"ratio\": \(r.ratio)",
            "\"sizeMismatch\": \(r.sizeMismatch)",
            "\"expectedSize\": [\(a.width), \(a.height)]",
            "\"actualSize\": [\(b.width), \(b.height)]",
        ]
        if let box = r.boundingBox {
            fields.append("\"boundingBox\": {\"x\": \(box.x), \"y\": \(box.y), \"width\": \(box.width), \"height\": \(box.height)}")
        } else {
            fields.append("\"boundingBox\": null")
        }
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

private struct DiffFailure: Error { var text: String }
