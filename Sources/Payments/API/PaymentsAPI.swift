import Foundation
import HTTPTypes
import Hummingbird
import PatioCore
import PatioPlatform

/// `/api/v1/payments/…`: sign-up is public; wallet, movements and preferences answer only the caller's own;
/// deposits and the audit are for `payments.admin`.
enum PaymentsAPI {
    static func register(on routes: PatioRoutes, services: PaymentsServices) {
        let s = services
        let admin = Access.role(PaymentsRoles.admin)
        routes.post("/api/v1/payments/signup", .everyone) { request, context in
            let input = try await JSONBody.decode(ProfileService.SignupInput.self, from: request)
            return try .json(try await s.profiles.signup(input, ip: s.clientAddress(request, context)), status: .created)
        }
        routes.get("/api/v1/payments/me/preferences", .signedIn) { _, context in
            try .json(try await s.profiles.preferences(try context.requirePrincipal()))
        }
        routes.put("/api/v1/payments/me/preferences", .signedIn) { request, context in
            let input = try await JSONBody.decode(ProfileService.PreferencesInput.self, from: request)
            return try .json(try await s.profiles.updatePreferences(try context.requirePrincipal(), input))
        }
        routes.get("/api/v1/payments/wallet", .signedIn) { _, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.wallets.wallet(owner: profile.accountID, currency: profile.currency))
        }
        routes.get("/api/v1/payments/movements", .signedIn) { request, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            let page = try CursorPageRequest(limit: query["limit"], cursor: query["cursor"])
            return try .json(try await s.wallets.movements(owner: profile.accountID, currency: profile.currency, query: query, page: page))
        }
        routes.post("/api/v1/payments/test-funds", .role(PaymentsRoles.customer)) { request, context in
            guard s.demoMode else {
                throw AppError(.forbidden, code: "demo_only", detail: "Test funds exist only when Patio runs with --demo.")
            }
            struct Body: Decodable { var amount: Int }
            let body = try await JSONBody.decode(Body.self, from: request)
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(
                try await s.wallets.fund(
                    owner: profile.accountID, currency: profile.currency, amount: body.amount,
                    reason: "test_funds", id: nil, actor: profile.accountID), status: .created)
        }
        routes.post("/api/v1/payments/admin/deposits", admin) { request, context in
            struct Body: Decodable { var accountId: UUID; var amount: Int; var id: UUID? }
            let body = try await JSONBody.decode(Body.self, from: request)
            let owner = try await s.profiles.profile(accountID: body.accountId)
            let transfer = try await s.wallets.fund(
                owner: owner.accountID, currency: owner.currency, amount: body.amount,
                reason: "deposit", id: body.id, actor: try context.requirePrincipal().accountID)
            return try .json(transfer, status: .created)
        }
        routes.get("/api/v1/payments/fx/rates", .everyone) { _, _ in
            try .json(Items(items: try await s.rates.all()))
        }
        routes.get("/api/v1/payments/fx/convert", .everyone) { request, _ in
            let query = request.uri.queryParameters
            var validator = Validator()
            let amount = query["amount"].flatMap { Int(String($0)) }
            validator.check(
                amount.map { (0...1_000_000_000_000).contains($0) } ?? false, "amount", "Give a whole amount in minor units, 0 or more.",
                code: "amount_range")
            let from = Currency.normalise(query["from"].map(String.init)), to = Currency.normalise(query["to"].map(String.init))
            validator.check(from != nil, "from", "Choose a supported currency.", code: "currency_choice")
            validator.check(to != nil, "to", "Choose a supported currency.", code: "currency_choice")
            try validator.validate()
            return try .json(try await s.rates.convert(amount: amount!, from: from!, to: to!))
        }
        routes.put("/api/v1/payments/admin/rates/{currency}", admin) { request, context in
            struct Body: Decodable { var perEuro: Decimal; var asOf: String }
            let body = try await JSONBody.decode(Body.self, from: request)
            guard let code = Currency.normalise(try context.stringParameter("currency")), code != "EUR" else {
                throw AppError.notFound(code: "currency_not_supported", "InterPay does not handle this currency (EUR is the base).")
            }
            let stored = try await s.rates.store([code: body.perEuro], asOf: body.asOf, source: "admin")
            return try .json(stored[0])
        }
        let business = Access.role(PaymentsRoles.business), customer = Access.role(PaymentsRoles.customer)
        routes.post("/api/v1/payments/requests", business) { request, context in
            let input = try await JSONBody.decode(PaymentRequestService.CreateInput.self, from: request)
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.requests.create(business: profile, input, baseURL: base(request, s)), status: .created)
        }
        routes.get("/api/v1/payments/requests/by-code/{code}", customer) { request, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(
                try await s.requests.byCode(
                    try context.stringParameter("code"), viewer: profile, ip: s.clientAddress(request, context),
                    baseURL: base(request, s)))
        }
        routes.get("/api/v1/payments/requests/{id}", .signedIn) { request, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.requests.find(try context.uuidParameter("id"), viewer: profile, baseURL: base(request, s)))
        }
        // Apps watch with their bearer token; the pages use `/payments/requests/{id}/live` with the session cookie.
        routes.webSocket("/api/v1/payments/requests/{id}/events", .signedIn, prepare: PaymentRequestWatch.prepare(s))
        routes.post("/api/v1/payments/requests/{id}/accept", customer) { request, context in
            guard let header = request.headers[HTTPField.Name("Idempotency-Key")!], let key = UUID(uuidString: header) else {
                throw AppError.badRequest(code: "idempotency_key_required", "Send an Idempotency-Key header holding a UUID; retry with the same one.")
            }
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.requests.accept(try context.uuidParameter("id"), customer: profile, key: key, baseURL: base(request, s)))
        }
        routes.post("/api/v1/payments/requests/{id}/decline", customer) { request, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.requests.decline(try context.uuidParameter("id"), customer: profile, baseURL: base(request, s)))
        }
        routes.post("/api/v1/payments/requests/{id}/cancel", business) { request, context in
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.requests.cancel(try context.uuidParameter("id"), business: profile, baseURL: base(request, s)))
        }
        routes.get("/api/v1/payments/analytics", business) { request, context in
            let text = request.uri.queryParameters["period"].map(String.init) ?? "week"
            guard let period = SalesAnalytics.Period(rawValue: text) else {
                throw AppError.validation(field: "period", "Use week or month.", code: "period_choice")
            }
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.analytics.report(business: profile, period: period))
        }
        routes.get("/api/v1/payments/subscription", business) { _, context in
            try .json(try await s.subscriptions.current(business: try await s.profiles.profile(try context.requirePrincipal())))
        }
        routes.post("/api/v1/payments/subscription", business) { request, context in
            struct Body: Decodable { var plan: String? }
            let body = try await JSONBody.decode(Body.self, from: request)
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            return try .json(try await s.subscriptions.activate(business: profile, planID: body.plan), status: .created)
        }
        routes.delete("/api/v1/payments/subscription", business) { _, context in
            try .json(try await s.subscriptions.cancel(business: try await s.profiles.profile(try context.requirePrincipal())))
        }
        routes.get("/api/v1/payments/businesses", .signedIn) { request, _ in
            let query = request.uri.queryParameters
            var near: (Double, Double)?
            if let text = query["near"].map(String.init), !text.isEmpty {
                let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
                guard parts.count == 2, (-90...90).contains(parts[0]), (-180...180).contains(parts[1]) else {
                    throw AppError.validation(field: "near", "Use latitude,longitude such as 19.43,-99.13.", code: "near_format")
                }
                near = (parts[0], parts[1])
            }
            let page = try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))
            return try .json(try await s.directory.search(near: near, category: query["category"].map(String.init), page: page))
        }
        routes.get("/api/v1/payments/audit", admin) { _, _ in
            try .json(try await LedgerAudit.run(on: try s.database.reader))
        }
    }

    static func base(_ request: Request, _ services: PaymentsServices) -> String {
        PublicAddress.base(publicURL: services.publicURL, request: request)
    }
}
