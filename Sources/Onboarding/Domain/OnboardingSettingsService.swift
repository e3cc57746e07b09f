import FluentKit
import Foundation
import PatioCore
import PatioData

/// The company's name and time zone ("this month" and "today" are the company's, not the server's).
struct OnboardingSettingsService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    struct View: Codable, Sendable, Equatable {
        var companyName: String
        var timeZone: String
    }

    static let defaults = View(companyName: "Patio", timeZone: "America/Mexico_City")

    func current() async throws -> View {
        guard let model = try await OnboardingSettingsModel.find(1, on: try database.reader) else { return Self.defaults }
        return View(companyName: model.companyName, timeZone: model.timeZone)
    }

    func update(_ input: View) async throws -> View {
        var validator = Validator()
        let name = input.companyName.trimmingCharacters(in: .whitespacesAndNewlines)
        validator.check((1...80).contains(name.count), "companyName", "Give the company's name, 1 to 80 characters.", code: "company_name_length")
        validator.check(
            TimeZoneName.isIANA(input.timeZone), "timeZone", "Use an IANA time zone such as America/Mexico_City or UTC.", code: "time_zone")
        try validator.validate()
        try await database.write { db in
            let model = try await OnboardingSettingsModel.find(1, on: db) ?? OnboardingSettingsModel()
            model.id = 1
            model.companyName = name
            model.timeZone = input.timeZone
            try await model.save(on: db)
        }
        return View(companyName: name, timeZone: input.timeZone)
    }

    /// Today in the company's time zone.
    func today() async throws -> LocalDate {
        LocalDate(clock.now(), in: try await timeZone())
    }

    /// The company's time zone (UTC should the stored name be unknown to this system).
    func timeZone() async throws -> TimeZone {
        TimeZone(identifier: try await current().timeZone) ?? TimeZone(identifier: "UTC")!
    }
}
