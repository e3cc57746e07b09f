import FluentKit
import Foundation

/// One weekly class of a group: the day, the times and the room.
final class GroupSlotModel: Model, @unchecked Sendable {
    static let schema = "campus_group_slots"

    @ID(key: .id) var id: UUID?
    @Field(key: "group_id") var groupID: UUID
    /// 1 is Monday … 6 is Saturday.
    @Field(key: "weekday") var weekday: Int
    /// `HH:mm`, the school's local time.
    @Field(key: "starts_at") var startsAt: String
    @Field(key: "ends_at") var endsAt: String
    @Field(key: "building") var building: String
    @Field(key: "room") var room: String

    init() {}
}

extension CampusMigrations {
    struct CreateGroupSlots: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(GroupSlotModel.schema)
                .id()
                .field("group_id", .uuid, .required, .references(GroupModel.schema, "id", onDelete: .cascade))
                .field("weekday", .int, .required)
                .field("starts_at", .string, .required)
                .field("ends_at", .string, .required)
                .field("building", .string, .required)
                .field("room", .string, .required)
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(GroupSlotModel.schema).delete() }
    }
}
