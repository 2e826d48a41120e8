import Foundation
import PNGCodec
import PixelDiff

/// Renders specs and compares them with their golden PNGs (and frame dumps): the visual
/// regression check behind `layout-render test` and the Swift test helpers.
public struct FixtureRunner: Sendable {
    /// Which golden files a run may (re)write.
    public enum UpdateMode: String, Sendable, CaseIterable {
        /// Never write golden files: a missing golden is a failure.
        case none
        /// Record golden files that do not exist yet.
        case missing
        /// Re-record golden files whose comparison fails.
        case changed
        /// Re-record every golden file.
        case all
    }

    public struct Options: Sendable {
        /// Perceptual colour threshold, 0…1 (see PixelDiff).
        public var threshold: Double = 0.1
        /// Count anti-aliased pixels as differences.
        public var includeAA = false
        /// Differing pixels tolerated before a case fails.
        public var maxDiffPixels = 0
        public var update: UpdateMode = .none
        /// Where expected, actual and diff images of failing cases go.
        public var artifactsDirectory: String?
        public init() {}
    }

    /// One spec and its golden files.
    public struct Case: Hashable, Sendable {
        public var name: String
        public var specPath: String
        public var goldenPNGPath: String
        public var goldenFramesPath: String
        public init(name: String, specPath: String, goldenPNGPath: String, goldenFramesPath: String) {
            self.name = name; self.specPath = specPath
            self.goldenPNGPath = goldenPNGPath; self.goldenFramesPath = goldenFramesPath
        }
    }

    public enum Status: String, Sendable { case passed, failed, recorded }

    public struct Outcome: Sendable {
        public var testCase: Case
        public var status: Status
        /// Why it failed or what was recorded, for a person.
        public var details: [String]
        public var differentPixels: Int?
        public var artifacts: [String] = []
    }

    public var options: Options
    let renderer: LayoutRenderer

    public init(options: Options = Options(), renderer: LayoutRenderer = LayoutRenderer()) {
        self.options = options
        self.renderer = renderer
    }

    /// The cases in a folder: every `NAME.spec`, with golden files `NAME.png` and
    /// `NAME.frames.json` in `goldenDirectory` (the same folder by default), sorted by name.
    public static func discover(in directory: String, goldenDirectory: String? = nil) throws -> [Case] {
        let golden = goldenDirectory ?? directory
        return try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".spec") }
            .sorted()
            .map { file in
                let name = String(file.dropLast(5))
                return Case(name: name, specPath: directory + "/" + file,
                            goldenPNGPath: golden + "/" + name + ".png",
                            goldenFramesPath: golden + "/" + name + ".frames.json")
            }
    }

    public func run(_ testCase: Case) -> Outcome {
        let rendered: RenderedImage
        do {
            let source = try LayoutRenderer.readSpec(path: testCase.specPath)
            let folder = (testCase.specPath as NSString).deletingLastPathComponent
            rendered = try renderer.render(source: source, options: RenderOptions(fileName: testCase.specPath,
                                                                                   assetRoot: folder.isEmpty ? "." : folder))
        } catch {
            return Outcome(testCase: testCase, status: .failed, details: ["render failed: \(error.diagnostic)"])
        }
        let fm = FileManager.default
        let hasGolden = fm.fileExists(atPath: testCase.goldenPNGPath)
        if options.update == .all || (!hasGolden && options.update != .none) {
            return record(rendered, testCase, wasMissing: !hasGolden)
        }
        guard hasGolden else {
            return Outcome(testCase: testCase, status: .failed,
                           details: ["no golden image \(testCase.goldenPNGPath) (record it with --update missing)"])
        }
        var details: [String] = []
        var differentPixels: Int?
        var artifacts: [String] = []
        var failed = false
        do throws(any Error) {
            let goldenBytes = try PNGFile.readBytes(path: testCase.goldenPNGPath)
            let expected = try PNGDecoder.decode(goldenBytes)
            let actual = RGBAImage(width: rendered.bitmap.width, height: rendered.bitmap.height, pixels: rendered.bitmap.pixels)
            var diffOptions = DiffOptions()
            diffOptions.threshold = options.threshold
            diffOptions.includeAA = options.includeAA
            diffOptions.makeDiffImage = options.artifactsDirectory != nil
            for (box, tolerance) in rendered.tolerances {
                let rect = PixelRect(x: box.x, y: box.y, width: box.width, height: box.height)
                switch tolerance {
                case .ignore: diffOptions.ignore.append(rect)
                case .threshold(let t): diffOptions.regionThresholds.append(RegionThreshold(rect, threshold: t))
                }
            }
            let result = try diffImages(expected: expected.pixels, expectedSize: (expected.width, expected.height),
                                        actual: actual.pixels, actualSize: (actual.width, actual.height),
                                        options: diffOptions)
            differentPixels = result.differentPixels
            if result.sizeMismatch {
                failed = true
                details.append("size changed from \(expected.width)x\(expected.height) to \(actual.width)x\(actual.height) pixels")
            } else if result.differentPixels > options.maxDiffPixels {
                failed = true
                var line = "\(result.differentPixels) pixels differ"
                if let box = result.boundingBox { line += " inside (\(box.x), \(box.y), \(box.width)x\(box.height))" }
                details.append(line)
            }
            if failed {
                if let goldenPrint = (try? PNGDecoder.textChunks(goldenBytes))?.first(where: { $0.key == "layout-render" })?.value,
                   goldenPrint != Fingerprint.current.text {
                    details.append("the golden image was rendered with \(goldenPrint); this machine has \(Fingerprint.current.text): the difference may come from the machine, not the layout")
                }
                if let dir = options.artifactsDirectory {
                    artifacts = writeArtifacts(dir: dir, name: testCase.name, expected: goldenBytes, rendered: rendered,
                                               diff: result.diffImage.map { RGBAImage(width: expected.width, height: expected.height, pixels: $0) })
                }
            }
        } catch {
            return Outcome(testCase: testCase, status: .failed, details: ["cannot compare with \(testCase.goldenPNGPath): \(error)"])
        }
        if fm.fileExists(atPath: testCase.goldenFramesPath) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: testCase.goldenFramesPath))
                let golden = try JSONDecoder().decode(FrameDump.self, from: data)
                let changes = FrameChanges.describe(expected: golden, actual: rendered.frames)
                if !changes.isEmpty {
                    failed = true
                    // Frames first: they say why the pixels changed.
                    details.insert(contentsOf: changes, at: 0)
                }
            } catch {
                failed = true
                details.append("cannot read \(testCase.goldenFramesPath): \(error)")
            }
        }
        if failed && options.update == .changed {
            return record(rendered, testCase, wasMissing: false)
        }
        return Outcome(testCase: testCase, status: failed ? .failed : .passed, details: details,
                       differentPixels: differentPixels, artifacts: artifacts)
    }

    private func record(_ rendered: RenderedImage, _ testCase: Case, wasMissing: Bool) -> Outcome {
        do {
            let png = try rendered.pngData()
            try OutputFile.write(png, to: testCase.goldenPNGPath)
            try OutputFile.write(Array(rendered.frames.json().utf8), to: testCase.goldenFramesPath)
            return Outcome(testCase: testCase, status: .recorded,
                           details: [wasMissing ? "recorded a new golden image" : "re-recorded the golden image"])
        } catch {
            return Outcome(testCase: testCase, status: .failed, details: ["cannot record golden files: \(error)"])
        }
    }

    private func writeArtifacts(dir: String, name: String, expected: [UInt8], rendered: RenderedImage,
                                diff: RGBAImage?) -> [String] {
        var written: [String] = []
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let base = dir + "/" + name
        if (try? OutputFile.write(expected, to: base + ".expected.png")) != nil { written.append(base + ".expected.png") }
        if let png = try? rendered.pngData(), (try? OutputFile.write(png, to: base + ".actual.png")) != nil {
            written.append(base + ".actual.png")
        }
        if let diff, let png = try? PNGEncoder.encode(diff), (try? OutputFile.write(png, to: base + ".diff.png")) != nil {
            written.append(base + ".diff.png")
        }
        return written
    }
}
