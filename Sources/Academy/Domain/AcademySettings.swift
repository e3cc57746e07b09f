import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// The academy's name, time zone, currency and check-in window.
struct AcademySettings: Codable, Sendable, Equatable {
    var name: String
    var timeZone: String
    var currency: String
    /// Check-in opens this many minutes before a class starts…
    var checkInOpensMinutesBefore: Int
    /// …and closes this many minutes after it ends.
    var checkInClosesMinutesAfterEnd: Int

    static let defaults = AcademySettings(
        name: "Academia", timeZone: "America/Lima", currency: "PEN", checkInOpensMinutesBefore: 30, checkInClosesMinutesAfterEnd: 0)

    var calendar: AcademyCalendar { AcademyCalendar(timeZone: TimeZone(identifier: timeZone) ?? TimeZone(identifier: "America/Lima")!) }

    /// The settings row's columns for a statement that reads it beside other rows, through
    /// `LEFT JOIN academy_settings <alias> ON <alias>.id = 1`: five columns, `NULL` while nothing was saved.
    static func columns(of alias: String) -> String {
        ["name", "time_zone", "currency", "opens_minutes_before", "closes_minutes_after_end"].map { "\(alias).\($0) AS settings_\($0)" }
            .joined(separator: ", ")
    }
}

extension AcademySettings {
    /// The settings from the five `columns(of:)` starting at `index`; the defaults when the row is absent.
    init(_ columns: inout SQLColumns, from index: Int) throws {
        guard let name = try columns.optionalString(index) else {
            self = .defaults
            return
        }
        self.init(
            name: name, timeZone: try columns.string(index + 1), currency: try columns.string(index + 2),
            checkInOpensMinutesBefore: try columns.int(index + 3), checkInClosesMinutesAfterEnd: try columns.int(index + 4))
    }
}

/// Reads and writes the settings row (absent until first saved: the defaults apply).
struct AcademySettingsService: Sendable {
    let database: PatioDatabase

    /// The settings row, read with fixed SQL: a Fluent model found by reflection cost more than the query.
    func current(on db: (any Database)? = nil) async throws -> AcademySettings {
        guard
            let row = try await (try (db ?? database.reader).sql).raw(
                "SELECT \(unsafeRaw: AcademySettings.columns(of: "s")) FROM academy_settings s WHERE id = 1"
            ).first()
        else { return .defaults }
        var columns = SQLColumns(row)
        return try AcademySettings(&columns, from: 0)
    }

    struct Input: Codable, Sendable {
        var name: String?
        var timeZone: String?
        var currency: String?
        var checkInOpensMinutesBefore: Int?
        var checkInClosesMinutesAfterEnd: Int?
    }

    /// Updates the fields given; absent fields keep their value.
    func update(_ input: Input) async throws -> AcademySettings {
        var settings = try await current()
        var validator = Validator()
        if let name = input.name?.trimmingCharacters(in: .whitespacesAndNewlines) {
            validator.check(!name.isEmpty && name.count <= 120, "name", "Enter a name of 1 to 120 characters.", code: "name_length")
            settings.name = name
        }
        if let zone = input.timeZone {
            validator.check(TimeZoneName.isIANA(zone), "timeZone", "Use an IANA time zone such as America/Lima or UTC.", code: "time_zone")
            settings.timeZone = zone
        }
        if let currency = input.currency?.uppercased() {
            validator.check(
                currency.count == 3 && currency.allSatisfy { $0.isASCII && $0.isLetter }, "currency", "Use a three-letter ISO 4217 code such as PEN.",
                code: "currency_format")
            settings.currency = currency
        }
        if let opens = input.checkInOpensMinutesBefore {
            validator.check((0...240).contains(opens), "checkInOpensMinutesBefore", "Use 0 to 240 minutes.", code: "opens_range")
            settings.checkInOpensMinutesBefore = opens
        }
        if let closes = input.checkInClosesMinutesAfterEnd {
            validator.check((-240...240).contains(closes), "checkInClosesMinutesAfterEnd", "Use -240 to 240 minutes.", code: "closes_range")
            settings.checkInClosesMinutesAfterEnd = closes
        }
        try validator.validate()
        let saved = settings
        try await database.write { db in
            let row = try await AcademySettingsModel.find(1, on: db) ?? AcademySettingsModel()
            row.id = 1
            row.name = saved.name
            row.timeZone = saved.timeZone
            row.currency = saved.currency
            row.opensMinutesBefore = saved.checkInOpensMinutesBefore
            row.closesMinutesAfterEnd = saved.checkInClosesMinutesAfterEnd
            try await row.save(on: db)
        }
        return saved
    }
}
