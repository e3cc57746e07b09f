import FluentKit
import Foundation

/// A weekly slot of a class: weekday (1 = Monday … 7 = Sunday) and start/end as minutes after midnight,
/// in the academy's time zone.
final class ScheduleModel: Model, @unchecked Sendable {
    static let schema = "academy_schedules"

    @ID(key: .id) var id: UUID?
    @Parent(key: "class_id") var danceClass: DanceClassModel
    @Field(key: "weekday") var weekday: Int
    @Field(key: "start_minute") var startMinute: Int
    @Field(key: "end_minute") var endMinute: Int
    @OptionalField(key: "archived_at") var archivedAt: Date?

    init() {}
}
