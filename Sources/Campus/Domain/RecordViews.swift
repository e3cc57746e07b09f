import Foundation

/// The school's record as the API shows it.
struct SchoolView: Codable, Sendable, Equatable {
    var id: UUID
    var code: String
    var name: String
}

struct CareerView: Codable, Sendable, Equatable {
    var id: UUID
    var schoolId: UUID
    var code: String
    var name: String
}

struct PlanView: Codable, Sendable, Equatable {
    var id: UUID
    var careerId: UUID
    var code: String
    /// The credits of every subject in the plan.
    var totalCredits: Double
}

struct SubjectView: Codable, Sendable, Equatable {
    var id: UUID
    var planId: UUID
    var clave: String
    var name: String
    var semester: Int
    var credits: Double
}

struct PeriodView: Codable, Sendable, Equatable {
    var id: UUID
    var code: String
    var startsOn: String
    var endsOn: String
    var isClosed: Bool
    var closedAt: Date?
}

struct CalendarEventView: Codable, Sendable, Equatable {
    var id: UUID
    var periodId: UUID?
    var kind: String
    var title: String
    var startsOn: String
    var endsOn: String
}

/// Credits travel as decimals (7.5) and are stored in hundredths (750) so sums are exact.
enum Credits {
    static func decimal(_ hundredths: Int) -> Double { Double(hundredths) / 100 }

    /// Nil unless `value` is a finite number from 0 to 99.99 with at most two decimals.
    static func hundredths(_ value: Double) -> Int? {
        guard value.isFinite, value >= 0, value < 100 else { return nil }
        let scaled = (value * 100).rounded()
        guard abs(scaled - value * 100) < 0.000_1 else { return nil }
        return Int(scaled)
    }
}
