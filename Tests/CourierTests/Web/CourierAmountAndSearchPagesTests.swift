import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Courier

/// Courier keeps money in whole pesos; its pages write them as Colombians do and read them as they type them,
/// and its locality search reads a search of several words as the browser sends it.
@Suite("Courier pages: pesos as people write them, searches of several words")
struct CourierAmountAndSearchPagesTests {
    private static let nbsp = "\u{00A0}"

    /// Dispatch's browser, in Spanish or in English.
    private func dispatch(_ client: any TestClientProtocol, english: Bool = false) async throws -> WebSession {
        var session = try await WebSession.signIn(client, email: "despacho@test.patio", password: TestPatio.password)
        if english { session.cookies["patio_lang"] = "en" }
        _ = try await session.get("/courier/dispatch")
        return session
    }

    /// Sends the board's new-pickup form where the board's page says it goes and follows a redirect, as a
    /// browser does: the page the person sees next.
    private func submitNewPickup(_ browser: inout WebSession, _ form: [String: String]) async throws -> TestResponse {
        let board = String(buffer: try await browser.get("/courier/dispatch").body)
        let newPickupForm = try #require(board.components(separatedBy: "<form").first { $0.contains("name=\"senderName\"") })
        let action = try #require(newPickupForm.firstMatch(of: /action="([^"]+)"/)?.1)
        let answer = try await browser.post(String(action).replacingOccurrences(of: "&amp;", with: "&"), form: form)
        guard answer.status == .seeOther, let location = answer.headers[.location] else { return answer }
        return try await browser.get(location)
    }

    /// A new-pickup form for Bogotá today, with `declared` typed as the declared value.
    private func newPickup(_ world: CourierWorld, sender: String, declared: String) -> [String: String] {
        [
            "senderName": sender, "phone": "3001234567", "address": "Calle 1 # 2-3", "localityCode": "11001000", "day": world.today,
            "windowStart": "10:00", "windowEnd": "11:00", "declaredValue": declared, "agentId": world.ana.id.uuidString,
        ]
    }

    private func storedPickups(_ world: CourierWorld) async throws -> [PickupView] {
        try await CourierServices(environment: world.patio.components.environment).pickups.board(day: try #require(LocalDate(world.today)))
    }

    @Test("a declared value of 250000 pesos reads $ 250.000 on a Spanish page and $250,000 COP on an English one, next to the locality's real price")
    func declaredValueAndPrice() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            let path = "/courier/pickups/\(try await world.pickup(for: world.ana, sender: "Joyería La Esmeralda", declaredValue: 250_000))"
            var spanish = try await dispatch(client)
            let page = String(buffer: try await spanish.get(path).body)
            #expect(page.contains("<dd>$\(Self.nbsp)250.000</dd>"), "the declared value")
            #expect(page.contains("<dd>$\(Self.nbsp)4.500</dd>"), "Bogotá's pickup price")
            #expect(!page.contains("2500<") && !page.contains("$2500"))
            var english = try await dispatch(client, english: true)
            let englishPage = String(buffer: try await english.get(path).body)
            #expect(englishPage.contains("<dd>$250,000\(Self.nbsp)COP</dd>") && englishPage.contains("<dd>$4,500\(Self.nbsp)COP</dd>"))
        }
    }

    @Test("localities show their pickup prices in pesos: Medellín $ 5.000, Bogotá $ 4.500")
    func localityPrices() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await CourierWorld.make(patio, client)
            var browser = try await dispatch(client)
            let medellin = String(buffer: try await browser.get("/courier/localities?q=medellin").body)
            #expect(medellin.contains("Medellín") && medellin.contains("$\(Self.nbsp)5.000"))
            let bogota = String(buffer: try await browser.get("/courier/localities?q=bogota").body)
            #expect(bogota.contains("$\(Self.nbsp)4.500") && !bogota.contains("$4,500"))
            // The new-pickup form lists each locality with its price the same way.
            #expect(String(buffer: try await browser.get("/courier/dispatch").body).contains("Bogotá D.C. · $\(Self.nbsp)4.500 ·"))
        }
    }

    @Test("a declared value typed as 150.000, 150000 or $ 150.000 is kept as 150000 pesos")
    func typedPesos() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var browser = try await dispatch(client)
            for (sender, typed) in [("Dots", "150.000"), ("Digits", "150000"), ("Symbol", "$ 150.000")] {
                let answer = try await submitNewPickup(&browser, newPickup(world, sender: sender, declared: typed))
                #expect(answer.status == .ok, "\(typed): \(String(buffer: answer.body))")
            }
            let stored = try await storedPickups(world)
            #expect(Set(stored.map(\.senderName)) == ["Dots", "Digits", "Symbol"])
            #expect(stored.allSatisfy { $0.declaredValue == 150_000 })
        }
    }

    @Test("a declared value with cents or written ambiguously is refused with a Spanish message, and the form keeps what was typed")
    func refusedAmount() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            var browser = try await dispatch(client)
            for typed in ["150,50", "1.50", "150,000", "ciento cincuenta mil", "99.999.999.999.999.999.999"] {
                let refused = try await submitNewPickup(&browser, newPickup(world, sender: "Tienda Ñandú", declared: typed))
                #expect(refused.status == .unprocessableContent, "\(typed)")
                let html = String(buffer: refused.body)
                #expect(html.contains("Valor declarado: Escribe pesos enteros, sin centavos, como 150.000."), "\(typed)")
                #expect(html.contains("value=\"\(typed)\"") && html.contains("value=\"Tienda Ñandú\""), "\(typed)")
            }
            var english = try await dispatch(client, english: true)
            let refused = String(buffer: try await submitNewPickup(&english, newPickup(world, sender: "Shop", declared: "150.50")).body)
            #expect(refused.contains("Declared value: Enter whole pesos, without cents, such as 150,000."))
            #expect(try await storedPickups(world).isEmpty)
        }
    }

    @Test("a search of two words as the browser sends it (santa+marta) finds Santa Marta and the box shows santa marta")
    func twoWordSearch() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await CourierWorld.make(patio, client)
            var browser = try await dispatch(client)
            let page = String(buffer: try await browser.get("/courier/localities?q=santa+marta").body)
            #expect(page.contains("<strong>Santa Marta</strong>"))
            #expect(page.contains("value=\"santa marta\"") && !page.contains("santa+marta"))
            // A plus typed in the box arrives as %2B and stays a plus.
            #expect(String(buffer: try await browser.get("/courier/localities?q=santa%2Bmarta").body).contains("value=\"santa+marta\""))
        }
    }

    @Test("a search that finds nothing says no locality matches what was searched, in Spanish and English")
    func emptySearch() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await CourierWorld.make(patio, client)
            var browser = try await dispatch(client)
            let spanish = String(buffer: try await browser.get("/courier/localities?q=villa+imaginaria").body)
            #expect(spanish.contains("Ninguna localidad coincide con “villa imaginaria”."))
            var english = try await dispatch(client, english: true)
            let page = String(buffer: try await english.get("/courier/localities?q=villa+imaginaria").body)
            #expect(page.contains("No locality matches “villa imaginaria”."))
        }
    }
}
