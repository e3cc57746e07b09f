import Foundation
import HummingbirdTesting
import PatioCore
import Testing

/// What cannot be undone asks first, and every form leaves the browser at an address that answers GET
/// (docs/web-pages.md), on InterPay's pages.
@Suite("InterPay pages: asking before what cannot be undone, forms that stay on their page")
struct PaymentsFormOutcomeTests {
    static let nbsp = "\u{00A0}"

    @Test(
        """
        cancelling a request asks first with its amount and the code that stops working, cancels only when confirmed, then the request's page \
        says so once
        """
    )
    func cancelAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let request = try await shop.request()
            let (id, code) = (String(describing: request["id"]!).uppercased(), String(describing: request["code"]!))
            var business = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            let page = "/payments/requests/\(id)"
            #expect(String(buffer: try await business.get(page).body).contains("action=\"\(page)/cancel\" data-confirm>"))
            let asked = try await business.post("\(page)/cancel", form: [:])
            let question = String(buffer: asked.body)
            #expect(asked.status == .ok)
            #expect(question.contains("¿Cancelar el cobro de $320.00\(Self.nbsp)MXN por «Alebrije grande»?"))
            #expect(
                question.contains("El código \(code) deja de servir: nadie podrá pagar este cobro.")
                    && question.contains("Esto no se puede deshacer."))
            #expect(question.contains("href=\"\(page)\"") && question.contains("Sí, cancelar el cobro"))
            #expect(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["status"] as? String == "pending")
            _ = try await business.post("/locale", form: ["locale": "en"])
            let english = String(buffer: try await business.post("\(page)/cancel", form: [:]).body)
            #expect(
                english.contains("Cancel the $320.00\(Self.nbsp)MXN request for “Alebrije grande”?")
                    && english.contains("The code \(code) stops working"))
            let cancelled = try await business.submit("\(page)/cancel", form: ["confirm": "yes"])
            #expect(cancelled.at == page && String(buffer: cancelled.page.body).contains("Request cancelled."))
            #expect(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["status"] as? String == "cancelled")
            #expect(!String(buffer: try await business.get(page).body).contains("Request cancelled."))
        }
    }

    @Test("declining asks first naming the business and the amount, declines only when confirmed, then the wallet says what was declined")
    func declineAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let request = try await shop.request()
            let (id, code) = (String(describing: request["id"]!).uppercased(), String(describing: request["code"]!))
            var customer = try await WebSession.signIn(client, email: "cliente@test.patio", password: TestPatio.password)
            let pay = String(buffer: try await customer.get("/payments/pay/\(code)").body)
            #expect(pay.contains("action=\"/payments/requests/\(id)/decline\" data-confirm>") && pay.contains("class=\"danger\""))
            let question = String(buffer: try await customer.post("/payments/requests/\(id)/decline", form: [:]).body)
            #expect(question.contains("¿Rechazar el cobro de $320.00\(Self.nbsp)MXN de Artesanías Xochitl?"))
            #expect(question.contains("Artesanías Xochitl verá que lo rechazaste y el código \(code) deja de servir; no se te cobra nada."))
            #expect(question.contains("href=\"/payments/pay/\(code)\""))
            #expect(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["status"] as? String == "pending")
            let declined = try await customer.submit("/payments/requests/\(id)/decline", form: ["confirm": "yes"])
            #expect(
                declined.at == "/payments/wallet"
                    && String(buffer: declined.page.body).contains("Rechazaste el cobro de $320.00\(Self.nbsp)MXN de Artesanías Xochitl."))
            #expect(try await client.fetch("/api/v1/payments/requests/\(id)", token: shop.business)["status"] as? String == "declined")
        }
    }

    @Test(
        """
        cancelling the plan asks first with until when it stays on and the price not charged again, in Spanish and English, and cancels only \
        when confirmed
        """
    )
    func cancelPlanAsksFirst() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let shop = try await Shop.make(patio, client)
            let owner = try #require(try await patio.components.identity.accounts.find(email: "negocio@test.patio"))
            _ = try await client.created("/api/v1/payments/admin/deposits", token: shop.admin, ["accountId": owner.id.uuidString, "amount": 20_000])
            var business = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            let bought = try await business.submit("/payments/subscription", form: ["plan": "monthly"])
            #expect(bought.at == "/payments/subscription" && String(buffer: bought.page.body).contains("Plan Mensual contratado."))
            #expect(String(buffer: bought.page.body).contains("action=\"/payments/subscription/cancel\" data-confirm>"))
            let question = String(buffer: try await business.post("/payments/subscription/cancel", form: [:]).body)
            #expect(question.contains("¿Cancelar el plan Mensual?"))
            #expect(
                question.contains("El plan Mensual sigue activo hasta el ")
                    && question.contains("después no se renueva ni se cobran los $149.00\(Self.nbsp)MXN del siguiente periodo."))
            #expect(try await client.fetch("/api/v1/payments/subscription", token: shop.business)["cancelAtPeriodEnd"] as? Bool == false)
            _ = try await business.post("/locale", form: ["locale": "en"])
            let english = String(buffer: try await business.post("/payments/subscription/cancel", form: [:]).body)
            #expect(english.contains("Cancel the Mensual plan?") && english.contains("then it is not renewed and the next period"))
            #expect(english.contains("s $149.00\(Self.nbsp)MXN is not charged."))
            let cancelled = try await business.submit("/payments/subscription/cancel", form: ["confirm": "yes"])
            #expect(
                cancelled.at == "/payments/subscription" && String(buffer: cancelled.page.body).contains("Plan Mensual cancelled: it stays on until ")
            )
            #expect(try await client.fetch("/api/v1/payments/subscription", token: shop.business)["cancelAtPeriodEnd"] as? Bool == true)
        }
    }

    @Test("a refused charge is shown again at /payments/business with what was typed; refused preferences keep the choices; saved ones say so once")
    func formsStayOnTheirPage() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await Shop.make(patio, client)
            var business = try await WebSession.signIn(client, email: "negocio@test.patio", password: TestPatio.password)
            #expect(String(buffer: try await business.get("/payments/business").body).contains("<form method=\"post\" action=\"/payments/business\""))
            let refused = try await business.submit(
                "/payments/business", form: ["amount": "0", "description": "Alebrije chico", "category": "Regalos"])
            let shown = String(buffer: refused.page.body)
            #expect(refused.at == "/payments/business" && refused.page.status == .unprocessableContent)
            #expect(
                shown.contains("value=\"Alebrije chico\"") && shown.contains("value=\"Regalos\"") && shown.contains("Indica un monto mayor que cero.")
            )
            let created = try await business.submit("/payments/business", form: ["amount": "15.00", "description": "Alebrije chico"])
            #expect(
                created.at.hasPrefix("/payments/requests/") && String(buffer: created.page.body).contains("Cobro listo: muestra el QR o el código "))

            let wrong = try await business.submit("/payments/preferences", form: ["preferredCurrency": "XYZ", "language": "en", "darkTheme": "on"])
            let kept = String(buffer: wrong.page.body)
            #expect(wrong.at == "/payments/preferences" && wrong.page.status == .unprocessableContent)
            #expect(kept.contains("name=\"darkTheme\" value=\"on\" checked") && kept.contains("<option value=\"en\" selected>English</option>"))
            let saved = try await business.submit("/payments/preferences", form: ["preferredCurrency": "USD", "language": "es", "darkTheme": "on"])
            #expect(saved.at == "/payments/preferences" && String(buffer: saved.page.body).contains("Guardado."))
            #expect(!String(buffer: try await business.get("/payments/preferences").body).contains("Guardado."))
        }
    }
}
