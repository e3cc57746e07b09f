import Foundation
import Logging
import PatioCore
import PatioData
import PatioIdentity
@testable import PatioPlatform
import PatioTestSupport
import Testing

@Suite("Offline tables: definitions, statements and schema times")
struct OfflineTableTests {
    static let pickups = OfflineTable(
        name: "pickups", collection: "courier.pickups",
        columns: [
            .init(name: "id", type: "nvarchar (36)", nullable: false), .init(name: "day", type: "nvarchar (10)", nullable: false),
            .init(name: "price", type: "numeric (12,2)", nullable: true),
        ],
        primaryKey: ["id", "day"], batchSize: 200, filter: "The agent's pickups")

    @Test("the statement has the original contract's exact shape: CRLF lines, NULL / NOT NULL, the key last, no IF NOT EXISTS")
    func statement() {
        #expect(
            Self.pickups.createStatement
                == """
                CREATE TABLE pickups( \r\nid nvarchar (36) NOT NULL,\r\nday nvarchar (10) NOT NULL,\r\nprice numeric (12,2) NULL,PRIMARY KEY \
                (id,day))
                """
        )
        #expect(Self.pickups.fieldCount == 3)
    }

    @Test("a definition mistake is reported: identifiers, types, keys, duplicates and batch sizes")
    func problems() {
        #expect(Self.pickups.problems().isEmpty)
        let bad = OfflineTable(
            name: "1 pickups", collection: "c",
            columns: [
                .init(name: "id", type: "nvarchar (max)", nullable: false), .init(name: "ID", type: "int", nullable: false),
                .init(name: "a;b", type: "numeric (2,5)", nullable: true),
            ],
            primaryKey: ["missing"], batchSize: 5_000, filter: "")
        let problems = bad.problems().joined(separator: "\n")
        for fragment in [
            "1 pickups is not an identifier", "nvarchar (max)", "appears twice", "a;b is not an identifier", "numeric (2,5)",
            "unknown column missing", "batch size 5000",
        ] {
            #expect(problems.contains(fragment), "\(fragment)")
        }
    }

    @Test("the fingerprint moves when a column's type, nullability or the key changes, and only then")
    func fingerprint() {
        func variant(type: String = "numeric (12,2)", nullable: Bool = true, key: [String] = ["id", "day"], filter: String = "x") -> String {
            OfflineTable(
                name: "pickups", collection: "courier.pickups",
                columns: [
                    .init(name: "id", type: "nvarchar (36)", nullable: false), .init(name: "day", type: "nvarchar (10)", nullable: false),
                    .init(name: "price", type: type, nullable: nullable),
                ],
                primaryKey: key, batchSize: 200, filter: filter
            ).fingerprint
        }
        #expect(variant() == Self.pickups.fingerprint)
        #expect(variant(filter: "other words") == Self.pickups.fingerprint)
        #expect(variant(type: "numeric (14,2)") != Self.pickups.fingerprint)
        #expect(variant(nullable: false) != Self.pickups.fingerprint)
        #expect(variant(key: ["id"]) != Self.pickups.fingerprint)
    }

    @Test("a schema keeps its time across restarts until its columns change; two tables with one name stop start-up")
    func schemaTimes() async throws {
        try await withPlatformDatabase("offline-tables") { database, _ in
            let clock = ManualClock(Date(timeIntervalSince1970: 1_795_000_000))
            let other = OfflineTable(
                name: "photos", collection: "courier.photos", columns: [.init(name: "id", type: "int", nullable: false)],
                primaryKey: ["id"], batchSize: 10, filter: "")
            try await OfflineTableRegistry(database: database, clock: clock.clock, tables: [Self.pickups, other]).synchronize()
            let first = try await OfflineTableRegistry(database: database, clock: clock.clock, tables: []).schemaTimes()
            #expect(first["pickups"] == clock.date && first["photos"] == clock.date)

            clock.advance(by: 3_600)
            try await OfflineTableRegistry(database: database, clock: clock.clock, tables: [Self.pickups, other]).synchronize()
            #expect(try await OfflineTableRegistry(database: database, clock: clock.clock, tables: []).schemaTimes() == first)

            clock.advance(by: 3_600)
            let widened = OfflineTable(
                name: "pickups", collection: "courier.pickups",
                columns: Self.pickups.columns + [.init(name: "notes", type: "nvarchar (500)", nullable: true)],
                primaryKey: Self.pickups.primaryKey, batchSize: 200, filter: "")
            let registry = OfflineTableRegistry(database: database, clock: clock.clock, tables: [widened, other])
            try await registry.synchronize()
            let times = try await registry.schemaTimes()
            #expect(times["pickups"] == clock.date && times["photos"] == first["photos"])
            let published = try await registry.published { $0 == "courier.pickups" }
            #expect(published.map(\.name) == ["pickups"] && published.first?.fieldCount == 4 && published.first?.schemaChangedAt == clock.date)

            await #expect(throws: OfflineTableRegistry.DefinitionError.self) {
                try await OfflineTableRegistry(database: database, clock: clock.clock, tables: [Self.pickups, widened]).synchronize()
            }
        }
    }
}
