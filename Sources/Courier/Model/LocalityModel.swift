import FluentKit
import Foundation

/// A locality of the pickup network (see `LocalityRecord` for what each field means). The row id is a UUID
/// for the sync feed; `code` is the DANE-based `IdLocalidad` people and the original app use.
final class LocalityModel: Model, @unchecked Sendable {
    static let schema = "courier_localities"

    @ID(key: .id) var id: UUID?
    @Field(key: "code") var code: String
    @Field(key: "type_id") var typeId: String
    @Field(key: "type_name") var typeName: String
    @Field(key: "name") var name: String
    @Field(key: "short_name") var shortName: String
    @Field(key: "full_name") var fullName: String
    @Field(key: "abbreviation") var abbreviation: String
    @Field(key: "ancestor1_id") var ancestor1Id: String
    @Field(key: "ancestor1_name") var ancestor1Name: String
    @Field(key: "ancestor2_id") var ancestor2Id: String
    @Field(key: "ancestor2_name") var ancestor2Name: String
    @Field(key: "ancestor3_id") var ancestor3Id: String
    @Field(key: "ancestor3_name") var ancestor3Name: String
    @Field(key: "postal_code") var postalCode: String
    @Field(key: "dialling_code") var diallingCode: String
    @Field(key: "zone") var zone: String
    @Field(key: "assigned_to_zone") var assignedToZone: Bool
    @Field(key: "assigned_to_zone_orig") var assignedToZoneOrig: Bool
    @Field(key: "available") var available: Bool
    @Field(key: "service_centre_id") var serviceCentreId: Int
    @Field(key: "status") var status: Int
    @Field(key: "pickup_allowed") var pickupAllowed: Bool
    @Field(key: "pickup_hour_min") var pickupHourMin: Int
    @Field(key: "pickup_hour_max") var pickupHourMax: Int
    @Field(key: "pickup_price") var pickupPrice: Int
    @Field(key: "geo_referenced") var geoReferenced: Bool
    @Field(key: "pre_shipment_points") var preShipmentPoints: Bool
    @Field(key: "delivery_label") var deliveryLabel: Bool
    @Field(key: "time_zone") var timeZone: String
    /// Name, short name, full name, abbreviation and code folded to lower case without accents, for search.
    @Field(key: "search_key") var searchKey: String
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    /// The record as imported, exported and shown.
    var record: LocalityRecord {
        LocalityRecord(
            id: code, typeId: typeId, typeName: typeName, name: name, shortName: shortName, fullName: fullName, abbreviation: abbreviation,
            ancestor1Id: ancestor1Id, ancestor1Name: ancestor1Name, ancestor2Id: ancestor2Id, ancestor2Name: ancestor2Name, ancestor3Id: ancestor3Id,
            ancestor3Name: ancestor3Name, postalCode: postalCode, diallingCode: diallingCode, zone: zone, assignedToZone: assignedToZone,
            assignedToZoneOrig: assignedToZoneOrig, available: available, serviceCentreId: serviceCentreId, status: status,
            pickupAllowed: pickupAllowed, pickupHourMin: pickupHourMin, pickupHourMax: pickupHourMax, pickupPrice: pickupPrice,
            geoReferenced: geoReferenced, preShipmentPoints: preShipmentPoints, deliveryLabel: deliveryLabel, timeZone: timeZone)
    }

    /// Copies every field of `record` (the code included) and refreshes the search key.
    func apply(_ record: LocalityRecord, at now: Date) {
        code = record.id
        typeId = record.typeId
        typeName = record.typeName
        name = record.name
        shortName = record.shortName
        fullName = record.fullName
        abbreviation = record.abbreviation
        ancestor1Id = record.ancestor1Id
        ancestor1Name = record.ancestor1Name
        ancestor2Id = record.ancestor2Id
        ancestor2Name = record.ancestor2Name
        ancestor3Id = record.ancestor3Id
        ancestor3Name = record.ancestor3Name
        postalCode = record.postalCode
        diallingCode = record.diallingCode
        zone = record.zone
        assignedToZone = record.assignedToZone
        assignedToZoneOrig = record.assignedToZoneOrig
        available = record.available
        serviceCentreId = record.serviceCentreId
        status = record.status
        pickupAllowed = record.pickupAllowed
        pickupHourMin = record.pickupHourMin
        pickupHourMax = record.pickupHourMax
        pickupPrice = record.pickupPrice
        geoReferenced = record.geoReferenced
        preShipmentPoints = record.preShipmentPoints
        deliveryLabel = record.deliveryLabel
        timeZone = record.timeZone
        searchKey = LocalitySearch.fold([record.name, record.shortName, record.fullName, record.abbreviation, record.id].joined(separator: " "))
        updatedAt = now
    }
}

extension CourierMigrations {
    struct CreateLocalities: AsyncMigration {
        func prepare(on database: any Database) async throws {
            try await database.schema(LocalityModel.schema)
                .id()
                .field("code", .string, .required)
                .field("type_id", .string, .required)
                .field("type_name", .string, .required)
                .field("name", .string, .required)
                .field("short_name", .string, .required)
                .field("full_name", .string, .required)
                .field("abbreviation", .string, .required)
                .field("ancestor1_id", .string, .required)
                .field("ancestor1_name", .string, .required)
                .field("ancestor2_id", .string, .required)
                .field("ancestor2_name", .string, .required)
                .field("ancestor3_id", .string, .required)
                .field("ancestor3_name", .string, .required)
                .field("postal_code", .string, .required)
                .field("dialling_code", .string, .required)
                .field("zone", .string, .required)
                .field("assigned_to_zone", .bool, .required)
                .field("assigned_to_zone_orig", .bool, .required)
                .field("available", .bool, .required)
                .field("service_centre_id", .int, .required)
                .field("status", .int, .required)
                .field("pickup_allowed", .bool, .required)
                .field("pickup_hour_min", .int, .required)
                .field("pickup_hour_max", .int, .required)
                .field("pickup_price", .int, .required)
                .field("geo_referenced", .bool, .required)
                .field("pre_shipment_points", .bool, .required)
                .field("delivery_label", .bool, .required)
                .field("time_zone", .string, .required)
                .field("search_key", .string, .required)
                .field("updated_at", .datetime, .required)
                .unique(on: "code")
                .create()
        }

        func revert(on database: any Database) async throws { try await database.schema(LocalityModel.schema).delete() }
    }
}
