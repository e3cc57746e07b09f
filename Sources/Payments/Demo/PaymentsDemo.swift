import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// The InterPay demo: rates, `negocio@demo.patio` (an artisan shop in MXN with four months of sales in five
/// categories, paid by the demo customer through the ledger) and `cliente@demo.patio` (USD wallet with funds).
enum PaymentsDemo {
    static let categories = ["Alebrijes", "Textiles", "Cerámica", "Joyería", "Barro negro"]

    static func seed(_ s: PaymentsServices, environment: ModuleEnvironment) async throws {
        if try await s.rates.all().isEmpty {
            // A dated demo table (units per euro), labelled "demo" so nobody mistakes it for live rates.
            let demo: [String: Decimal] = [
                "USD": 1.0530, "MXN": 21.35, "GBP": 0.8340, "CAD": 1.4750, "SGD": 1.4120, "ZAR": 19.10,
                "PKR": 292.40, "RUB": 105.20, "EGP": 52.10, "PEN": 3.9600, "COP": 4620.50,
            ]
            _ = try await s.rates.store(demo, asOf: "2026-11-20", source: "demo")
        }
        let accounts = environment.identity.accounts
        if try await accounts.find(email: "negocio@demo.patio") == nil {
            _ = try await s.profiles.signup(
                .init(
                    name: "Xóchitl Hernández", email: "negocio@demo.patio", password: "demo-password", role: "business",
                    currency: "MXN", businessName: "Artesanías Xóchitl", category: "Artesanías",
                    latitude: 17.0654, longitude: -96.7237, language: "es"))
        }
        if try await accounts.find(email: "cliente@demo.patio") == nil {
            let customer = try await s.profiles.signup(
                .init(
                    name: "Daniel Carter", email: "cliente@demo.patio", password: "demo-password",
                    role: "customer", currency: "USD", language: "en"))
            _ = try await s.wallets.fund(owner: customer.accountId, currency: "USD", amount: 800_000, reason: "deposit", id: nil, actor: nil)
        }
        let business = try await s.profiles.profile(accountID: try await accounts.find(email: "negocio@demo.patio")!.id)
        let customer = try await s.profiles.profile(accountID: try await accounts.find(email: "cliente@demo.patio")!.id)
        guard try await PaymentRequestModel.query(on: try s.database.reader).filter(\.$businessID == business.accountID).first() == nil else {
            return
        }
        try await history(business: business, customer: customer, s, now: environment.clock.now())
    }

    /// About 120 days of paid sales, the same every time (a fixed pseudo-random sequence).
    private static func history(business: PaymentsProfileModel, customer: PaymentsProfileModel, _ s: PaymentsServices, now: Date) async throws {
        var seed: UInt64 = 20_261_123
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var sales: [(at: Date, amount: Int, category: String, code: String)] = []
        for daysAgo in stride(from: 120, through: 1, by: -1) {
            for _ in 0..<next(3) {
                let at = now.addingTimeInterval(-Double(daysAgo) * 86_400 + Double(next(36_000)))
                sales.append((at, (150 + next(1_350)) * 100, categories[next(categories.count)], String(format: "%06d", next(1_000_000))))
            }
        }
        let plan = sales
        try await s.database.write { db in
            let payer = try await s.ledger.wallet(owner: customer.accountID, currency: customer.currency, on: db)
            let payee = try await s.ledger.wallet(owner: business.accountID, currency: business.currency, on: db)
            for (at, amount, category, code) in plan {
                let quote = try await s.rates.convert(amount: amount, from: business.currency, to: customer.currency, on: db)
                let request = PaymentRequestModel()
                request.id = UUID()
                request.code = code
                request.businessID = business.accountID
                request.amount = amount
                request.currency = business.currency
                request.description = "Venta de \(category.lowercased())"
                request.category = category
                request.status = RequestStatus.accepted.rawValue
                request.createdAt = at.addingTimeInterval(-60)
                request.expiresAt = at.addingTimeInterval(540)
                request.decidedAt = at
                request.customerID = customer.accountID
                request.transferID = UUID()
                request.paidAmount = quote.converted
                request.paidCurrency = customer.currency
                request.rate = quote.rate
                request.rateAsOf = quote.asOf
                try await request.create(on: db)
                let legs = try await s.ledger.legs(payer: payer, paid: quote.converted, payee: payee, received: amount, on: db)
                _ = try await s.ledger.transfer(
                    TransferRequest(
                        id: request.transferID!, reason: "payment", causedBy: "payment_request:\(request.id!.uuidString)",
                        legs: legs, initiatedBy: customer.accountID, at: at), within: db)
            }
        }
    }
}
