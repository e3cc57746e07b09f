import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// A locality as sync clients and the offline table `courier_localities` hold it: the sync row id, then
/// every record field under its record name (`code` is the DANE-based `IdLocalidad`).
enum LocalityWire {
    static func row(_ record: LocalityRecord) -> [String: JSONValue] {
        [
            "code": .string(record.id), "typeId": .string(record.typeId), "typeName": .string(record.typeName),
            "name": .string(record.name), "shortName": .string(record.shortName), "fullName": .string(record.fullName),
            "abbreviation": .string(record.abbreviation),
            "ancestor1Id": .string(record.ancestor1Id), "ancestor1Name": .string(record.ancestor1Name),
            "ancestor2Id": .string(record.ancestor2Id), "ancestor2Name": .string(record.ancestor2Name),
            "ancestor3Id": .string(record.ancestor3Id), "ancestor3Name": .string(record.ancestor3Name),
            "postalCode": .string(record.postalCode), "diallingCode": .string(record.diallingCode), "zone": .string(record.zone),
            "assignedToZone": .bool(record.assignedToZone), "assignedToZoneOrig": .bool(record.assignedToZoneOrig),
            "available": .bool(record.available), "serviceCentreId": .number(Double(record.serviceCentreId)),
            "status": .number(Double(record.status)), "pickupAllowed": .bool(record.pickupAllowed),
            "pickupHourMin": .number(Double(record.pickupHourMin)), "pickupHourMax": .number(Double(record.pickupHourMax)),
            "pickupPrice": .number(Double(record.pickupPrice)), "geoReferenced": .bool(record.geoReferenced),
            "preShipmentPoints": .bool(record.preShipmentPoints), "deliveryLabel": .bool(record.deliveryLabel),
            "timeZone": .string(record.timeZone),
        ]
    }

    /// The wire rows of `ids` for the sync feed, read with fixed SQL straight into `LocalityRecord`: an agent's
    /// first pull reads every locality, and building a Fluent model per row cost more than the rest of the pull.
    static func rows(_ ids: [UUID], on db: any Database) async throws -> [UUID: [String: JSONValue]] {
        var found: [UUID: [String: JSONValue]] = [:]
        let sql = try db.sql
        for slice in BoundList.slices(ids) {
            let rows = try await sql.raw("SELECT id AS row_id, \(unsafeRaw: recordColumns) FROM courier_localities WHERE id IN (\(binds: slice))")
                .all()
            for row in rows {
                let id = try row.decode(column: "row_id", as: UUID.self)
                var wire = Self.row(try row.decode(model: LocalityRecord.self))
                wire["id"] = .string(id.wireText)
                found[id] = wire
            }
        }
        return found
    }

    /// Each column of `courier_localities` under the name of its `LocalityRecord` property.
    private static let recordColumns = [
        ("code", "id"), ("type_id", "typeId"), ("type_name", "typeName"), ("name", "name"), ("short_name", "shortName"),
        ("full_name", "fullName"), ("abbreviation", "abbreviation"), ("ancestor1_id", "ancestor1Id"), ("ancestor1_name", "ancestor1Name"),
        ("ancestor2_id", "ancestor2Id"), ("ancestor2_name", "ancestor2Name"), ("ancestor3_id", "ancestor3Id"),
        ("ancestor3_name", "ancestor3Name"), ("postal_code", "postalCode"), ("dialling_code", "diallingCode"), ("zone", "zone"),
        ("assigned_to_zone", "assignedToZone"), ("assigned_to_zone_orig", "assignedToZoneOrig"), ("available", "available"),
        ("service_centre_id", "serviceCentreId"), ("status", "status"), ("pickup_allowed", "pickupAllowed"),
        ("pickup_hour_min", "pickupHourMin"), ("pickup_hour_max", "pickupHourMax"), ("pickup_price", "pickupPrice"),
        ("geo_referenced", "geoReferenced"), ("pre_shipment_points", "preShipmentPoints"), ("delivery_label", "deliveryLabel"),
        ("time_zone", "timeZone"),
    ].map { "\($0.0) AS \"\($0.1)\"" }.joined(separator: ", ")

    /// The record's wire names (every field a new locality sets).
    static let columns = row(
        LocalityRecord(
            id: "", typeId: "", typeName: "", name: "", shortName: "", fullName: "", abbreviation: "", ancestor1Id: "", ancestor1Name: "",
            ancestor2Id: "", ancestor2Name: "", ancestor3Id: "", ancestor3Name: "", postalCode: "", diallingCode: "", zone: "",
            assignedToZone: false, assignedToZoneOrig: false, available: false, serviceCentreId: 0, status: 0, pickupAllowed: false,
            pickupHourMin: 0, pickupHourMax: 0, pickupPrice: 0, geoReferenced: false, preShipmentPoints: false, deliveryLabel: false, timeZone: "")
    ).keys.sorted()
}
