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

    /// The sync row of the locality `id` holding `record`, written as JSON: the same bytes `table.written` reads
    /// and writes for it, handed to the feed when the locality changes so that pulls copy it as it is.
    static func written(_ record: LocalityRecord, id: UUID) -> JSONText {
        var fields = row(record)
        fields["id"] = .string(id.wireText)
        var text = JSONText(capacity: 1_024)
        text.object(fields)
        return text
    }

    /// The sync feed's rows, read with fixed SQL column by column: an agent's first pull reads every locality, and
    /// building a Fluent model per row, then a dictionary of fields, cost more than the rest of the pull.
    /// `CourierSyncTests` holds every pulled locality to `row(_:)` of its record.
    static let table = SyncTableRows(
        table: "courier_localities",
        columns: [
            ("code", "code", .text), ("type_id", "typeId", .text), ("type_name", "typeName", .text), ("name", "name", .text),
            ("short_name", "shortName", .text), ("full_name", "fullName", .text), ("abbreviation", "abbreviation", .text),
            ("ancestor1_id", "ancestor1Id", .text), ("ancestor1_name", "ancestor1Name", .text), ("ancestor2_id", "ancestor2Id", .text),
            ("ancestor2_name", "ancestor2Name", .text), ("ancestor3_id", "ancestor3Id", .text), ("ancestor3_name", "ancestor3Name", .text),
            ("postal_code", "postalCode", .text), ("dialling_code", "diallingCode", .text), ("zone", "zone", .text),
            ("assigned_to_zone", "assignedToZone", .bool), ("assigned_to_zone_orig", "assignedToZoneOrig", .bool),
            ("available", "available", .bool), ("service_centre_id", "serviceCentreId", .integer), ("status", "status", .integer),
            ("pickup_allowed", "pickupAllowed", .bool), ("pickup_hour_min", "pickupHourMin", .integer),
            ("pickup_hour_max", "pickupHourMax", .integer), ("pickup_price", "pickupPrice", .integer),
            ("geo_referenced", "geoReferenced", .bool), ("pre_shipment_points", "preShipmentPoints", .bool),
            ("delivery_label", "deliveryLabel", .bool), ("time_zone", "timeZone", .text),
        ])

    /// The record's wire names (every field a new locality sets).
    static let columns = row(
        LocalityRecord(
            id: "", typeId: "", typeName: "", name: "", shortName: "", fullName: "", abbreviation: "", ancestor1Id: "", ancestor1Name: "",
            ancestor2Id: "", ancestor2Name: "", ancestor3Id: "", ancestor3Name: "", postalCode: "", diallingCode: "", zone: "",
            assignedToZone: false, assignedToZoneOrig: false, available: false, serviceCentreId: 0, status: 0, pickupAllowed: false,
            pickupHourMin: 0, pickupHourMax: 0, pickupPrice: 0, geoReferenced: false, preShipmentPoints: false, deliveryLabel: false, timeZone: "")
    ).keys.sorted()
}
