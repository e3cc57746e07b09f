import FluentKit
import Foundation

/// A class offered at a sede ("Marinera Limeña Avanzado"), with a level and an optional capacity per session.
final class DanceClassModel: Model, @unchecked Sendable {
    static let schema = "academy_classes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "location_id") var location: LocationModel
    @Field(key: "name") var name: String
    @Field(key: "description") var description: String
    @Field(key: "level") var level: String
    @OptionalField(key: "capacity") var capacity: Int?
    @OptionalField(key: "archived_at") var archivedAt: Date?
    @Field(key: "created_at") var createdAt: Date
    @Children(for: \.$danceClass) var schedules: [ScheduleModel]

    init() {}
}
