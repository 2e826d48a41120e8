import CoreMetrics
import Hummingbird
import Logging
import Prometheus

/// The service's metrics, recorded through swift-metrics into a Prometheus registry of its
/// own (not the process-wide `MetricsSystem`, so several servers in one test process keep
/// separate counts), and written out by `GET /metrics`.
final class ServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    let renderDuration: CoreMetrics.Timer
    let cacheHits: CoreMetrics.Counter
    let cacheMisses: CoreMetrics.Counter
    /// Cache misses answered by an identical render already in progress (`InFlightRenders`).
    let sharedRenders: CoreMetrics.Counter
    let refusals: CoreMetrics.Counter
    let slowClientCloses: CoreMetrics.Counter
    let workerRestarts: CoreMetrics.Counter
    private let workerCount: CoreMetrics.Gauge
    private let workersBusy: CoreMetrics.Gauge
    private let queueDepth: CoreMetrics.Gauge

    static let renderDurationName = "layout_render_render_duration_seconds"

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[Self.renderDurationName] = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(20),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1),
            .milliseconds(2500), .seconds(5), .seconds(10),
        ]
        self.factory = factory
        renderDuration = CoreMetrics.Timer(label: Self.renderDurationName, factory: factory)
        cacheHits = CoreMetrics.Counter(label: "layout_render_cache_hits_total", factory: factory)
        cacheMisses = CoreMetrics.Counter(label: "layout_render_cache_misses_total", factory: factory)
        sharedRenders = CoreMetrics.Counter(label: "layout_render_shared_renders_total", factory: factory)
        refusals = CoreMetrics.Counter(label: "layout_render_overload_refusals_total", factory: factory)
        slowClientCloses = CoreMetrics.Counter(label: "layout_render_slow_client_closes_total", factory: factory)
        workerRestarts = CoreMetrics.Counter(label: "layout_render_worker_restarts_total", factory: factory)
        workerCount = CoreMetrics.Gauge(label: "layout_render_workers", factory: factory)
        workersBusy = CoreMetrics.Gauge(label: "layout_render_workers_busy", factory: factory)
        queueDepth = CoreMetrics.Gauge(label: "layout_render_queue_depth", factory: factory)
    }

    /// Counts one answered request by route and status.
    func countRequest(route: String, status: Int) {
        CoreMetrics.Counter(label: "layout_render_http_requests_total",
                            dimensions: [("route", route), ("status", String(status))], factory: factory).increment()
    }

    /// The pool's gauges as they are now (read when `/metrics` is asked).
    func record(_ status: WorkerPool.Status) {
        workerCount.record(status.alive)
        workersBusy.record(status.busy)
        queueDepth.record(status.queued)
    }

    /// The Prometheus text exposition format.
    func text() -> String { registry.emitToString() }
}

/// Counts and logs every request, with its id (Hummingbird's `hb.request.id`), method,
/// path, status and time; never the body or the query (they may carry private text).
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let metrics: ServiceMetrics

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        // Known paths only, so that the label's values stay few whatever clients send.
        let route = RenderService.route(of: request.uri.path) ?? "other"
        func record(_ status: Int) {
            metrics.countRequest(route: route, status: status)
            let elapsed = ContinuousClock.now - start
            let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
            context.logger.info("request", metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(status)",
                "ms": "\((milliseconds * 10).rounded() / 10)",
            ])
        }
        do {
            let response = try await next(request, context)
            record(response.status.code)
            return response
        } catch let error as any HTTPResponseError {
            record(error.status.code)
            throw error
        } catch {
            record(500)
            throw error
        }
    }
}
