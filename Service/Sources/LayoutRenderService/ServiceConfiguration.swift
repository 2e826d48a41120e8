import Foundation
import Rendering
import SpecLanguage

/// Everything `layout-render serve` can be told: where to listen, where images come from,
/// and every limit. The defaults are the ones documented in docs/deploy.md.
public struct ServiceConfiguration: Sendable {
    /// The address to listen on (`--host`).
    public var host = "127.0.0.1"
    /// The port (`--port`); 0 picks a free one.
    public var port = 8080
    /// The only folder images and fonts are read from (`--assets`); nil means none: an empty
    /// temporary folder is used, so no image can be read at all.
    public var assetsDirectory: String?
    /// Renders run at once, each in its own worker process (`--workers`).
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Requests that may wait for a worker (`--queue`); past that a request gets 503.
    public var queueLength = 64
    /// How long a render runs before it is a long one (`--long-render-ms`): it then leaves its
    /// place among the `workers` to short renders and runs at the lowest CPU priority
    /// (`WorkerPool`). A card takes about 7 ms; 50 ms keeps what an expensive request can
    /// take from the others to a twentieth of a second of one worker (at 100 ms, requests of
    /// seconds each at 2/s cost the normal load 18 % of its throughput; at 50 ms, 9 %:
    /// reliability.md, "Fairness, measured").
    public var longRenderAfter: Duration = .milliseconds(50)
    /// Long renders at once (`--long-renders`; nil: as many as `workers`). One more is
    /// stopped at `longRenderAfter` and answered 503. Each is a worker process of its own, so
    /// the processes number at most `workers` + this, each within `workerMemoryMegabytes`.
    public var maxLongRenders: Int?
    /// The largest request body in bytes (`--max-body-bytes`); larger ones get 413. The
    /// largest spec (`parseLimits.maxSourceBytes`) follows it.
    public var maxBodyBytes = 1 << 20 {
        didSet { parseLimits.maxSourceBytes = maxBodyBytes }
    }
    /// How long a request waits for its render, queue time included (`--render-timeout-ms`).
    public var renderTimeout: Duration = .seconds(10)
    /// Nodes, nesting depth and source size of a spec (`--max-nodes`, `--max-depth`).
    public var parseLimits = ParseLimits.default
    /// The canvas in device pixels (`--max-pixels`, `--max-side`).
    public var renderLimits = RenderLimits()
    /// The render cache: entries and total bytes (`--cache-entries`, `--cache-bytes`).
    public var cacheEntries = 256
    public var cacheBytes = 64 << 20
    /// Seconds a client is told to wait after a 503 (`Retry-After`).
    public var retryAfterSeconds = 1
    /// How long a connection may wait for a request's whole head, from its start or from its
    /// last answer being sent (`--idle-timeout-ms`): an idle keep-alive connection, a client
    /// that sends nothing, or one that sends its head slowly is closed after it. A request
    /// being read, rendered or answered is not idle.
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request may take to arrive, from its head to its last body byte, and how
    /// long an answer may make no progress while the client leaves it unread
    /// (`--body-timeout-ms`).
    public var bodyTimeout: Duration = .seconds(60)
    /// Connections open at once (`--max-connections`); past that, new ones wait in the
    /// kernel's accept backlog until one closes.
    public var maxConnections = 512
    /// `GET /playground`, a page to write specs in and see them rendered (`--playground`);
    /// off by default: the path does not exist.
    public var playground = false
    /// The folder of templates for `GET /render/NAME.png` (`--templates`); nil: none.
    public var templatesDirectory: String?
    /// `max-age` of the `Cache-Control` of template answers (`--cache-max-age`), which are
    /// `public` and `immutable`: a URL names its picture for as long as the deployment's
    /// templates and assets stay the same.
    public var publicMaxAgeSeconds = 86_400
    /// Origins allowed to read answers from a browser (`--cors-origin`, repeatable; `*` for
    /// any). Empty: no CORS headers are sent.
    public var corsOrigins: [String] = []
    /// The program started as `PROGRAM worker …` for each render worker process; nil means
    /// this process's own executable (`layout-render-service`).
    public var workerExecutable: String?
    /// Each worker process's address-space limit in MiB (`--worker-memory-mb`; 0: none). A
    /// render that needs more fails in its own process, which is then replaced.
    public var workerMemoryMegabytes = 512
    /// Decoded images each worker keeps between renders (`--image-cache-mb`), within its
    /// memory limit beside the largest canvas and the image budget.
    public var workerImageCacheBytes = 64 << 20

    /// This process's executable, as the kernel knows it.
    public static var currentExecutable: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public init() {
        parseLimits.maxSourceBytes = maxBodyBytes
        renderLimits.maxPixels = 16 << 20
        // The images of one render, decoded, fit a worker's memory beside its canvas.
        renderLimits.budget.maxImagePixels = 16 << 20
    }
}
