import Foundation
import PatioCore
import PatioPlatform

/// A pickup as sync clients and the offline table `courier_pickups` hold it.
enum PickupWire {
    static func row(_ view: PickupView) -> [String: JSONValue] {
        [
            "id": .string(view.id.wireText), "number": .number(Double(view.number)), "reference": .string(view.reference),
            "senderName": .string(view.senderName), "phone": .string(view.phone), "address": .string(view.address),
            "localityCode": .string(view.localityCode), "localityName": .string(view.localityName), "day": .string(view.day),
            "windowStart": .string(view.windowStart), "windowEnd": .string(view.windowEnd),
            "declaredValue": .number(Double(view.declaredValue)), "price": .number(Double(view.price)), "notes": .string(view.notes),
            "agentId": .string(view.agentId.wireText), "state": .string(view.state),
            "failureReason": view.failureReason.map(JSONValue.string) ?? .null,
            "finishedAt": view.finishedAt.map { .string(Timestamp.format($0)) } ?? .null,
            "latitude": view.latitude.map(JSONValue.number) ?? .null, "longitude": view.longitude.map(JSONValue.number) ?? .null,
            "photoCount": .number(Double(view.photoCount)), "updatedAt": .string(Timestamp.format(view.updatedAt)),
        ]
    }

    /// Every field a new pickup sets.
    static let columns = [
        "number", "reference", "senderName", "phone", "address", "localityCode", "localityName", "day", "windowStart",
        "windowEnd", "declaredValue", "price", "notes", "agentId", "state", "failureReason", "finishedAt", "latitude",
        "longitude", "photoCount", "updatedAt",
    ]
}
