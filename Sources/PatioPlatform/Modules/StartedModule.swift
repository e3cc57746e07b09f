import PatioCore

/// A module started for one Patio by ``PatioModule/start(_:)``: every hook below uses the services it was
/// built with, so there is one of each per Patio whatever asks for it.
public protocol StartedModule: Sendable {
    /// Declares every `/api/v1/<module>/…` and `/<module>/…` route with its access rule.
    func registerRoutes(on routes: PatioRoutes)
    /// Loads demo data; must be idempotent.
    func seedDemo() async throws
    /// Jobs to run on a timer while Patio serves.
    func periodicJobs() -> [PeriodicJob]
    /// The module's tables that apps keep offline copies of, served by `/api/v1/sync/{collection}`.
    func syncCollections() -> [SyncCollection]
    /// Releases what the module holds open (an outbound HTTP client). The host calls it when Patio stops;
    /// a second call does nothing.
    func stop() async
}

extension StartedModule {
    public func periodicJobs() -> [PeriodicJob] { [] }
    public func syncCollections() -> [SyncCollection] { [] }
    public func stop() async {}
}
