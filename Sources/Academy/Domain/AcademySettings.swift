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
}

/// Reads and writes the settings row (absent until first saved: the defaults apply).
struct AcademySettingsService: Sendable {
    let database: PatioDatabase

    /// The settings row, read with fixed SQL: every check-in reads it, and a Fluent model found by reflection cost
    /// more than the query.
    func current(on db: (any Database)? = nil) async throws -> AcademySettings {
        struct Row: Decodable {
            let name: String, time_zone: String, currency: String, opens_minutes_before: Int, closes_minutes_after_end: Int
        }
        guard
            let row = try await (try (db ?? database.reader).sql).raw(
                "SELECT name, time_zone, currency, opens_minutes_before, closes_minutes_after_end FROM academy_settings WHERE id = 1"
            ).first(decoding: Row.self)
        else { return .defaults }
        return AcademySettings(
            name: row.name, timeZone: row.time_zone, currency: row.currency,
            checkInOpensMinutesBefore: row.opens_minutes_before, checkInClosesMinutesAfterEnd: row.closes_minutes_after_end)
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
