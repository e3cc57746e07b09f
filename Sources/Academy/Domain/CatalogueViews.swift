import Foundation

/// A sede as clients see it.
struct LocationView: Codable, Sendable {
    var id: UUID
    var name: String
    var address: String
    var isArchived: Bool

    init(_ model: LocationModel) {
        id = model.id!
        name = model.name
        address = model.address
        isArchived = model.archivedAt != nil
    }
}

/// A weekly slot; `nextSessions` are the coming dates (academy time zone) when asked for.
struct ScheduleView: Codable, Sendable {
    var id: UUID
    var classId: UUID
    var weekday: Int
    var startTime: String
    var endTime: String
    var isArchived: Bool
    var enrolled: Int?
    var nextSessions: [String]?

    init(_ model: ScheduleModel, enrolled: Int? = nil, nextSessions: [String]? = nil) {
        id = model.id!
        classId = model.$danceClass.id
        weekday = model.weekday
        startTime = ClockTime.text(model.startMinute)
        endTime = ClockTime.text(model.endMinute)
        isArchived = model.archivedAt != nil
        self.enrolled = enrolled
        self.nextSessions = nextSessions
    }
}

struct ClassView: Codable, Sendable {
    var id: UUID
    var locationId: UUID
    var locationName: String
    var name: String
    var description: String
    var level: String
    var capacity: Int?
    var isArchived: Bool
    var schedules: [ScheduleView]
}

struct PackView: Codable, Sendable {
    var id: UUID
    var name: String
    var classes: Int
    var price: Int
    var currency: String
    var validDays: Int?
    var isArchived: Bool

    init(_ model: PackModel, currency: String) {
        id = model.id!
        name = model.name
        classes = model.classes
        price = model.price
        self.currency = currency
        validDays = model.validDays
        isArchived = model.archivedAt != nil
    }
}

/// The levels a class can be taught at.
enum ClassLevel: String, CaseIterable, Sendable {
    case beginner, intermediate, advanced, all
}
