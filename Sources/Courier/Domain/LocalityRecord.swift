import Foundation

/// One locality of the pickup network, with every field of the Controller APP's 29-key record. The id is
/// DANE-based: the municipality's five-digit DIVIPOLA code followed by the populated centre's three digits
/// (Bogotá D.C. is `11001000`). This is what CSV import reads, CSV export writes and every view is made from.
public struct LocalityRecord: Codable, Sendable, Equatable {
    /// `IdLocalidad`: eight digits.
    public var id: String
    /// `IdTipoLocalidad` / `NombreTipoLocalidad` (e.g. `3` / `MUNICIPIO`).
    public var typeId: String
    public var typeName: String
    /// `Nombre`, `NombreCorto`, `NombreCompleto` (`CITY\DEPT\COL`), `AbreviacionCiudad` (`BOG`).
    public var name: String
    public var shortName: String
    public var fullName: String
    public var abbreviation: String
    /// Ancestors by degree: first is the department, second the country, third (often empty) a region.
    public var ancestor1Id: String
    public var ancestor1Name: String
    public var ancestor2Id: String
    public var ancestor2Name: String
    public var ancestor3Id: String
    public var ancestor3Name: String
    /// `CodigoPostal` (six digits) and `Indicativo` (the dialling code, e.g. `601`).
    public var postalCode: String
    public var diallingCode: String
    /// `NombreZona`, `AsignadoEnZona`, `AsignadoEnZonaOrig`, `DispoLocalidad`.
    public var zone: String
    public var assignedToZone: Bool
    public var assignedToZoneOrig: Bool
    public var available: Bool
    /// `IdCentroServicio`.
    public var serviceCentreId: Int
    /// `EstadoRegistro`: 1 active, 0 inactive.
    public var status: Int
    /// `PermiteRecogida`, `HoraMinRecogida`, `HoraMaxRecogida` (whole hours 0…24, local time), `ValorRecogida`
    /// (whole Colombian pesos).
    public var pickupAllowed: Bool
    public var pickupHourMin: Int
    public var pickupHourMax: Int
    public var pickupPrice: Int
    /// `SeGeorreferencia`, `PermitePreEnviosPunto`, `EtiquetaEntrega`.
    public var geoReferenced: Bool
    public var preShipmentPoints: Bool
    public var deliveryLabel: Bool
    /// The IANA time zone pickup hours are read in (`America/Bogota`).
    public var timeZone: String

    public init(
        id: String, typeId: String, typeName: String, name: String, shortName: String, fullName: String, abbreviation: String,
        ancestor1Id: String, ancestor1Name: String, ancestor2Id: String, ancestor2Name: String, ancestor3Id: String, ancestor3Name: String,
        postalCode: String, diallingCode: String, zone: String, assignedToZone: Bool, assignedToZoneOrig: Bool, available: Bool,
        serviceCentreId: Int, status: Int, pickupAllowed: Bool, pickupHourMin: Int, pickupHourMax: Int, pickupPrice: Int,
        geoReferenced: Bool, preShipmentPoints: Bool, deliveryLabel: Bool, timeZone: String
    ) {
        self.id = id
        self.typeId = typeId
        self.typeName = typeName
        self.name = name
        self.shortName = shortName
        self.fullName = fullName
        self.abbreviation = abbreviation
        self.ancestor1Id = ancestor1Id
        self.ancestor1Name = ancestor1Name
        self.ancestor2Id = ancestor2Id
        self.ancestor2Name = ancestor2Name
        self.ancestor3Id = ancestor3Id
        self.ancestor3Name = ancestor3Name
        self.postalCode = postalCode
        self.diallingCode = diallingCode
        self.zone = zone
        self.assignedToZone = assignedToZone
        self.assignedToZoneOrig = assignedToZoneOrig
        self.available = available
        self.serviceCentreId = serviceCentreId
        self.status = status
        self.pickupAllowed = pickupAllowed
        self.pickupHourMin = pickupHourMin
        self.pickupHourMax = pickupHourMax
        self.pickupPrice = pickupPrice
        self.geoReferenced = geoReferenced
        self.preShipmentPoints = preShipmentPoints
        self.deliveryLabel = deliveryLabel
        self.timeZone = timeZone
    }

    /// The CSV header, in column order (import accepts exactly these columns, export writes them).
    public static let csvColumns = [
        "id", "type_id", "type_name", "name", "short_name", "full_name", "abbreviation",
        "ancestor1_id", "ancestor1_name", "ancestor2_id", "ancestor2_name", "ancestor3_id", "ancestor3_name",
        "postal_code", "dialling_code", "zone", "assigned_to_zone", "assigned_to_zone_orig", "available",
        "service_centre_id", "status", "pickup_allowed", "pickup_hour_min", "pickup_hour_max", "pickup_price",
        "geo_referenced", "pre_shipment_points", "delivery_label", "time_zone",
    ]
}
