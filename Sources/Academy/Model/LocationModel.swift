import FluentKit
import Foundation

/// A sede: a place with rooms where classes happen. Archived (not deleted) once it has history.
final class LocationModel: Model, @unchecked Sendable {
    static let schema = "academy_locations"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "address") var address: String
    @OptionalField(key: "archived_at") var archivedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(name: String, address: String, createdAt: Date) {
        self.id = UUID()
        self.name = name
        self.address = address
        self.createdAt = createdAt
    }
}
