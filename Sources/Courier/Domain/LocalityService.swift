import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform

/// A locality as the API shows it: the 29-field record plus whether it takes pickups right now.
struct LocalityView: Codable, Sendable, Equatable {
    var record: LocalityRecord
    var openNow: Bool

    init(record: LocalityRecord, openNow: Bool) {
        self.record = record
        self.openNow = openNow
    }

    private enum Keys: String, CodingKey { case openNow }

    // The record's fields sit at the top level next to `openNow`, as the apps expect a flat locality.
    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(openNow, forKey: .openNow)
    }

    init(from decoder: any Decoder) throws {
        record = try LocalityRecord(from: decoder)
        openNow = try decoder.container(keyedBy: Keys.self).decode(Bool.self, forKey: .openNow)
    }
}

/// What a CSV import did.
struct LocalityImportSummary: Codable, Sendable, Equatable {
    var created: Int
    var updated: Int
    var unchanged: Int
}

/// The pickup network: agents search it, dispatch imports and exports it as CSV. Every change goes to the
/// `courier.localities` sync feed in the same transaction, so devices pull only what changed.
struct LocalityService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let feed = SyncFeed()

    static let collection = "courier.localities"
    /// Every courier member sees the whole active network.
    static let scope = "courier:network"
    static let notFound = AppError.notFound(code: "locality_not_found", "No locality has this code.")

    /// Localities by name; `query` matches name, short and full name, abbreviation or code ignoring case and
    /// accents; `openNow` keeps those taking pickups at this moment (hours in each locality's time zone);
    /// `pickupAllowed` keeps those where pickup is (or is not) allowed at all.
    func list(query: String?, openNow: Bool, pickupAllowed: Bool?, page: CursorPageRequest) async throws -> CursorPage<LocalityView> {
        let db = try database.reader
        var builder = LocalityModel.query(on: db)
        let needle = LocalitySearch.fold(query ?? "")
        if !needle.isEmpty { builder = builder.filter(\.$searchKey ~~ Self.escapeLike(needle)) }
        if let pickupAllowed { builder = builder.filter(\.$pickupAllowed == pickupAllowed) }
        let now = clock.now()
        if openNow {
            let zones = try await LocalityModel.query(on: db).unique().all(\.$timeZone)
            builder = builder.filter(\.$pickupAllowed == true).filter(\.$status == 1).group(.or) { group in
                for zone in Set(zones) {
                    let hour = PickupHours.localHour(at: now, timeZone: zone)
                    group.group(.and) { $0.filter(\.$timeZone == zone).filter(\.$pickupHourMin <= hour).filter(\.$pickupHourMax > hour) }
                }
                if zones.isEmpty { group.filter(\.$code == "") }
            }
        }
        if let (name, id) = try page.textAndID() {
            builder = builder.group(.or) { group in
                group.filter(\.$name > name).group(.and) { $0.filter(\.$name == name).filter(\.$id > id) }
            }
        }
        let models = try await builder.sort(\.$name).sort(\.$id).limit(page.limit + 1).all()
        let shown = models.prefix(page.limit)
        let next = models.count > page.limit ? shown.last.map { CursorPageRequest.cursor(afterText: $0.name, id: $0.id!) } : nil
        return CursorPage(items: shown.map { view($0, at: now) }, nextCursor: next)
    }

    func find(code: String) async throws -> LocalityView {
        guard LocalitySearch.isCode(code), let model = try await model(code: code) else { throw Self.notFound }
        return view(model, at: clock.now())
    }

    func model(code: String) async throws -> LocalityModel? {
        try await LocalityModel.query(on: try database.reader).filter(\.$code == code).first()
    }

    func view(_ model: LocalityModel, at now: Date) -> LocalityView {
        let record = model.record
        return LocalityView(record: record, openNow: PickupHours.isOpen(record, at: now))
    }

    /// Every locality, by code, as CSV export writes them.
    func all() async throws -> [LocalityRecord] {
        try await LocalityModel.query(on: try database.reader).sort(\.$code).all().map(\.record)
    }

    /// Reads `text` as CSV and applies it whole, or refuses it whole (422 `csv_invalid`) listing each line's problem.
    func importCSV(_ text: String) async throws -> LocalityImportSummary {
        switch LocalityCSV.parse(text) {
        case .success(let records): return try await importRecords(records)
        case .failure(let errors): throw Self.refused(errors.errors)
        }
    }

    static func refused(_ errors: [LocalityCSV.LineError]) -> AppError { CSVLineError.refusal(errors) }

    /// Creates or updates each record by code in one transaction; localities not in the list are left as they are.
    func importRecords(_ records: [LocalityRecord]) async throws -> LocalityImportSummary {
        let now = clock.now()
        return try await database.write { db in
            try await feed.lock(on: db)
            let existing = try await LocalityModel.query(on: db).all()
            var byCode = Dictionary(existing.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
            var summary = LocalityImportSummary(created: 0, updated: 0, unchanged: 0)
            for record in records {
                let model: LocalityModel
                var changed: [String]
                if let current = byCode[record.id] {
                    changed = Self.changedFields(current.record, record)
                    guard !changed.isEmpty else { summary.unchanged += 1; continue }
                    model = current
                    summary.updated += 1
                } else {
                    model = LocalityModel()
                    model.id = UUID()
                    changed = LocalityWire.columns
                    summary.created += 1
                }
                let wasLive = model.$status.value == 1
                model.apply(record, at: now)
                try await model.save(on: db)
                byCode[record.id] = model
                let id = try model.requireID()
                if record.status == 1 {
                    try await feed.recordPut(
                        Self.collection, id: id, scope: Self.scope, changed: changed, written: LocalityWire.written(model.record, id: id), on: db)
                } else if wasLive {
                    try await feed.recordDelete(Self.collection, id: id, on: db)
                }
            }
            return summary
        }
    }

    /// The wire names of the fields that differ between two versions of a record.
    static func changedFields(_ old: LocalityRecord, _ new: LocalityRecord) -> [String] {
        let before = LocalityWire.row(old), after = LocalityWire.row(new)
        return after.keys.filter { before[$0] != after[$0] }.sorted()
    }

    private static func escapeLike(_ text: String) -> String {
        // Search text is user input: LIKE wildcards in it match themselves only.
        text.replacingOccurrences(of: "%", with: "").replacingOccurrences(of: "_", with: "")
    }
}
