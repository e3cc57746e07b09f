import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

/// Dispatch picks an agent's home locality and service centre by name; the service still gets the code and
/// the number, and a refused form keeps what was chosen.
@Suite("Courier agent form: localities and centres by name")
struct CourierAgentFormPagesTests {
    private func dispatch(_ client: any TestClientProtocol, english: Bool = false) async throws -> WebSession {
        var session = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
        if english { session.cookies["patio_lang"] = "en" }
        _ = try await session.get("/courier/agents")
        return session
    }

    private func services(_ world: CourierWorld) -> CourierServices { CourierServices(environment: world.patio.components.environment) }

    private func newAgent(usuario: String, locality: String, centre: String = "CENTRO DE SERVICIO BOGOTÁ (1001)", centreName: String = "") -> [String:
        String]
    {
        [
            "email": "\(usuario)@test.patio", "password": TestPatio.password, "usuario": usuario,
            "identificacion": usuario == "dario" ? "4040404040" : "3030303030", "firstName": "Carla",
            "surname1": "Mejía", "surname2": "", "position": "Mensajera", "serviceCentreId": centre, "serviceCentreName": centreName,
            "homeLocalityCode": locality,
        ]
    }

    @Test("the agent form lists localities and centres by name, in Spanish and English, and a chosen one is stored as its code and number")
    func choosesByName() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var office = try await dispatch(client)
            let page = String(buffer: try await office.get("/courier/agents").body)
            #expect(page.contains("<input name=\"homeLocalityCode\" list=\"courier-localities\""))
            #expect(page.contains("<option value=\"Bogotá D.C. – Cundinamarca (11001000)\"></option>"))
            #expect(page.contains("<option value=\"Cúcuta – Norte de Santander (54001000)\"></option>"))
            #expect(page.contains("<option value=\"CENTRO DE SERVICIO BOGOTÁ (1001)\"></option>"))
            #expect(page.contains("Localidad base") && !page.contains("(código)") && !page.contains("placeholder=\"11001000\""))

            let created = try await office.post("/courier/agents", form: newAgent(usuario: "carla", locality: "Medellín – Antioquia (05001000)"))
            #expect(created.status == .seeOther)
            let carla = try #require(try await services(world).agents.list(query: "carla").first)
            #expect(carla.homeLocalityCode == "05001000" && carla.serviceCentreId == 1001 && carla.serviceCentreName == "CENTRO DE SERVICIO BOGOTÁ")

            // A name alone, typed without accents, is the one locality with that name; a new centre is its number and name.
            var english = try await dispatch(client, english: true)
            let englishPage = String(buffer: try await english.get("/courier/agents").body)
            #expect(englishPage.contains("Home locality") && englishPage.contains("<option value=\"Medellín – Antioquia (05001000)\"></option>"))
            let typed = try await english.post(
                "/courier/agents", form: newAgent(usuario: "dario", locality: "medellin", centre: "2002", centreName: "Centro Medellín"))
            #expect(typed.status == .seeOther)
            let dario = try #require(try await services(world).agents.list(query: "dario").first)
            #expect(dario.homeLocalityCode == "05001000" && dario.serviceCentreId == 2002 && dario.serviceCentreName == "Centro Medellín")

            // The edit page shows Ana's locality and centre by name; saving another stores its code.
            let edit = String(buffer: try await office.get("/courier/agents/\(world.ana.id)").body)
            #expect(edit.contains("name=\"homeLocalityCode\" list=\"courier-localities\" value=\"Bogotá D.C. – Cundinamarca (11001000)\""))
            #expect(edit.contains("name=\"serviceCentreId\" list=\"courier-centres\" value=\"CENTRO DE SERVICIO BOGOTÁ (1001)\""))
            let saved = try await office.post(
                "/courier/agents/\(world.ana.id)",
                form: [
                    "usuario": "ana", "identificacion": "1010101010", "firstName": "Ana", "surname1": "Pérez", "surname2": "Gómez",
                    "position": "Mensajero",
                    "serviceCentreId": "Centro Medellín (2002)", "serviceCentreName": "", "homeLocalityCode": "Medellín – Antioquia (05001000)",
                ])
            #expect(saved.status == .seeOther)
            let ana = try await services(world).agents.find(world.ana.id)
            #expect(ana.homeLocalityCode == "05001000" && ana.serviceCentreId == 2002 && ana.serviceCentreName == "Centro Medellín")
        }
    }

    @Test("a refused agent form keeps the locality and centre chosen, and a locality not in the list is refused in the page's words")
    func refusedKeepsTheChoice() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var office = try await dispatch(client)
            let refused = try await office.post("/courier/agents", form: newAgent(usuario: "x", locality: "Medellín – Antioquia (05001000)"))
            let shown = String(buffer: refused.body)
            #expect(refused.status == .unprocessableContent)
            #expect(shown.contains("list=\"courier-localities\" value=\"Medellín – Antioquia (05001000)\""))
            #expect(shown.contains("list=\"courier-centres\" value=\"CENTRO DE SERVICIO BOGOTÁ (1001)\""))

            let unknown = try await office.post("/courier/agents", form: newAgent(usuario: "carla", locality: "Atlántida"))
            #expect(unknown.status == .unprocessableContent)
            let unknownPage = String(buffer: unknown.body)
            #expect(unknownPage.contains("Elige una localidad de la lista") && unknownPage.contains("value=\"Atlántida\""))
            let noCentre = try await office.post(
                "/courier/agents", form: newAgent(usuario: "carla", locality: "Bogotá D.C.", centre: "Centro Desconocido"))
            #expect(
                noCentre.status == .unprocessableContent && String(buffer: noCentre.body).contains("Elige un centro de la lista o escribe su número.")
            )

            var english = try await dispatch(client, english: true)
            let englishRefused = try await english.post(
                "/courier/agents/\(world.beto.id)",
                form: [
                    "usuario": "beto", "identificacion": "2020202020", "firstName": "Beto", "surname1": "Ríos", "position": "Mensajero",
                    "serviceCentreId": "CENTRO DE SERVICIO BOGOTÁ (1001)", "homeLocalityCode": "Nowhere",
                ])
            let englishPage = String(buffer: englishRefused.body)
            #expect(
                englishRefused.status == .unprocessableContent && englishPage.contains("Choose a locality from the list")
                    && englishPage.contains("value=\"Nowhere\""))
            #expect(try await services(world).agents.find(world.beto.id).homeLocalityCode == "11001000")
            #expect(try await services(world).agents.list(query: "carla").isEmpty)
        }
    }

    @Test("counts agree with their nouns: one pickup on the board is '1 recogida' / '1 pickup'")
    func boardCount() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            try await world.pickup(for: world.ana)
            var office = try await dispatch(client)
            let board = String(buffer: try await office.get("/courier/dispatch?day=\(world.today)").body)
            #expect(board.contains("1 recogida") && !board.contains("1 recogidas"))
            var english = try await dispatch(client, english: true)
            let englishBoard = String(buffer: try await english.get("/courier/dispatch?day=\(world.today)").body)
            #expect(englishBoard.contains("1 pickup") && !englishBoard.contains("1 pickups"))
        }
    }
}
