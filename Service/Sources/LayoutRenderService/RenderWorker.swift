import Foundation
import LayoutRenderKit
import Rendering
import SpecLanguage

/// The render worker process: `layout-render-service worker …`, started by the server's
/// `WorkerPool`, never by a person. It reads `WorkerRequest` frames on file descriptor 3
/// and writes one `WorkerReply` frame for each on file descriptor 4, until its input
/// closes. Everything a render touches (FreeType and Cairo state, the heap) lives in this
/// process, so a render that runs over its time is ended by killing the process, and
/// nothing one request does can reach another's worker.
public enum RenderWorker {
    /// The descriptors the pool connects: requests in, replies out.
    static let requestDescriptor: Int32 = 3
    static let replyDescriptor: Int32 = 4
    /// Held open by the server for the worker's life; it reads end-of-file when the
    /// server ends in any way, and the worker then ends too, even in the middle of a render.
    static let lifelineDescriptor: Int32 = 5

    /// What a worker is told on its command line: the server's configuration for renders.
    struct Settings: Equatable {
        var assetRoot: String
        var parseLimits = ParseLimits.default
        var renderLimits = RenderLimits()
        /// The address-space limit of the process, in MiB (0: none).
        var memoryMegabytes = 0
        /// Decoded images kept between this worker's renders, in bytes.
        var imageCacheBytes = LayoutRenderer.defaultImageCacheBytes

        /// The worker's arguments after `worker`.
        var arguments: [String] {
            ["--assets", assetRoot, "--max-source-bytes", String(parseLimits.maxSourceBytes),
             "--max-nodes", String(parseLimits.maxNodes), "--max-depth", String(parseLimits.maxDepth),
             "--max-pixels", String(renderLimits.maxPixels), "--max-side", String(renderLimits.maxSide),
             "--max-painted-pixels", String(renderLimits.budget.maxPaintedPixels),
             "--max-image-pixels", String(renderLimits.budget.maxImagePixels),
             "--max-text-characters", String(renderLimits.budget.maxTextCharacters),
             "--image-cache-bytes", String(imageCacheBytes), "--memory-mb", String(memoryMegabytes)]
        }

        init(assetRoot: String, parseLimits: ParseLimits, renderLimits: RenderLimits, memoryMegabytes: Int,
             imageCacheBytes: Int) {
            self.assetRoot = assetRoot; self.parseLimits = parseLimits
            self.renderLimits = renderLimits; self.memoryMegabytes = memoryMegabytes
            self.imageCacheBytes = imageCacheBytes
        }

        init?(arguments: [String]) {
            guard arguments.count % 2 == 0 else { return nil }
            var assets: String?
            for i in stride(from: 0, to: arguments.count, by: 2) {
                let name = arguments[i], value = arguments[i + 1]
                if name == "--assets" { assets = value; continue }
                guard let number = Int(value), number >= 0 else { return nil }
                switch name {
                case "--max-source-bytes": parseLimits.maxSourceBytes = number
                case "--max-nodes": parseLimits.maxNodes = number
                case "--max-depth": parseLimits.maxDepth = number
                case "--max-pixels": renderLimits.maxPixels = number
                case "--max-side": renderLimits.maxSide = number
                case "--max-painted-pixels": renderLimits.budget.maxPaintedPixels = number
                case "--max-image-pixels": renderLimits.budget.maxImagePixels = number
                case "--max-text-characters": renderLimits.budget.maxTextCharacters = number
                case "--image-cache-bytes": imageCacheBytes = number
                case "--memory-mb": memoryMegabytes = number
                default: return nil
                }
            }
            guard let assets else { return nil }
            assetRoot = assets
        }
    }

    /// Runs the worker loop; returns the process's exit status.
    public static func main(arguments: [String]) -> Int32 {
        guard let settings = Settings(arguments: arguments) else {
            report("started with bad arguments (it is started by the server)")
            return 64
        }
        closeInheritedDescriptors()
        watchLifeline()
        if settings.memoryMegabytes > 0 {
            let bytes = rlim_t(settings.memoryMegabytes) << 20
            var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
            guard setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else {
                report("cannot set the memory limit: \(String(cString: strerror(errno)))")
                return 71
            }
        }
        let pipe = FramePipe(input: requestDescriptor, output: replyDescriptor)
        let renderer = LayoutRenderer(imageCacheBytes: settings.imageCacheBytes)
        warmUp(renderer, settings: settings)
        // The first frame says the worker is ready: fonts loaded, first-use costs paid.
        do { try pipe.write([]) } catch { return 0 }
        while true {
            let frame: [UInt8]
            do { frame = try pipe.read() } catch { return 0 }
            let reply: WorkerReply
            do {
                reply = render(try WorkerRequest(decoding: frame), renderer: renderer, settings: settings)
            } catch {
                report("a request frame did not read back")
                return 70
            }
            do { try pipe.write(reply.encoded()) } catch { return 0 }
        }
    }

    private static func report(_ message: String) {
        FileHandle.standardError.write(Data("layout-render-service worker: \(message)\n".utf8))
    }

    /// Closes every descriptor above the lifeline that a library of the server opened
    /// without close-on-exec (the worker needs only 0 to 5).
    private static func closeInheritedDescriptors() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
        for name in names {
            if let fd = Int32(name), fd > lifelineDescriptor { close(fd) }
        }
    }

    /// Ends the process as soon as the server's end of the lifeline closes.
    private static func watchLifeline() {
        let thread = Thread {
            var byte: UInt8 = 0
            while read(lifelineDescriptor, &byte, 1) != 0 && errno == EINTR {}
            _exit(0)
        }
        thread.start()
    }

    /// Renders one request as the service's `/render` does, in this process.
    static func render(_ request: WorkerRequest, renderer: LayoutRenderer, settings: Settings) -> WorkerReply {
        guard let source = String(validating: request.source, as: UTF8.self) else {
            return WorkerReply(.failure(.spec(Diagnostic(file: nil, location: nil, message: "the spec is not valid UTF-8 text"))))
        }
        var options = RenderOptions(fileName: request.format == .json ? "spec.json" : "spec.spec",
                                    assetRoot: settings.assetRoot, parseLimits: settings.parseLimits,
                                    renderLimits: settings.renderLimits)
        options.format = request.format
        options.scale = request.scale
        if let width = request.width { options.canvasSize = (width, request.height) }
        options.variables = request.variables
        options.nameSource = request.names
        do throws(LayoutRenderError) {
            if request.jsonForm {
                let json = SpecWriter.json(try LayoutRenderer.parseTemplate(source: source, options: options))
                return WorkerReply(.body(Array(json.utf8), contentType: "application/json"))
            }
            if request.frames {
                let json = try renderer.layout(source: source, options: options).frames.json()
                return WorkerReply(.body(Array(json.utf8), contentType: "application/json"))
            }
            let laidOut = try renderer.layout(source: source, options: options)
            let frames = request.framesWithPicture ? laidOut.frames.json() : ""
            let picture = try renderer.picture(laidOut, settings: request.picture, options: options)
            if request.framesWithPicture {
                // One answer for a page that shows both (the playground): one render, not two.
                let json = "{\"frames\":" + frames + ",\"type\":\"" + picture.format.mediaType
                    + "\",\"picture\":\"" + Data(picture.bytes).base64EncodedString() + "\"}"
                return WorkerReply(.body(Array(json.utf8), contentType: "application/json"), warnings: picture.warnings)
            }
            return WorkerReply(.body(picture.bytes, contentType: picture.format.mediaType), warnings: picture.warnings)
        } catch {
            return WorkerReply(.failure(error))
        }
    }

    /// Pays the first render's costs (fonts, ICU's break rules, Cairo's and libpng's
    /// set-up) before the worker says it is ready, so no client waits for them.
    private static func warmUp(_ renderer: LayoutRenderer, settings: Settings) {
        let spec = "canvas width=40 height=20\nlabel \"Warm up 1\" size=10\n"
        let request = WorkerRequest(source: Array(spec.utf8), format: .spec)
        _ = render(request, renderer: renderer, settings: settings)
    }
}
