import Foundation

/// One weekly class of a group.
struct SlotView: Codable, Sendable, Equatable {
    /// 1 is Monday … 6 is Saturday.
    var weekday: Int
    var startsAt: String
    var endsAt: String
    var building: String
    var room: String
}

struct GroupView: Codable, Sendable, Equatable {
    var id: UUID
    var periodId: UUID
    var periodCode: String
    var code: String
    var subject: SubjectView
    var teacherAccountId: UUID?
    var teacherName: String?
    var shift: String
    var quota: Int
    var enrolled: Int
    var seatsLeft: Int
    var slots: [SlotView]
}

/// A weekly slot in minutes, for clash checks and grids.
struct SlotTimes: Equatable, Sendable {
    var weekday: Int
    var starts: Int
    var ends: Int

    init?(_ slot: SlotView) {
        guard let starts = CampusText.minutes(slot.startsAt), let ends = CampusText.minutes(slot.endsAt) else { return nil }
        self.weekday = slot.weekday
        self.starts = starts
        self.ends = ends
    }

    /// Two classes clash when they share a day and any minute; one ending at 8:30 and the next starting at 8:30 do not.
    func overlaps(_ other: SlotTimes) -> Bool {
        weekday == other.weekday && starts < other.ends && other.starts < ends
    }
}
