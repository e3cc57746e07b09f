import Foundation
import HummingbirdTesting
import PatioCore
import PatioData
import PatioPlatform
import SQLKit
import Testing
@testable import Courier

/// The feed keeps each live locality's sync row as JSON, written when the locality changes; pulls copy it.
@Suite("Courier offline: the network's rows are written once, when a locality changes")
struct LocalityFeedTests {
    @Test("a page of localities is the same bytes whether the feed kept their JSON or reads their rows from the table")
    func keptAndReadAgree() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let database = patio.components.database
            #expect(try await Self.count("NOT deleted AND data IS NULL", on: database) == 0, "every live locality's JSON is kept")
            #expect(try await Self.count("NOT deleted", on: database) >= 33)
            let kept = try await Self.page(world)
            // As rows changed before the feed kept JSON: the pull reads every locality through its table.
            try await database.write { db in
                try await (try db.sql).raw("UPDATE sync_rows SET data = NULL WHERE collection = \(bind: LocalityService.collection)").run()
            }
            let read = try await Self.page(world)
            #expect(read == kept)
            #expect(read.contains("\"name\":\"Bogotá D.C.\""))
        }
    }

    @Test("a locality changed by a later import reaches devices with its new values; one made inactive leaves them")
    func laterImportsReachDevices() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let (_, cursor) = try await world.pullAll("courier.localities", token: world.ana.token, limit: 500)
            let records = try LocalityCSV.parse(CourierDemo.networkCSV()).get()
            var bogota = try #require(records.first { $0.id == "11001000" })
            bogota.pickupPrice += 1_500
            bogota.zone = "Zona \"Norte\""
            var medellin = try #require(records.first { $0.id == "05001000" && $0.status == 1 })
            medellin.status = 0
            let services = CourierServices(environment: patio.components.environment)
            let summary = try await services.localities.importRecords([bogota, medellin])
            #expect(summary.updated == 2)

            let changes = try await world.pullAll("courier.localities", token: world.ana.token, from: cursor, limit: 500).changes
            #expect(changes.count == 2)
            let put = try #require(changes.first { $0.op == "put" })
            var data = try #require(put.data)
            #expect(data.removeValue(forKey: "id") == .string(put.id.wireText))
            #expect(data == LocalityWire.row(bogota))
            #expect(changes.first { $0.op == "delete" } != nil)
            // Made active again, it comes back with what it holds now.
            medellin.status = 1
            medellin.name = "Medellín (Antioquia)"
            _ = try await services.localities.importRecords([medellin])
            let back = try await world.pullAll("courier.localities", token: world.ana.token, from: cursor, limit: 500).changes
            let returned = try #require(back.first { $0.data?["code"] == .string("05001000") })
            #expect(returned.op == "put" && returned.data?["name"] == .string("Medellín (Antioquia)"))
        }
    }

    /// The first page of the network as Ana's device receives it, byte for byte.
    private static func page(_ world: CourierWorld) async throws -> String {
        let response = try await world.client.api(.get, "/api/v1/sync/courier.localities?limit=500", token: world.ana.token)
        try #require(response.status == .ok)
        return String(buffer: response.body)
    }

    private static func count(_ condition: String, on database: PatioDatabase) async throws -> Int {
        struct Count: Decodable { let n: Int }
        let sql = try database.reader.sql
        let query = SQLQueryString("SELECT COUNT(*) AS n FROM sync_rows WHERE collection = 'courier.localities' AND \(unsafeRaw: condition)")
        return try await sql.raw(query).first(decoding: Count.self)?.n ?? -1
    }
}
