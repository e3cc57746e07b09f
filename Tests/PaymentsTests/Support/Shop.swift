import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// A shop in MXN and a customer in USD with funds, and rates 1 EUR = 20 MXN = 1.25 USD.
struct Shop: Sendable {
    let patio: TestPatio
    let client: any TestClientProtocol
    let business: String
    let customer: String
    let admin: String

    static func make(_ patio: TestPatio, _ client: any TestClientProtocol, funds: Int = 10_000) async throws -> Shop {
        _ = try await client.created(
            "/api/v1/payments/signup", token: "",
            [
                "name": "Xochitl", "email": "negocio@test.patio", "password": TestPatio.password, "role": "business",
                "currency": "MXN", "businessName": "Artesanías Xochitl", "category": "Artesanías",
            ])
        let customer = try await client.created(
            "/api/v1/payments/signup", token: "",
            ["name": "Dan", "email": "cliente@test.patio", "password": TestPatio.password, "role": "customer", "currency": "USD"])
        let admin = try await patio.token(for: "tesoreria@test.patio", roles: ["payments.admin"], client: client)
        for (code, rate) in [("MXN", 20.0), ("USD", 1.25)] {
            _ = try await client.api(.put, "/api/v1/payments/admin/rates/\(code)", token: admin, body: ["perEuro": rate, "asOf": "2026-11-20"])
        }
        _ = try await client.created("/api/v1/payments/admin/deposits", token: admin, ["accountId": customer["accountId"]!, "amount": funds])
        return Shop(
            patio: patio, client: client, business: try await patio.login("negocio@test.patio", client: client),
            customer: try await patio.login("cliente@test.patio", client: client), admin: admin)
    }

    func request(amount: Int = 32_000) async throws -> [String: Any] {
        try await client.created(
            "/api/v1/payments/requests", token: business, ["amount": amount, "description": "Alebrije grande", "category": "Artesanías"])
    }

    func accept(_ id: Any, key: String = UUID().uuidString) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/payments/requests/\(id)/accept", token: customer, headers: [HTTPField.Name("Idempotency-Key")!: key])
    }

    func balance(_ token: String) async throws -> Int { try await client.fetch("/api/v1/payments/wallet", token: token)["balance"] as! Int }
}
