import PatioPlatform

/// The tables an agent's device keeps (published by the platform's offline-table registry and filled
/// through the sync collections): the network, the agent's pickups and their photos' metadata. Each
/// table's columns are exactly the keys of its collection's rows.
enum CourierOfflineTables {
    static let all = [localities, pickups, photos]

    /// 1: changes and tombstones spell ids in lower case, as the rows' `data.id`. Devices filled before
    /// deleted tombstones' rows by an upper-case id that matched nothing and kept rows they no longer see
    /// (a reassigned pickup, its customer included): they re-create every table and pull it again.
    static let contentRevision = 1

    private typealias Column = OfflineTable.Column
    private static func text(_ name: String, _ length: Int, nullable: Bool = false) -> Column {
        Column(name: name, type: "nvarchar (\(length))", nullable: nullable)
    }
    private static func int(_ name: String) -> Column { Column(name: name, type: "int", nullable: false) }
    private static func bit(_ name: String) -> Column { Column(name: name, type: "bit", nullable: false) }
    private static func money(_ name: String) -> Column { Column(name: name, type: "numeric (12,0)", nullable: false) }
    private static func time(_ name: String, nullable: Bool = false) -> Column { Column(name: name, type: "datetime", nullable: nullable) }
    private static func degrees(_ name: String) -> Column { Column(name: name, type: "numeric (10,6)", nullable: true) }

    static let localities = OfflineTable(
        name: "courier_localities", collection: LocalityService.collection,
        columns: [
            text("id", 36), text("code", 8), text("typeId", 4), text("typeName", 40), text("name", 120), text("shortName", 120),
            text("fullName", 120), text("abbreviation", 10), text("ancestor1Id", 8), text("ancestor1Name", 120), text("ancestor2Id", 8),
            text("ancestor2Name", 120), text("ancestor3Id", 8), text("ancestor3Name", 120), text("postalCode", 6), text("diallingCode", 4),
            text("zone", 120), bit("assignedToZone"), bit("assignedToZoneOrig"), bit("available"), int("serviceCentreId"), int("status"),
            bit("pickupAllowed"), int("pickupHourMin"), int("pickupHourMax"), money("pickupPrice"), bit("geoReferenced"),
            bit("preShipmentPoints"), bit("deliveryLabel"), text("timeZone", 64),
        ],
        primaryKey: ["id"], batchSize: 500, filter: "Active localities of the pickup network (status 1)", contentRevision: contentRevision)

    static let pickups = OfflineTable(
        name: "courier_pickups", collection: PickupService.collection,
        columns: [
            text("id", 36), int("number"), text("reference", 12), text("senderName", 120), text("phone", 20), text("address", 200),
            text("localityCode", 8), text("localityName", 120), text("day", 10), text("windowStart", 5), text("windowEnd", 5),
            money("declaredValue"), money("price"), text("notes", 500), text("agentId", 36), text("state", 12),
            text("failureReason", 40, nullable: true), time("finishedAt", nullable: true), degrees("latitude"), degrees("longitude"),
            int("photoCount"), time("updatedAt"),
        ],
        primaryKey: ["id"], batchSize: 200, filter: "Pickups assigned to this agent", contentRevision: contentRevision)

    static let photos = OfflineTable(
        name: "courier_photos", collection: PhotoService.collection,
        columns: [
            text("id", 36), text("name", 20), text("pickupId", 36, nullable: true), text("contentType", 20), int("size"), int("width"),
            int("height"), bit("hasLocation"), time("createdAt"), text("url", 200), text("thumbnailUrl", 200),
        ],
        primaryKey: ["id"], batchSize: 200, filter: "This agent's photos (metadata; images by URL)", contentRevision: contentRevision)
}
