import Foundation

/// The login's answer in the original shape: exactly fifteen keys. The apps' decoders disagree on
/// `Aplicaciones`, `Ubicaciones` and `ModulosApp` (strings in some, nested objects in others), so those are
/// always `null`, the one value every decoder takes. Every other identity field is a string — never null,
/// because some apps decode them as non-optional `String` — and `MensajeResultado` is the integer 0
/// (success). `TokenJWT` is a Patio session token (opaque, not a JWT): the bearer token of the later calls
/// and of `/api/v1`.
struct ControllerAppIdentity: Encodable, Equatable, Sendable {
    var usuario: String
    var identificacion: String
    var nombre: String
    var apellido1: String
    var apellido2: String
    var cargo: String
    var idLocalidad: String
    var nombreLocalidad: String
    var nomRol: String
    var idRol: String
    var tokenJWT: String

    /// `MensajeResultado` of a successful sign-in.
    static let success = 0

    /// The role as the app shows it: Patio's role id and its Spanish name.
    static let roleID = CourierRoles.agent
    static let roleName = "Mensajero"

    /// The contract's keys, in its order.
    enum Key: String, CodingKey, CaseIterable {
        case usuario = "Usuario", identificacion = "Identificacion", nombre = "Nombre", apellido1 = "Apellido1"
        case apellido2 = "Apellido2", cargo = "Cargo", aplicaciones = "Aplicaciones", ubicaciones = "Ubicaciones"
        case mensajeResultado = "MensajeResultado", idLocalidad = "IdLocalidad", nombreLocalidad = "NombreLocalidad"
        case nomRol = "NomRol", idRol = "IdRol", tokenJWT = "TokenJWT", modulosApp = "ModulosApp"
    }

    init(agent: AgentModel, localityName: String, token: String) {
        usuario = agent.usuario
        identificacion = agent.identificacion
        nombre = agent.firstName
        apellido1 = agent.surname1
        apellido2 = agent.surname2
        cargo = agent.position
        idLocalidad = agent.homeLocalityCode
        nombreLocalidad = localityName
        nomRol = Self.roleName
        idRol = Self.roleID
        tokenJWT = token
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(usuario, forKey: .usuario)
        try container.encode(identificacion, forKey: .identificacion)
        try container.encode(nombre, forKey: .nombre)
        try container.encode(apellido1, forKey: .apellido1)
        try container.encode(apellido2, forKey: .apellido2)
        try container.encode(cargo, forKey: .cargo)
        try container.encodeNil(forKey: .aplicaciones)
        try container.encodeNil(forKey: .ubicaciones)
        try container.encode(Self.success, forKey: .mensajeResultado)
        try container.encode(idLocalidad, forKey: .idLocalidad)
        try container.encode(nombreLocalidad, forKey: .nombreLocalidad)
        try container.encode(nomRol, forKey: .nomRol)
        try container.encode(idRol, forKey: .idRol)
        try container.encode(tokenJWT, forKey: .tokenJWT)
        try container.encodeNil(forKey: .modulosApp)
    }
}
