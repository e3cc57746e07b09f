import FluentKit
import Foundation

/// An item of the price list: a number of classes for a price, optionally valid for some days after purchase.
final class PackModel: Model, @unchecked Sendable {
    static let schema = "academy_packs"

    @ID(key: .id) var id: UUID?
    @Field(key: "name") var name: String
    @Field(key: "classes") var classes: Int
    @Field(key: "price") var price: Int
    @OptionalField(key: "valid_days") var validDays: Int?
    @OptionalField(key: "archived_at") var archivedAt: Date?

    init() {}
}
