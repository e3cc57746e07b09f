import FluentKit
import Foundation

/// `ObtenerLocalidadesRecogidas`: the localities where pickup is allowed and that are active, each in the
/// original 29-key shape (see `LocalityRecord` for which field is which key). Identifiers, names and codes
/// are strings — never null, as some apps decode them as non-optional `String` — flags are booleans,
/// `IdCentroServicio`, `EstadoRegistro` and the pickup hours integers, `ValorRecogida` a whole number of
/// pesos (one app decodes it as `Int`, others as `Double`; a whole number suits both) and `TiposLocalidades`
/// is `null`.
struct ControllerAppLocality: Encodable, Equatable, Sendable {
    var record: LocalityRecord

    /// The contract's keys.
    enum Key: String, CodingKey, CaseIterable {
        case idLocalidad = "IdLocalidad", idTipoLocalidad = "IdTipoLocalidad"
        case idAncestroPGrado = "IdAncestroPGrado", nombreAncestroPGrado = "NombreAncestroPGrado"
        case idAncestroSGrado = "IdAncestroSGrado", nombreAncestroSGrado = "NombreAncestroSGrado"
        case idAncestroTGrado = "IdAncestroTGrado", nombreAncestroTGrado = "NombreAncestroTGrado"
        case nombre = "Nombre", nombreCorto = "NombreCorto", nombreCompleto = "NombreCompleto", abreviacionCiudad = "AbreviacionCiudad"
        case nombreTipoLocalidad = "NombreTipoLocalidad"
        case asignadoEnZona = "AsignadoEnZona", asignadoEnZonaOrig = "AsignadoEnZonaOrig", dispoLocalidad = "DispoLocalidad"
        case nombreZona = "NombreZona", codigoPostal = "CodigoPostal", indicativo = "Indicativo"
        case idCentroServicio = "IdCentroServicio", estadoRegistro = "EstadoRegistro", tiposLocalidades = "TiposLocalidades"
        case permiteRecogida = "PermiteRecogida", horaMinRecogida = "HoraMinRecogida", horaMaxRecogida = "HoraMaxRecogida"
        case seGeorreferencia = "SeGeorreferencia", valorRecogida = "ValorRecogida"
        case permitePreEnviosPunto = "PermitePreEnviosPunto", etiquetaEntrega = "EtiquetaEntrega"
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        let r = record
        try c.encode(r.id, forKey: .idLocalidad)
        try c.encode(r.typeId, forKey: .idTipoLocalidad)
        try c.encode(r.ancestor1Id, forKey: .idAncestroPGrado)
        try c.encode(r.ancestor1Name, forKey: .nombreAncestroPGrado)
        try c.encode(r.ancestor2Id, forKey: .idAncestroSGrado)
        try c.encode(r.ancestor2Name, forKey: .nombreAncestroSGrado)
        try c.encode(r.ancestor3Id, forKey: .idAncestroTGrado)
        try c.encode(r.ancestor3Name, forKey: .nombreAncestroTGrado)
        try c.encode(r.name, forKey: .nombre)
        try c.encode(r.shortName, forKey: .nombreCorto)
        try c.encode(r.fullName, forKey: .nombreCompleto)
        try c.encode(r.abbreviation, forKey: .abreviacionCiudad)
        try c.encode(r.typeName, forKey: .nombreTipoLocalidad)
        try c.encode(r.assignedToZone, forKey: .asignadoEnZona)
        try c.encode(r.assignedToZoneOrig, forKey: .asignadoEnZonaOrig)
        try c.encode(r.available, forKey: .dispoLocalidad)
        try c.encode(r.zone, forKey: .nombreZona)
        try c.encode(r.postalCode, forKey: .codigoPostal)
        try c.encode(r.diallingCode, forKey: .indicativo)
        try c.encode(r.serviceCentreId, forKey: .idCentroServicio)
        try c.encode(r.status, forKey: .estadoRegistro)
        try c.encodeNil(forKey: .tiposLocalidades)
        try c.encode(r.pickupAllowed, forKey: .permiteRecogida)
        try c.encode(r.pickupHourMin, forKey: .horaMinRecogida)
        try c.encode(r.pickupHourMax, forKey: .horaMaxRecogida)
        try c.encode(r.geoReferenced, forKey: .seGeorreferencia)
        try c.encode(r.pickupPrice, forKey: .valorRecogida)
        try c.encode(r.preShipmentPoints, forKey: .permitePreEnviosPunto)
        try c.encode(r.deliveryLabel, forKey: .etiquetaEntrega)
    }

    /// Every active locality that takes pickups, by name.
    static func pickupNetwork(_ localities: LocalityService) async throws -> [ControllerAppLocality] {
        try await LocalityModel.query(on: try localities.database.reader)
            .filter(\.$pickupAllowed == true).filter(\.$status == 1)
            .sort(\.$name).sort(\.$code).all()
            .map { ControllerAppLocality(record: $0.record) }
    }
}
