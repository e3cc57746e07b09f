import Metrics
import NIOConcurrencyHelpers
import Prometheus

/// The process-wide Prometheus registry behind `/metrics`. swift-metrics can be bootstrapped only once
/// per process, so every application built in one process (tests build many) shares it.
public final class PatioMetrics: Sendable {
    public static let shared = PatioMetrics()

    let registry: PrometheusCollectorRegistry

    private init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        ]
        MetricsSystem.bootstrap(factory)
    }

    public func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
