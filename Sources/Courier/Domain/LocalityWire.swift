import Foundation
import PatioCore
import PatioPlatform

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

    static func wire(_ model: LocalityModel) -> [String: JSONValue] {
        var row = row(model.record)
        row["id"] = .string(model.id!.wireText)
        return row
    }

    /// The record's wire names (every field a new locality sets).
    static let columns = row(
        LocalityRecord(
            id: "", typeId: "", typeName: "", name: "", shortName: "", fullName: "", abbreviation: "", ancestor1Id: "", ancestor1Name: "",
            ancestor2Id: "", ancestor2Name: "", ancestor3Id: "", ancestor3Name: "", postalCode: "", diallingCode: "", zone: "",
            assignedToZone: false, assignedToZoneOrig: false, available: false, serviceCentreId: 0, status: 0, pickupAllowed: false,
            pickupHourMin: 0, pickupHourMax: 0, pickupPrice: 0, geoReferenced: false, preShipmentPoints: false, deliveryLabel: false, timeZone: "")
    ).keys.sorted()
}
