import Foundation
import PatioData
import PhotoProcessing

extension PatioConfiguration {
    /// Reads the database pool and the load-shedding limits (`PATIO_DB_CONNECTIONS`, `PATIO_DB_POOL_TIMEOUT`,
    /// `PATIO_MAX_IN_FLIGHT`, `PATIO_MAX_QUEUED`, `PATIO_QUEUE_WAIT`) and checks `PATIO_PHOTO_WORKERS`; a value
    /// out of range stops start-up, instead of being replaced by a default nobody asked for.
    mutating func readLoadLimits(_ environment: [String: String]) throws {
        func integer(_ name: String, _ range: ClosedRange<Int>, _ meaning: String) throws -> Int? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            guard let value = Int(text), range.contains(value) else {
                throw ConfigurationError("\(name) must be \(range.lowerBound) to \(range.upperBound) (\(meaning))")
            }
            return value
        }
        databaseConnections = try integer("PATIO_DB_CONNECTIONS", 1...1000, "database connections") ?? databaseConnections
        databasePoolTimeout = try integer("PATIO_DB_POOL_TIMEOUT", 1...300, "seconds a query waits for a connection").map { .seconds($0) } ?? databasePoolTimeout
        maxInFlight = try integer("PATIO_MAX_IN_FLIGHT", 1...10_000, "requests worked on at once") ?? maxInFlight
        maxQueued = try integer("PATIO_MAX_QUEUED", 0...100_000, "requests waiting for a turn") ?? maxQueued
        queueWait = try integer("PATIO_QUEUE_WAIT", 1...300, "seconds a request may wait for a turn") ?? queueWait
        // Read where the workers start (PhotoCodecs.live); checked here so a wrong value stops start-up.
        _ = try integer(PhotoCodecs.workersVariable, PhotoCodecs.workersRange, "photo worker processes at once; 0 decodes photos in the server")
    }

    /// Requests worked on at once: as set, or twice the database connections — enough to keep every
    /// connection busy while other requests are between queries, few enough that none waits long for one.
    var admissionLimits: AdmissionGate.Limits {
        let connections = databaseConnections ?? 4 * ProcessInfo.processInfo.activeProcessorCount
        return AdmissionGate.Limits(inFlight: maxInFlight ?? max(2, 2 * connections), queued: maxQueued, wait: .seconds(queueWait))
    }
}
