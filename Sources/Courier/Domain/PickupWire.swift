import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

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

    /// The sync feed's rows of `ids`, in one fixed statement per 500 ids read by column place, the photos counted
    /// in it: the same fields `row(_:)` gives a pickup's view (`CourierSyncTests` holds them to the API's), without
    /// a Fluent model per row, which cost an agent's first pull more than its ten thousand localities.
    static func rows(_ ids: [UUID], on db: any Database) async throws -> [UUID: [String: JSONValue]] {
        var found: [UUID: [String: JSONValue]] = [:]
        for slice in BoundList.slices(ids) {
            let rows = try await (try db.sql).raw(
                """
                SELECT p.id, p.number, p.sender_name, p.phone, p.address, p.locality_code, p.locality_name, p.day, p.window_start,
                  p.window_end, p.declared_value, p.price, p.notes, p.agent_id, p.state, p.failure_reason, p.finished_at, p.latitude,
                  p.longitude, p.updated_at, (SELECT COUNT(*) FROM courier_photos f WHERE f.pickup_id = p.id) AS photo_count
                FROM courier_pickups p WHERE p.id IN (\(binds: slice))
                """
            ).all()
            for row in rows {
                var c = SQLColumns(row)
                let id = try c.uuid(0)
                let number = try c.int(1)
                found[id] = [
                    "id": .string(id.wireText), "number": .number(Double(number)), "reference": .string(PickupService.reference(number)),
                    "senderName": .string(try c.string(2)), "phone": .string(try c.string(3)), "address": .string(try c.string(4)),
                    "localityCode": .string(try c.string(5)), "localityName": .string(try c.string(6)), "day": .string(try c.string(7)),
                    "windowStart": .string(try c.string(8)), "windowEnd": .string(try c.string(9)),
                    "declaredValue": .number(Double(try c.int(10))), "price": .number(Double(try c.int(11))), "notes": .string(try c.string(12)),
                    "agentId": .string(try c.uuid(13).wireText), "state": .string(try c.string(14)),
                    "failureReason": try c.optionalString(15).map(JSONValue.string) ?? .null,
                    "finishedAt": try c.optionalDate(16).map { .string(Timestamp.format($0)) } ?? .null,
                    "latitude": try c.optionalDouble(17).map(JSONValue.number) ?? .null,
                    "longitude": try c.optionalDouble(18).map(JSONValue.number) ?? .null,
                    "updatedAt": .string(Timestamp.format(try c.date(19))), "photoCount": .number(Double(try c.int(20))),
                ]
            }
        }
        return found
    }

    /// The same rows as `rows`, written as JSON with their keys in an order worked out once (an agent's first pull
    /// writes each of their pickups).
    static func written(_ ids: [UUID], on db: any Database) async throws -> [UUID: JSONText] {
        try await rows(ids, on: db).mapValues { fields in
            var text = JSONText(capacity: 640)
            text.object(fields, sortedKeys: keys)
            return text
        }
    }

    private static let keys = JSONText.sortedKeys(["id"] + columns)

    /// Every field a new pickup sets.
    static let columns = [
        "number", "reference", "senderName", "phone", "address", "localityCode", "localityName", "day", "windowStart",
        "windowEnd", "declaredValue", "price", "notes", "agentId", "state", "failureReason", "finishedAt", "latitude",
        "longitude", "photoCount", "updatedAt",
    ]
}
