import Foundation
import HummingbirdTesting
import PatioCore
import PatioServer
import Testing

@Suite("InterPay sign-up, wallet, deposits and preferences")
struct WalletAPITests {
    @Test("sign-up validates every field, accepts the original app's currency aliases, and opens an empty wallet")
    func signup() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let invalid = try await client.api(
                .post, "/api/v1/payments/signup",
                body: ["name": "", "email": "x", "password": "short", "role": "boss", "currency": "XXX", "latitude": 91])
            #expect(Set(try problem(invalid).errors!.map(\.field)) == ["name", "email", "password", "role", "currency", "latitude", "longitude"])
            let business = try await client.api(
                .post, "/api/v1/payments/signup",
                body: ["name": "Tienda", "email": "tienda@test.patio", "password": TestPatio.password, "role": "business", "currency": "MXN"])
            #expect(Set(try problem(business).errors!.map(\.field)) == ["businessName", "category"])
            let created = try await client.created(
                "/api/v1/payments/signup", token: "",
                ["name": "Iván", "email": "ivan@test.patio", "password": TestPatio.password, "role": "customer", "currency": "peb"])
            #expect(created["currency"] as? String == "RUB" && created["role"] as? String == "customer")
            let token = try await patio.login("ivan@test.patio", client: client)
            let wallet = try await client.fetch("/api/v1/payments/wallet", token: token)
            #expect(wallet["balance"] as? Int == 0 && wallet["currency"] as? String == "RUB")
            let again = try await client.api(
                .post, "/api/v1/payments/signup",
                body: ["name": "Iván", "email": "IVAN@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
            #expect(try problem(again).code == "email_taken")
        }
    }

    @Test("admins deposit into a wallet; movements list it; customers can neither deposit nor audit nor see another wallet")
    func deposits() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let ana = try await client.created(
                "/api/v1/payments/signup", token: "",
                ["name": "Ana", "email": "ana@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
            _ = try await client.created(
                "/api/v1/payments/signup", token: "",
                ["name": "Ben", "email": "ben@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
            let admin = try await patio.token(for: "tesoreria@test.patio", roles: ["payments.admin"], client: client)
            let deposit = try await client.created(
                "/api/v1/payments/admin/deposits", token: admin, ["accountId": ana["accountId"]!, "amount": 12_345])
            #expect((deposit["entries"] as! [[String: Any]]).map { $0["amount"] as! Int } == [-12_345, 12_345])
            let anaToken = try await patio.login("ana@test.patio", client: client)
            let benToken = try await patio.login("ben@test.patio", client: client)
            #expect(try await client.fetch("/api/v1/payments/wallet", token: anaToken)["balance"] as? Int == 12_345)
            #expect(try await client.fetch("/api/v1/payments/wallet", token: benToken)["balance"] as? Int == 0)
            let movements = try await client.fetch("/api/v1/payments/movements?direction=in", token: anaToken)
            #expect((movements["items"] as! [[String: Any]]).map { $0["reason"] as! String } == ["deposit"])
            #expect((try await client.fetch("/api/v1/payments/movements?direction=out", token: anaToken)["items"] as! [Any]).isEmpty)
            #expect(
                try problem(try await client.api(.get, "/api/v1/payments/movements?direction=sideways", token: anaToken)).errors?.first?.field
                    == "direction")
            #expect(
                try await client.api(.post, "/api/v1/payments/admin/deposits", token: anaToken, body: ["accountId": ana["accountId"]!, "amount": 1])
                    .status == .forbidden)
            #expect(try await client.api(.get, "/api/v1/payments/audit", token: anaToken).status == .forbidden)
            let audit = try await client.fetch("/api/v1/payments/audit", token: admin)
            #expect(audit["ok"] as? Bool == true && audit["transfers"] as? Int == 1)
            // Test funds exist only in demo mode.
            let funds = try await client.api(.post, "/api/v1/payments/test-funds", token: anaToken, body: ["amount": 100])
            #expect(try problem(funds).code == "demo_only")
            let outsider = try await patio.token(for: "nadie@test.patio", client: client)
            #expect(try problem(try await client.api(.get, "/api/v1/payments/wallet", token: outsider)).code == "not_a_payments_user")
        }
    }

    @Test("in demo mode a customer adds test funds, labelled as such")
    func testFunds() async throws {
        try await TestPatio.with(modules: moduleUnderTest, configure: { $0.demoMode = true }) { patio, client in
            _ = try await client.created(
                "/api/v1/payments/signup", token: "",
                ["name": "Ana", "email": "ana@test.patio", "password": TestPatio.password, "role": "customer", "currency": "EUR"])
            let token = try await patio.login("ana@test.patio", client: client)
            _ = try await client.created("/api/v1/payments/test-funds", token: token, ["amount": 5_000])
            #expect(try await client.fetch("/api/v1/payments/wallet", token: token)["balance"] as? Int == 5_000)
            let movements = try await client.fetch("/api/v1/payments/movements", token: token)
            #expect((movements["items"] as! [[String: Any]]).first?["reason"] as? String == "test_funds")
        }
    }

    @Test("preferences persist: preferred currency (aliases accepted), language, dark theme, passkey switch")
    func preferences() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            _ = try await client.created(
                "/api/v1/payments/signup", token: "",
                ["name": "Ana", "email": "ana@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
            let token = try await patio.login("ana@test.patio", client: client)
            let saved = try await client.api(
                .put, "/api/v1/payments/me/preferences", token: token, body: ["preferredCurrency": "EGG", "language": "en", "darkTheme": true])
            #expect(saved.status == .ok)
            let read = try await client.fetch("/api/v1/payments/me/preferences", token: token)
            #expect(read["preferredCurrency"] as? String == "EGP" && read["language"] as? String == "en")
            #expect(read["darkTheme"] as? Bool == true && read["usePasskey"] as? Bool == false)
            let bad = try await client.api(
                .put, "/api/v1/payments/me/preferences", token: token, body: ["preferredCurrency": "ABC", "language": "fr"])
            #expect(Set(try problem(bad).errors!.map(\.field)) == ["preferredCurrency", "language"])
        }
    }
}

@Suite("InterPay demo data")
struct PaymentsDemoTests {
    @Test(
        """
        the demo shop has months of paid sales in five categories, the demo customer has funds left, and the ledger audits clean; seeding twice \
        adds nothing
        """
    )
    func demo() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            try await DemoSeed.run(patio.components)
            try await DemoSeed.run(patio.components)
            let shop = try await patio.login("negocio@demo.patio", password: DemoSeed.password, client: client)
            let month = try await client.fetch("/api/v1/payments/analytics?period=month", token: shop)
            #expect((month["total"] as? Int ?? 0) > 0 && (month["categories"] as! [Any]).count == 5)
            #expect(month["growth"] != nil)
            let customer = try await patio.login("cliente@demo.patio", password: DemoSeed.password, client: client)
            let wallet = try await client.fetch("/api/v1/payments/wallet", token: customer)
            #expect(wallet["currency"] as? String == "USD" && (wallet["balance"] as? Int ?? 0) > 100_000)
            let admin = try await patio.login(DemoSeed.adminEmail, password: DemoSeed.password, client: client)
            let audit = try await client.fetch("/api/v1/payments/audit", token: admin)
            #expect(audit["ok"] as? Bool == true && (audit["transfers"] as? Int ?? 0) > 100)
        }
    }
}
