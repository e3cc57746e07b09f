import Foundation
import PatioCore
import PatioPlatform

/// `ObtenerEsquema/true`: the tables an agent's device keeps — the platform's offline-table registry's
/// tables of Courier's sync collections — one entry per table in the original keys. The same answer for
/// every caller: table definitions are not personal, and the apps ask without a token.
/// `QueryCreacion` is the registry's `CREATE TABLE` (already in the original's shape; SQLite accepts it; no
/// `IF NOT EXISTS`), `Pk` the key columns joined by commas, `MetodoApp` the path the device pulls the rows from
/// (`/api/v1/sync/<collection>`, which does need the login's token), `Error` always null — an entry Patio cannot
/// describe is left out, not sent half-filled — and `FechaActualizacionSincro` the schema time in the
/// original's .NET shape (see `syncTime`).
struct ControllerAppSchemaEntry: Encodable, Equatable, Sendable {
    var table: OfflineTableRegistry.Published

    enum Key: String, CodingKey, CaseIterable {
        case nombreTabla = "NombreTabla", pk = "Pk", queryCreacion = "QueryCreacion", batchSize = "BatchSize", filtro = "Filtro"
        case error = "Error", numeroCampos = "NumeroCampos", metodoApp = "MetodoApp", fechaActualizacionSincro = "FechaActualizacionSincro"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(table.name, forKey: .nombreTabla)
        try c.encode(table.primaryKey.joined(separator: ","), forKey: .pk)
        try c.encode(table.createStatement, forKey: .queryCreacion)
        try c.encode(table.batchSize, forKey: .batchSize)
        try c.encode(table.filter, forKey: .filtro)
        try c.encodeNil(forKey: .error)
        try c.encode(table.fieldCount, forKey: .numeroCampos)
        try c.encode(ControllerAppSchema.pullPath(table.collection), forKey: .metodoApp)
        try c.encode(ControllerAppSchema.syncTime(table.schemaChangedAt), forKey: .fechaActualizacionSincro)
    }
}

enum ControllerAppSchema {
    /// Where the device pulls a table's rows: Patio's sync API.
    static func pullPath(_ collection: String) -> String { "/api/v1/sync/\(collection)" }

    /// `yyyy-MM-ddTHH:mm:ss` in Bogotá time, as the original .NET server wrote its dates: some apps parse
    /// the field with `LocalDateTime.parse`, which refuses an offset or `Z`, and the rest only show it.
    static func syncTime(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = CourierAPI.homeTimeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// The entries of an agent's device: the tables of Courier's sync collections, by name.
    static func entries(services s: CourierServices, registry: OfflineTableRegistry) async throws -> [ControllerAppSchemaEntry] {
        let collections = Set(CourierSync.collections(s).map(\.name))
        return try await registry.published { collections.contains($0) }.map { ControllerAppSchemaEntry(table: $0) }
    }
}
