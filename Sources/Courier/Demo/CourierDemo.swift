import Foundation
import PatioCore
import PatioIdentity
import PatioPlatform

/// Demo data: the real pickup network (Bogotá and every department capital, from `localities.csv`),
/// dispatch (`despacho@demo.patio`), the agent `mensajero@demo.patio` with today's pickups in Bogotá, and a
/// second agent to reassign to. Idempotent: each part is added once.
enum CourierDemo {
    static func seed(_ s: CourierServices) async throws {
        if try await s.localities.all().isEmpty {
            _ = try await s.localities.importCSV(try networkCSV())
        }
        let accounts = s.identity.accounts
        let dispatch: AccountView
        if let existing = try await accounts.find(email: "despacho@demo.patio") {
            dispatch = existing
        } else {
            dispatch = try await accounts.create(
                NewAccount(email: "despacho@demo.patio", name: "Daniela Pardo", locale: "es", password: "demo-password", roles: [CourierRoles.admin]))
        }
        let mateo = try await agent(
            s, email: "mensajero@demo.patio", usuario: "mensajero", identificacion: "1012345678",
            names: ("Mateo", "Rojas", "Castaño"), centre: (1001, "CENTRO DE SERVICIO BOGOTÁ CALLE 80"))
        let camila = try await agent(
            s, email: "camila.herrera@demo.patio", usuario: "cherrera", identificacion: "1098765432",
            names: ("Camila", "Herrera", "Díaz"), centre: (1001, "CENTRO DE SERVICIO BOGOTÁ CALLE 80"))
        let today = LocalDate(s.clock.now(), in: CourierAPI.homeTimeZone)
        guard try await s.pickups.board(day: today).isEmpty else { return }
        let pickups: [(String, String, String, String, String, Int, UUID)] = [
            ("Ferretería El Tornillo", "601 345 6789", "Calle 72 # 10-34, Chapinero", "08:00", "10:00", 250_000, mateo),
            ("Laura Gómez", "310 555 1234", "Carrera 15 # 93-60, apto 502", "09:00", "11:00", 80_000, mateo),
            ("Café La Molienda", "601 712 3344", "Avenida Calle 26 # 69-76, local 3", "11:00", "13:00", 1_200_000, mateo),
            ("Andrés Salazar", "315 222 7788", "Calle 145 # 19-20, casa 8", "14:00", "16:00", 45_000, mateo),
            ("Tienda Naturista Vida", "601 621 0099", "Carrera 7 # 45-12", "15:00", "17:00", 150_000, mateo),
            ("Distribuidora Andina", "601 400 8080", "Calle 13 # 68-50, bodega 2", "10:00", "12:00", 3_500_000, camila),
        ]
        for (sender, phone, address, start, end, value, agentID) in pickups {
            _ = try await s.pickups.create(
                .init(
                    senderName: sender, phone: phone, address: address, localityCode: "11001000", day: today.description,
                    windowStart: start, windowEnd: end, declaredValue: value, notes: "", agentId: agentID), by: dispatch.id)
        }
    }

    /// The agent with this email, opened (account and profile) the first time.
    private static func agent(
        _ s: CourierServices, email: String, usuario: String, identificacion: String,
        names: (String, String, String), centre: (Int, String)
    ) async throws -> UUID {
        if let existing = try await s.agents.model(usuario: usuario) { return existing.id! }
        return try await s.agents.create(
            .init(
                email: email, password: "demo-password", usuario: usuario, identificacion: identificacion,
                firstName: names.0, surname1: names.1, surname2: names.2, position: "Mensajero",
                serviceCentreId: centre.0, serviceCentreName: centre.1, homeLocalityCode: "11001000")
        ).id
    }

    /// The demo network shipped with Patio.
    static func networkCSV() throws -> String {
        guard let url = Bundle.module.url(forResource: "localities", withExtension: "csv", subdirectory: "Network") else {
            throw AppError(.internalServerError, code: "demo_data_missing", detail: "The demo localities file is missing from this build.")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }
}
