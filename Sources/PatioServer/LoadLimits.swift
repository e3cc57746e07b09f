import Foundation
import PatioData
import PatioPlatform
import PhotoProcessing

extension PatioConfiguration {
    /// Reads the database pool and the load-shedding limits (`PATIO_DB_CONNECTIONS`, `PATIO_DB_POOL_TIMEOUT`,
    /// `PATIO_MAX_IN_FLIGHT`, `PATIO_MAX_QUEUED`, `PATIO_QUEUE_WAIT`) and checks `PATIO_PHOTO_WORKERS`; a value
    /// out of range stops start-up, instead of being replaced by a default nobody asked for.
    mutating func readLoadLimits(_ settings: SettingsReader) throws(SettingError) {
        databaseConnections = try settings.integer("patio.db.connections", in: 1...1000, meaning: "database connections") ?? databaseConnections
        databasePoolTimeout =
            try settings.integer("patio.db.pool.timeout", in: 1...300, meaning: "seconds a query waits for a connection")
            .map { .seconds($0) } ?? databasePoolTimeout
        maxInFlight = try settings.integer("patio.max.in.flight", in: 1...10_000, meaning: "requests worked on at once") ?? maxInFlight
        maxQueued = try settings.integer("patio.max.queued", in: 0...100_000, meaning: "requests waiting for a turn") ?? maxQueued
        queueWait = try settings.integer("patio.queue.wait", in: 1...300, meaning: "seconds a request may wait for a turn") ?? queueWait
        // Read where the workers start (PhotoCodecs.live); checked here so a wrong value stops start-up.
        _ = try settings.integer(
            SettingsReader.key(PhotoCodecs.workersVariable), in: PhotoCodecs.workersRange,
            meaning: "photo worker processes at once; 0 decodes photos in the server")
    }

    /// Requests worked on at once: as set, or twice the database connections — enough to keep every
    /// connection busy while other requests are between queries, few enough that none waits long for one.
    var admissionLimits: AdmissionGate.Limits {
        let connections = databaseConnections ?? 4 * ProcessInfo.processInfo.activeProcessorCount
        return AdmissionGate.Limits(inFlight: maxInFlight ?? max(2, 2 * connections), queued: maxQueued, wait: .seconds(queueWait))
    }
}
