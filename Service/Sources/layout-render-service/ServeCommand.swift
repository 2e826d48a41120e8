import ArgumentParser
import Foundation
import LayoutRenderService
import Logging

struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-render-service",
        abstract: "Serve renders over HTTP: POST /render, GET /render/NAME.png, POST /diff, GET /healthz, GET /readyz, GET /metrics (and GET /playground with --playground).",
        discussion: """
            POST /render takes a spec as the body (the JSON form with Content-Type: application/json) \
            and the query parameters width, height or size=WxH, scale, frames=1 and var.NAME=VALUE; \
            it answers image/png, or the frame dump as JSON with frames=1 (with frames=picture, \
            both as JSON: {"frames": …, "type": …, "picture": BASE64}). POST /diff takes the \
            multipart/form-data fields expected and actual (PNGs) and an optional threshold. \
            Images are read only from --assets; without it, from nowhere. Each render runs in a \
            worker process (--workers of them), killed and replaced when it runs over \
            --render-timeout-ms. SIGTERM or SIGINT stops the server gracefully. See \
            docs/deploy.md for the limits and their statuses. `layout-render serve` runs this program.
            """
    )

    /// Every option's default is the service's own.
    private static let defaults = ServiceConfiguration()

    private static func milliseconds(_ duration: Duration) -> Int { Int(duration / .milliseconds(1)) }

    @Option(help: "The address to listen on.")
    var host = ServeCommand.defaults.host

    @Option(help: "The port to listen on (0: any free port).")
    var port = ServeCommand.defaults.port

    @Option(help: "The only folder images and fonts may be read from (default: none).")
    var assets: String?

    @Option(help: "A folder of templates: GET /render/NAME.png (or .jpg, .webp, .svg, .pdf) renders NAME.spec from it, its query as variables.")
    var templates: String?

    @Flag(help: "Serve GET /playground: a page to write a spec in and see it rendered as one types (off by default).")
    var playground = false

    @Option(name: .customLong("cache-max-age"), help: "max-age in seconds of the public, immutable Cache-Control of template answers.")
    var cacheMaxAge = ServeCommand.defaults.publicMaxAgeSeconds

    @Option(name: .customLong("cors-origin"), help: "An origin whose pages may read answers (repeatable; * for any).")
    var corsOrigins: [String] = []

    @Option(help: "Render worker processes, each running one render at a time (default: the number of cores).")
    var workers: Int?

    @Option(name: .customLong("worker-memory-mb"),
            help: "Each worker process's address-space limit in MiB (0: none); a render past it fails alone.")
    var workerMemoryMegabytes = ServeCommand.defaults.workerMemoryMegabytes

    @Option(help: "Requests that may wait for a worker; past that they get 503 with Retry-After.")
    var queue = ServeCommand.defaults.queueLength

    @Option(name: .customLong("long-render-ms"),
            help: "A render running longer is a long one: it leaves its place to short renders and runs at the lowest CPU priority.")
    var longRenderMilliseconds = ServeCommand.milliseconds(ServeCommand.defaults.longRenderAfter)

    @Option(name: .customLong("long-renders"),
            help: "Long renders at once, each a worker process beside --workers (default: as many as --workers); one more is stopped and answered 503.")
    var longRenders: Int?

    @Option(name: .customLong("max-body-bytes"), help: "The largest request body (413 past it).")
    var maxBodyBytes = ServeCommand.defaults.maxBodyBytes

    @Option(name: .customLong("render-timeout-ms"), help: "How long a request waits for its render, queue included (504 past it).")
    var renderTimeoutMilliseconds = ServeCommand.milliseconds(ServeCommand.defaults.renderTimeout)

    @Option(name: .customLong("idle-timeout-ms"),
            help: "How long a connection may stay idle, or take to send a request's headers, before it is closed.")
    var idleTimeoutMilliseconds = ServeCommand.milliseconds(ServeCommand.defaults.idleTimeout)

    @Option(name: .customLong("body-timeout-ms"),
            help: "How long a request body may take to arrive, or an answer stay unread, before the connection is closed.")
    var bodyTimeoutMilliseconds = ServeCommand.milliseconds(ServeCommand.defaults.bodyTimeout)

    @Option(name: .customLong("max-connections"),
            help: "Connections open at once; past it, new ones wait in the kernel's backlog.")
    var maxConnections = ServeCommand.defaults.maxConnections

    @Option(name: .customLong("max-painted-pixels"),
            help: "The most device pixels one render may paint (fills, images, glyphs, opacity groups; 422 past it).")
    var maxPaintedPixels = ServeCommand.defaults.renderLimits.budget.maxPaintedPixels

    @Option(name: .customLong("max-image-pixels"), help: "The most pixels of the images one render may decode (422 past it).")
    var maxImagePixels = ServeCommand.defaults.renderLimits.budget.maxImagePixels

    @Option(name: .customLong("max-text-characters"), help: "The most characters one render may lay out (422 past it).")
    var maxTextCharacters = ServeCommand.defaults.renderLimits.budget.maxTextCharacters

    @Option(name: .customLong("image-cache-mb"), help: "Decoded images each worker keeps between renders, in MiB.")
    var imageCacheMegabytes = ServeCommand.defaults.workerImageCacheBytes >> 20

    @Option(name: .customLong("max-pixels"), help: "The largest canvas in device pixels (400 past it).")
    var maxPixels = ServeCommand.defaults.renderLimits.maxPixels

    @Option(name: .customLong("max-side"), help: "The largest canvas side in device pixels (400 past it).")
    var maxSide = ServeCommand.defaults.renderLimits.maxSide

    @Option(name: .customLong("max-nodes"), help: "The most nodes in a spec after if/for expansion (400 past it).")
    var maxNodes = ServeCommand.defaults.parseLimits.maxNodes

    @Option(name: .customLong("max-depth"), help: "The deepest nesting in a spec (400 past it).")
    var maxDepth = ServeCommand.defaults.parseLimits.maxDepth

    @Option(name: .customLong("cache-entries"), help: "Renders kept in the in-memory LRU cache (0: no cache).")
    var cacheEntries = ServeCommand.defaults.cacheEntries

    @Option(name: .customLong("cache-bytes"), help: "Bytes of renders kept in the cache.")
    var cacheBytes = ServeCommand.defaults.cacheBytes

    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func validate() throws {
        for (name, value) in [("--workers", workers ?? 1), ("--max-body-bytes", maxBodyBytes),
                              ("--render-timeout-ms", renderTimeoutMilliseconds), ("--max-pixels", maxPixels),
                              ("--idle-timeout-ms", idleTimeoutMilliseconds), ("--body-timeout-ms", bodyTimeoutMilliseconds),
                              ("--max-connections", maxConnections), ("--long-render-ms", longRenderMilliseconds),
                              ("--max-side", maxSide), ("--max-nodes", maxNodes), ("--max-depth", maxDepth),
                              ("--max-painted-pixels", maxPaintedPixels), ("--max-image-pixels", maxImagePixels),
                              ("--max-text-characters", maxTextCharacters)]
        where value < 1 {
            throw ValidationError("\(name) must be at least 1")
        }
        for (name, value) in [("--queue", queue), ("--cache-entries", cacheEntries), ("--cache-bytes", cacheBytes),
                              ("--worker-memory-mb", workerMemoryMegabytes), ("--cache-max-age", cacheMaxAge),
                              ("--image-cache-mb", imageCacheMegabytes), ("--long-renders", longRenders ?? 0)] where value < 0 {
            throw ValidationError("\(name) must not be negative")
        }
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 0 to 65535") }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        var configuration = ServiceConfiguration()
        configuration.host = host
        configuration.port = port
        configuration.assetsDirectory = assets
        configuration.templatesDirectory = templates
        configuration.playground = playground
        configuration.publicMaxAgeSeconds = cacheMaxAge
        configuration.corsOrigins = corsOrigins
        if let workers { configuration.workers = workers }
        configuration.workerMemoryMegabytes = workerMemoryMegabytes
        configuration.queueLength = queue
        configuration.longRenderAfter = .milliseconds(longRenderMilliseconds)
        configuration.maxLongRenders = longRenders
        configuration.maxBodyBytes = maxBodyBytes
        configuration.parseLimits.maxNodes = maxNodes
        configuration.parseLimits.maxDepth = maxDepth
        configuration.renderLimits.maxPixels = maxPixels
        configuration.renderLimits.maxSide = maxSide
        configuration.renderLimits.budget.maxPaintedPixels = maxPaintedPixels
        configuration.renderLimits.budget.maxImagePixels = maxImagePixels
        configuration.renderLimits.budget.maxTextCharacters = maxTextCharacters
        configuration.workerImageCacheBytes = imageCacheMegabytes << 20
        configuration.renderTimeout = .milliseconds(renderTimeoutMilliseconds)
        configuration.idleTimeout = .milliseconds(idleTimeoutMilliseconds)
        configuration.bodyTimeout = .milliseconds(bodyTimeoutMilliseconds)
        configuration.maxConnections = maxConnections
        configuration.cacheEntries = cacheEntries
        configuration.cacheBytes = cacheBytes

        var logger = Logger(label: "layout-render-service")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let service: RenderService
        do {
            service = try RenderService(configuration: configuration)
        } catch {
            throw ValidationError("\(error)")
        }
        try await service.application(logger: logger).runService()
    }
}
