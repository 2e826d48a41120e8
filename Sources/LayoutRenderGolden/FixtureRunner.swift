import Foundation
import PNGCodec
import PixelDiff
import LayoutRenderKit

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
        public var maxDiffPixels: Int?
        /// The largest fraction (0…1) of differing pixels tolerated. With neither limit no
        /// pixel may differ; a ratio alone limits; with both, both must hold
        /// (`DiffResult.withinTolerance`).
        public var maxDiffRatio: Double?
        /// Rectangles of device pixels not compared, in every case.
        public var ignore: [PixelRect] = []
        public var update: UpdateMode = .none
        /// Record a missing golden even though `update` is `none`, and fail the case's run
        /// all the same (`Outcome.recordedUnasked`): the default outside CI, so a new case
        /// gets its golden on the first run and nobody takes that run for a pass.
        public var recordsMissingUnasked = false
        /// Fail a case whose render warns (a character drawn as a placeholder glyph, content
        /// cut off by the canvas), and record no golden for it.
        public var strict = false
        /// Ids of nodes painted over with `maskColor` in both images before comparing, in
        /// every case, as a node's own `mask` attribute does.
        public var maskIDs: Set<String> = []
        /// Where expected, actual and diff images of failing cases go.
        public var artifactsDirectory: String?
        public init() {}
    }

    /// One spec and its golden files; a spec with a sidecar `NAME.fixture.json` that lists
    /// sizes is one case per size.
    public struct Case: Hashable, Sendable {
        public var name: String
        public var specPath: String
        public var goldenPNGPath: String
        public var goldenFramesPath: String
        /// Names, scale and sizes from the spec's sidecar.
        public var settings: FixtureSettings?
        /// The canvas size of this case, one of `settings.sizes`.
        public var size: FixtureSize?
        /// Why the case cannot be run (a sidecar that does not read): it fails with this.
        public var problem: String?
        /// The spec's text when it is not in a file (an inline spec in a test): `specPath`
        /// is then only the name messages give it.
        public var source: String?
        /// The folder images and fonts come from (default: the spec's folder).
        public var assetRoot: String?
        public init(name: String, specPath: String, goldenPNGPath: String, goldenFramesPath: String,
                    settings: FixtureSettings? = nil, size: FixtureSize? = nil, problem: String? = nil,
                    source: String? = nil, assetRoot: String? = nil) {
            self.name = name; self.specPath = specPath
            self.goldenPNGPath = goldenPNGPath; self.goldenFramesPath = goldenFramesPath
            self.settings = settings; self.size = size; self.problem = problem
            self.source = source; self.assetRoot = assetRoot
        }

        /// The cases of one spec whose golden image is `goldenPNGPath` when it has no sizes:
        /// with sizes, `NAME-WxH.png` and `NAME-WxH.frames.json` beside it, one per size.
        public static func cases(specPath: String, goldenPNGPath: String) -> [Case] {
            let base = (goldenPNGPath as NSString).deletingPathExtension
            let name = (base as NSString).lastPathComponent
            let settings: FixtureSettings?
            do {
                settings = try FixtureSettings.load(forSpec: specPath)
            } catch {
                return [Case(name: name, specPath: specPath, goldenPNGPath: goldenPNGPath,
                             goldenFramesPath: base + ".frames.json", problem: error.diagnostic.description)]
            }
            guard let settings, !settings.sizes.isEmpty else {
                return [Case(name: name, specPath: specPath, goldenPNGPath: goldenPNGPath,
                             goldenFramesPath: base + ".frames.json", settings: settings)]
            }
            return settings.sizes.map { size in
                Case(name: name + "-" + size.label, specPath: specPath, goldenPNGPath: base + "-" + size.label + ".png",
                     goldenFramesPath: base + "-" + size.label + ".frames.json", settings: settings, size: size)
            }
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
        /// How long the case took, in seconds (for reports).
        public var seconds: Double = 0
        /// The render's warnings, one diagnostic each (`card.spec:4:3: warning: …` and the
        /// quoted source line under it).
        public var warnings: [String] = []
        /// A golden recorded because it was missing, without `--update` asking: the case
        /// is reported as recorded and fails the run.
        public var recordedUnasked = false
        /// The ids of `Options.maskIDs` that a node of this render has (a `--mask` that
        /// matches no node in any case is most likely a typo).
        public var maskedIDs: Set<String> = []

        public init(testCase: Case, status: Status, details: [String], differentPixels: Int? = nil,
                    artifacts: [String] = [], seconds: Double = 0, warnings: [String] = [],
                    recordedUnasked: Bool = false) {
            self.testCase = testCase; self.status = status; self.details = details
            self.differentPixels = differentPixels; self.artifacts = artifacts; self.seconds = seconds
            self.warnings = warnings; self.recordedUnasked = recordedUnasked
        }

        /// Whether this case makes the run fail: it failed, or recorded a golden unasked.
        public var failsRun: Bool { status == .failed || recordedUnasked }
    }

    public var options: Options
    let renderer: LayoutRenderer

    public init(options: Options = Options(), renderer: LayoutRenderer = LayoutRenderer()) {
        self.options = options
        self.renderer = renderer
    }

    /// The cases in a folder: every spec (see `SpecFolder`), with golden files `NAME.png` and
    /// `NAME.frames.json` in `goldenDirectory` (the same folder by default), sorted by name;
    /// a spec with sizes in its sidecar has one case per size (`NAME-WxH.png`).
    public static func discover(in directory: String, goldenDirectory: String? = nil) throws -> [Case] {
        let golden = goldenDirectory ?? directory
        return try SpecFolder.specFiles(in: directory).flatMap { file in
            let name = (file as NSString).deletingPathExtension
            let specPath = directory + "/" + file, goldenPNGPath = golden + "/" + name + ".png"
            // A link out of the folder is a failing case, its target never read (see SpecFolder).
            if let refusal = SpecFolder.refusal(of: file, in: directory) {
                return [Case(name: name, specPath: specPath, goldenPNGPath: goldenPNGPath,
                             goldenFramesPath: golden + "/" + name + ".frames.json", problem: refusal.description)]
            }
            return Case.cases(specPath: specPath, goldenPNGPath: goldenPNGPath)
        }
    }

    public func run(_ testCase: Case) -> Outcome {
        let start = ContinuousClock.now
        var outcome = compare(testCase)
        let elapsed = ContinuousClock.now - start
        outcome.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return outcome
    }

    private func compare(_ testCase: Case) -> Outcome {
        if let problem = testCase.problem {
            return Outcome(testCase: testCase, status: .failed, details: [problem])
        }
        // Golden files are read and written only inside their folder: a golden that is a
        // link out would be decoded (its bytes described) or overwritten by --update.
        for golden in [testCase.goldenPNGPath, testCase.goldenFramesPath] {
            let folder = (golden as NSString).deletingLastPathComponent
            if let refusal = SpecFolder.refusal(of: (golden as NSString).lastPathComponent, in: folder.isEmpty ? "." : folder) {
                return Outcome(testCase: testCase, status: .failed, details: [refusal.description])
            }
        }
        let rendered: RenderedImage
        do {
            let source: String
            if let inline = testCase.source { source = inline } else { source = try LayoutRenderer.readSpec(path: testCase.specPath) }
            let folder = testCase.assetRoot ?? (testCase.specPath as NSString).deletingLastPathComponent
            var renderOptions = RenderOptions(fileName: testCase.specPath, assetRoot: folder.isEmpty ? "." : folder)
            testCase.settings?.apply(to: &renderOptions, size: testCase.size)
            rendered = try renderer.render(source: source, options: renderOptions)
        } catch {
            return Outcome(testCase: testCase, status: .failed, details: ["render failed: \(error.diagnostic)"])
        }
        var outcome: Outcome
        if options.strict, !rendered.warnings.isEmpty {
            // Neither compared nor recorded: a golden is never made of a render that warned.
            let count = rendered.warnings.count
            outcome = Outcome(testCase: testCase, status: .failed,
                              details: ["--strict: the render gave \(count) warning\(count == 1 ? "" : "s"); nothing was compared or recorded"])
        } else {
            outcome = compare(testCase, rendered: rendered)
        }
        outcome.warnings = rendered.warnings.map(\.description)
        if !options.maskIDs.isEmpty {
            outcome.maskedIDs = Set(rendered.frames.nodes.compactMap(\.id)).intersection(options.maskIDs)
        }
        return outcome
    }

    private func compare(_ testCase: Case, rendered: RenderedImage) -> Outcome {
        let fm = FileManager.default
        let hasGolden = fm.fileExists(atPath: testCase.goldenPNGPath)
        if options.update == .all || (!hasGolden && options.update != .none) {
            return record(rendered, testCase, wasMissing: !hasGolden)
        }
        guard hasGolden else {
            if options.recordsMissingUnasked {
                var outcome = record(rendered, testCase, wasMissing: true)
                if outcome.status == .recorded {
                    outcome.recordedUnasked = true
                    outcome.details = outcome.details.map {
                        $0 + "; the run fails so that this is not taken for a pass: look at \(testCase.goldenPNGPath), then run again"
                    }
                }
                return outcome
            }
            return Outcome(testCase: testCase, status: .failed,
                           details: ["no golden image \(testCase.goldenPNGPath) (record it with --update missing)"])
        }
        var details: [String] = []
        var differentPixels: Int?
        var artifacts: [String] = []
        var failed = false
        var goldenFrames: FrameDump?
        if fm.fileExists(atPath: testCase.goldenFramesPath) {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: testCase.goldenFramesPath))
                let golden = try JSONDecoder().decode(FrameDump.self, from: data)
                goldenFrames = golden
                let changes = FrameChanges.describe(expected: golden, actual: rendered.frames)
                if !changes.isEmpty {
                    failed = true
                    details += changes  // frames first: they say why the pixels changed
                }
            } catch {
                failed = true
                details.append("cannot read \(testCase.goldenFramesPath): \(error)")
            }
        }
        do throws(any Error) {
            let goldenBytes = try PNGFile.readBytes(path: testCase.goldenPNGPath)
            var expected = try PNGDecoder.decode(goldenBytes)
            var masked = false
            var actual = RGBAImage(width: rendered.bitmap.width, height: rendered.bitmap.height, pixels: rendered.bitmap.pixels)
            var diffOptions = DiffOptions()
            diffOptions.threshold = options.threshold
            diffOptions.includeAA = options.includeAA
            diffOptions.makeDiffImage = options.artifactsDirectory != nil
            diffOptions.ignore = options.ignore
            for (rect, tolerance) in Self.toleranceRegions(actual: rendered.frames, golden: goldenFrames, maskIDs: options.maskIDs) {
                switch tolerance {
                case .ignore: diffOptions.ignore.append(rect)
                case .threshold(let t): diffOptions.regionThresholds.append(RegionThreshold(rect, threshold: t))
                case .mask:
                    Self.paint(rect, in: &expected)
                    Self.paint(rect, in: &actual)
                    masked = true
                }
            }
            let result = try diffImages(expected: expected.pixels, expectedSize: (expected.width, expected.height),
                                        actual: actual.pixels, actualSize: (actual.width, actual.height),
                                        options: diffOptions)
            differentPixels = result.differentPixels
            var pixelsFailed = false
            if result.sizeMismatch {
                pixelsFailed = true
                details.append("the image size changed from \(expected.width)x\(expected.height) to \(actual.width)x\(actual.height) px")
            } else if !result.withinTolerance(maxDiffPixels: options.maxDiffPixels, maxDiffRatio: options.maxDiffRatio) {
                pixelsFailed = true
                var line = "\(result.differentPixels) px differ"
                if options.maxDiffRatio != nil { line += " (\(String(format: "%.4f", result.ratio * 100))% of \(result.totalPixels) px)" }
                if let box = result.boundingBox { line += " in the \(box.width)x\(box.height) px region at (\(box.x), \(box.y))" }
                details.append(line)
            }
            if pixelsFailed || failed {
                failed = true
                if let goldenPrint = (try? PNGDecoder.textChunks(goldenBytes))?.first(where: { $0.key == "layout-render" })?.value,
                   goldenPrint != rendered.fingerprint.text {
                    details.append("the golden image was rendered with \(goldenPrint); this machine has \(rendered.fingerprint.text): the difference may come from the machine, not the layout")
                }
                if let dir = options.artifactsDirectory {
                    // With masks, the images as compared (masks painted), as Playwright shows them.
                    let expectedBytes = masked ? ((try? PNGEncoder.encode(expected)) ?? goldenBytes) : goldenBytes
                    let actualBytes: [UInt8]? = masked ? try? PNGEncoder.encode(actual) : nil
                    artifacts = writeArtifacts(dir: dir, name: testCase.name, expected: expectedBytes, rendered: rendered,
                                               actual: actualBytes,
                                               diff: result.diffImage.map { RGBAImage(width: expected.width, height: expected.height, pixels: $0) })
                }
            }
        } catch {
            return Outcome(testCase: testCase, status: .failed, details: details + ["cannot compare with \(testCase.goldenPNGPath): \(error)"])
        }
        if failed && options.update == .changed {
            return record(rendered, testCase, wasMissing: false)
        }
        return Outcome(testCase: testCase, status: failed ? .failed : .passed, details: details,
                       differentPixels: differentPixels, artifacts: artifacts)
    }

    /// The pixels nodes' own tolerances cover: each node's new frame and, when the golden
    /// dump has the node, its old frame too, so a node that moved or changed size is judged
    /// by its own tolerance in both places. In tree order: deeper nodes win where they overlap.
    /// A node whose id is in `maskIDs` (`--mask`) is masked as if it had `mask`.
    static func toleranceRegions(actual: FrameDump, golden: FrameDump?, maskIDs: Set<String> = []) -> [(PixelRect, Tolerance)] {
        let oldByKey = golden.map { g in
            Dictionary(FrameChanges.keyed(g.nodes).map { ($0.key, $0.entry) }, uniquingKeysWith: { a, _ in a })
        } ?? [:]
        let keys = FrameChanges.keyed(actual.nodes).map(\.key)
        var regions: [(PixelRect, Tolerance)] = []
        for (i, node) in actual.nodes.enumerated() {
            let masked = node.id.map(maskIDs.contains) ?? false
            guard let tolerance = masked ? .mask : node.tolerance else { continue }
            if let old = oldByKey[keys[i]], let golden {
                regions.append((pixelRect(old, scale: golden.scale), tolerance))
            }
            regions.append((pixelRect(node, scale: actual.scale), tolerance))
        }
        return regions
    }

    /// The colour masks are painted with: Playwright's default `maskColor`, a magenta
    /// that stands out in the artifacts and is rarely a design's own.
    public static let maskColor: (red: UInt8, green: UInt8, blue: UInt8) = (0xFF, 0x00, 0xFF)

    /// Paints `rect` (clipped to the image) with `maskColor`, opaque.
    static func paint(_ rect: PixelRect, in image: inout RGBAImage) {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(image.width, rect.x + rect.width), y1 = min(image.height, rect.y + rect.height)
        guard x0 < x1, y0 < y1, image.pixels.count >= image.width * image.height * 4 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = (y * image.width + x) * 4
                image.pixels[p] = maskColor.red
                image.pixels[p + 1] = maskColor.green
                image.pixels[p + 2] = maskColor.blue
                image.pixels[p + 3] = 0xFF
            }
        }
    }

    /// A frame in device pixels, rounded outwards (empty when it is not finite).
    static func pixelRect(_ e: FrameDump.Entry, scale: Double) -> PixelRect {
        let values = [e.x * scale, e.y * scale, (e.x + e.width) * scale, (e.y + e.height) * scale]
        guard values.allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let x0 = Int(values[0].rounded(.down)), y0 = Int(values[1].rounded(.down))
        let x1 = Int(values[2].rounded(.up)), y1 = Int(values[3].rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    private func record(_ rendered: RenderedImage, _ testCase: Case, wasMissing: Bool) -> Outcome {
        do {
            let folder = (testCase.goldenPNGPath as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            let png = try rendered.pngData()
            try OutputFile.write(png, to: testCase.goldenPNGPath)
            try OutputFile.write(to: testCase.goldenFramesPath) { rendered.frames.writeJSON(into: &$0) }
            var detail = wasMissing ? "recorded a new golden image" : "re-recorded the golden image"
            if rendered.drawsPlaceholderGlyphs {
                // Said on the case's own line, not only among the warnings.
                detail += " with placeholder glyphs in it (characters no font covers; see the warnings)"
            }
            return Outcome(testCase: testCase, status: .recorded, details: [detail])
        } catch {
            return Outcome(testCase: testCase, status: .failed, details: ["cannot record golden files: \(error)"])
        }
    }

    /// `actual`: the PNG to write as the actual image, when not `rendered`'s own.
    private func writeArtifacts(dir: String, name: String, expected: [UInt8], rendered: RenderedImage,
                                actual: [UInt8]? = nil, diff: RGBAImage?) -> [String] {
        var written: [String] = []
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let base = dir + "/" + name
        if (try? OutputFile.write(expected, to: base + ".expected.png")) != nil { written.append(base + ".expected.png") }
        if let png = actual ?? (try? rendered.pngData()), (try? OutputFile.write(png, to: base + ".actual.png")) != nil {
            written.append(base + ".actual.png")
        }
        if let diff, let png = try? PNGEncoder.encode(diff), (try? OutputFile.write(png, to: base + ".diff.png")) != nil {
            written.append(base + ".diff.png")
        }
        return written
    }
}
