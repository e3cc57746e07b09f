import Foundation
import HTTPTypes
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb
import QRCode
import SVGChart

/// The InterPay pages: sign-up, wallet, charging (a QR the customer scans), paying by code, preferences.
/// Forms post to their page's own address; cancelling or declining a request and cancelling the plan ask
/// first (docs/web-pages.md).
enum PaymentsPages {
    static func register(on routes: PatioRoutes, services: PaymentsServices, web: WebRenderer) {
        let pages = PaymentsPageHandlers(s: services, web: web)
        let business = Access.role(PaymentsRoles.business), customer = Access.role(PaymentsRoles.customer)
        routes.get("/payments", .everyone, pages.landing)
        routes.get("/payments/signup", .everyone, pages.signupForm)
        routes.post("/payments/signup", .everyone, pages.signup)
        routes.get("/payments/wallet", .signedIn, pages.wallet)
        routes.post("/payments/test-funds", customer, pages.testFunds)
        routes.get("/payments/business", business, pages.charge)
        routes.post("/payments/business", business, pages.createRequest)
        routes.get("/payments/requests/{id}", business, pages.request)
        routes.webSocket("/payments/requests/{id}/live", .signedIn, prepare: PaymentRequestWatch.prepare(services))
        routes.post("/payments/requests/{id}/cancel", business, pages.cancel)
        routes.get("/payments/pay", customer, pages.payByCode)
        routes.get("/payments/pay/{code}", customer, pages.pay)
        routes.post("/payments/requests/{id}/accept", customer, pages.accept)
        routes.post("/payments/requests/{id}/decline", customer, pages.decline)
        routes.get("/payments/analytics", business, pages.analytics)
        routes.get("/payments/subscription", business, pages.subscription)
        routes.post("/payments/subscription", business, pages.subscribe)
        routes.post("/payments/subscription/cancel", business, pages.cancelSubscription)
        routes.get("/payments/preferences", .signedIn, pages.preferences)
        routes.post("/payments/preferences", .signedIn, pages.savePreferences)
    }
}

struct PaymentsPageHandlers: Sendable {
    let s: PaymentsServices
    let pages: ModulePages
    static let accent = "#1d4ed8"

    init(s: PaymentsServices, web: WebRenderer) {
        self.s = s
        self.pages = ModulePages(web: web, strings: PaymentsStrings.all, accent: Self.accent) { context in
            [
                "isBusiness": context.principal?.has(role: PaymentsRoles.business) ?? false,
                "isCustomer": context.principal?.has(role: PaymentsRoles.customer) ?? false,
            ]
        }
    }

    private func page(
        _ template: String, _ titleKey: String, _ data: [String: Any], _ context: PatioRequestContext,
        problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil
    ) -> Response {
        pages.page(template, title: text(titleKey, context), data, context: context, problem: problem, values: values, notice: notice)
    }

    private func text(_ key: String, _ context: PatioRequestContext) -> String { pages.text(key, context) }

    /// Money and dates the reader's way (PageFormat); times in the reader's zone (PaymentsPageTime).
    static func money(_ minor: Int, _ currency: String, _ context: PatioRequestContext) -> String {
        PageFormat.money(minor, currency: currency, locale: context.locale)
    }

    static func day(_ text: String?, _ context: PatioRequestContext) -> String? {
        text.map { PageFormat.date($0, locale: context.locale) }
    }

    static func currencies(selected: String?) -> [[String: Any]] {
        Currency.supported.sorted().map { ["code": $0, "selected": $0 == selected] }
    }

    func landing(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        guard let principal = context.principal else { return redirect(to: "/payments/signup") }
        return redirect(to: principal.has(role: PaymentsRoles.business) ? "/payments/business" : "/payments/wallet")
    }

    func signupForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        page("payments_signup", "pay_signup_title", ["currencies": Self.currencies(selected: "MXN"), "isBusinessChosen": false], context)
    }

    func signup(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let input = ProfileService.SignupInput(
            name: form.text("name"), email: form.text("email"), password: form["password"], role: form.text("role"),
            currency: form.text("currency"), businessName: form.text("businessName").flatMap { $0.isEmpty ? nil : $0 },
            category: form.text("category").flatMap { $0.isEmpty ? nil : $0 }, language: context.locale.rawValue)
        do {
            _ = try await s.profiles.signup(input, ip: s.clientAddress(request, context))
            return redirect(to: "/login?next=/payments", notice: text("pay_signed_up", context))
        } catch let error as AppError {
            var values = form.values
            values.removeValue(forKey: "password")
            var response = page(
                "payments_signup", "pay_signup_title",
                ["currencies": Self.currencies(selected: form.text("currency")), "isBusinessChosen": form.text("role") == "business"],
                context, problem: error, values: values)
            if error.status == .tooManyRequests { response.status = error.status }
            for (name, value) in error.headers { if let field = HTTPField.Name(name) { response.headers[field] = value } }
            return response
        }
    }

    /// The balance and the movements, newest first, a page at a time (`?cursor=` from "Older"), each with who
    /// was on the other side; after a payment (`?paid=<request>`) it says what was paid, to whom.
    func wallet(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let wallet = try await s.wallets.wallet(owner: profile.accountID, currency: profile.currency)
        let cursor = request.uri.queryParameters["cursor"].map(String.init)
        let movements = try await movementPage(profile, cursor: cursor)
        let requestIDs = Set(movements.items.compactMap { $0.causedBy.flatMap(Self.paymentRequestID) })
        let names = try await s.requests.counterparties(requestIDs, viewer: profile.accountID)
        let zone = PaymentsPageTime.zone(context, currency: profile.currency)
        var notice: String?
        if let paid = request.uri.queryParameters["paid"].flatMap({ UUID(uuidString: String($0)) }),
            let view = try? await s.requests.find(paid, viewer: profile, baseURL: ""), view.status == RequestStatus.accepted.rawValue,
            view.businessId != profile.accountID,
            let amount = view.paidAmount, let currency = view.paidCurrency
        {
            notice = text("pay_paid_notice", context).replacing("{amount}", with: Self.money(amount, currency, context)).replacing(
                "{business}", with: view.businessName)
        }
        return page(
            "payments_wallet", "pay_wallet",
            [
                "balanceText": Self.money(wallet.balance, wallet.currency, context), "canAddTestFunds": s.demoMode && profile.kind == "customer",
                "hasMovements": !movements.items.isEmpty, "isFirstPage": cursor == nil,
                "olderURL": movements.nextCursor.map { "/payments/wallet?cursor=" + URLQuery.value($0) } as Any,
                "movements": movements.items.map { movement -> [String: Any] in
                    let who = movement.causedBy.flatMap(Self.paymentRequestID).flatMap { names[$0] }
                    return [
                        "date": PageFormat.dateTime(movement.createdAt, in: zone, locale: context.locale),
                        "reasonLabel": text("pay_reason_\(movement.reason)", context), "who": who ?? "",
                        "amountText": Self.money(movement.amount, movement.currency, context), "isIn": movement.amount > 0,
                    ]
                },
            ], context, notice: notice)
    }

    static let movementsPerPage = 20

    /// The page of movements after `cursor`; a cursor that no longer reads (edited by hand, an old bookmark)
    /// starts again from the newest rather than refusing the wallet.
    private func movementPage(_ profile: PaymentsProfileModel, cursor: String?) async throws -> CursorPage<MovementView> {
        let limit = String(Self.movementsPerPage)
        if let cursor, let page = try? CursorPageRequest(limit: limit, cursor: cursor),
            let movements = try? await s.wallets.movements(owner: profile.accountID, currency: profile.currency, query: [:], page: page)
        {
            return movements
        }
        return try await s.wallets.movements(
            owner: profile.accountID, currency: profile.currency, query: [:], page: try CursorPageRequest(limit: limit, cursor: nil))
    }

    /// The request a payment's transfer was for (`payment_request:<id>`).
    static func paymentRequestID(_ causedBy: String) -> UUID? {
        guard causedBy.hasPrefix("payment_request:") else { return nil }
        return UUID(uuidString: String(causedBy.dropFirst("payment_request:".count)))
    }

    func testFunds(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        guard s.demoMode else { throw AppError(.forbidden, code: "demo_only", detail: "Test funds exist only when Patio runs with --demo.") }
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let funds = 10_000
        _ = try await s.wallets.fund(
            owner: profile.accountID, currency: profile.currency, amount: funds, reason: "test_funds", id: nil, actor: profile.accountID)
        return redirect(
            to: "/payments/wallet", notice: String(format: text("pay_funds_added", context), Self.money(funds, profile.currency, context)))
    }

    func charge(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await chargePage(context)
    }

    private func chargePage(_ context: PatioRequestContext, problem: AppError? = nil, values: [String: String] = [:]) async throws -> Response {
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        return page(
            "payments_business", "pay_charge", ["currency": profile.currency, "category": profile.category ?? ""], context, problem: problem,
            values: values)
    }

    func createRequest(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let profile = try await s.profiles.profile(try context.requirePrincipal())
            var validator = Validator()
            let amount = form.money("amount", into: &validator)
            try validator.validate()
            let created = try await s.requests.create(
                business: profile, .init(amount: amount, description: form.text("description"), category: form.text("category")),
                baseURL: PublicAddress.base(publicURL: s.publicURL, request: request))
            return redirect(to: "/payments/requests/\(created.id)", notice: String(format: text("pay_request_created", context), created.code))
        } catch let error as AppError {
            return try await chargePage(context, problem: error, values: form.values)
        }
    }

    /// The business's request screen: a QR the customer scans; it changes the moment the request is answered.
    func request(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let view = try await s.requests.find(
            try context.uuidParameter("id"), viewer: profile, baseURL: PublicAddress.base(publicURL: s.publicURL, request: request))
        let pending = view.status == RequestStatus.pending.rawValue
        var data: [String: Any] = [
            "request": view, "amountText": Self.money(view.amount, view.currency, context), "statusLabel": text("pay_status_\(view.status)", context),
            "rateAsOf": Self.day(view.rateAsOf, context) as Any,
            "isPending": pending, "isAccepted": view.status == RequestStatus.accepted.rawValue,
            "expires": PageFormat.time(view.expiresAt, in: PaymentsPageTime.zone(context, currency: view.currency)),
            "rateText": PaymentsPageTime.rate(view.rate, locale: context.locale),
            "paidText": view.paidAmount.map { Self.money($0, view.paidCurrency ?? "", context) } ?? "",
        ]
        if pending {
            data["qr"] = try QRCode(text: view.payUrl).svg(title: view.code)
            // Live over a WebSocket (/static/payments/live.js); without JavaScript the page refreshes itself.
            data["liveFallbackSeconds"] = 5
        }
        return page("payments_request", "pay_charge", data, context)
    }

    /// Cancelling cannot be undone: it asks first, with the amount and the code that stops working.
    func cancel(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let view = try await s.requests.find(id, viewer: profile, baseURL: "")
        let page = "/payments/requests/\(id)"
        guard view.status == RequestStatus.pending.rawValue else { return redirect(to: page) }
        let amount = Self.money(view.amount, view.currency, context)
        if let ask = pages.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: text("pay_cancel_question", context), amount, view.description),
            consequences: [String(format: text("pay_cancel_line", context), view.code)],
            action: text("pay_yes_cancel", context), back: page)
        {
            return ask
        }
        do {
            _ = try await s.requests.cancel(id, business: profile, baseURL: "")
            return redirect(to: page, notice: text("pay_cancelled", context))
        } catch let error as AppError where error.status == .conflict {
            return redirect(to: page, alert: pages.message(error, context))
        }
    }

    func payByCode(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let code = request.pageQuery.text("code") ?? ""
        return redirect(to: "/payments/pay/\(code.filter(\.isNumber).prefix(6))")
    }

    func pay(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let view = try await s.requests.byCode(
            try context.stringParameter("code"), viewer: profile, ip: s.clientAddress(request, context), baseURL: "")
        return payPage(view, context)
    }

    private func payPage(_ view: PaymentRequestView, _ context: PatioRequestContext, problem: AppError? = nil) -> Response {
        page(
            "payments_pay", "pay_accept",
            [
                "request": view, "amountText": Self.money(view.amount, view.currency, context),
                "isPending": view.status == RequestStatus.pending.rawValue,
                "quoteText": view.quote.map { Self.money($0.converted, $0.to, context) } ?? "",
                "quoteAsOf": Self.day(view.quote?.asOf, context) as Any, "statusLabel": text("pay_status_\(view.status)", context),
                "quoteRateText": PaymentsPageTime.rate(view.quote?.rate, locale: context.locale),
                // The key is fixed when the page is drawn, so pressing Pay twice pays once.
                "key": UUID().uuidString,
            ], context, problem: problem)
    }

    func accept(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        guard let key = form.uuid("key") else {
            throw AppError.badRequest(code: "idempotency_key_required", "The form lost its key; open the request again.")
        }
        do {
            _ = try await s.requests.accept(id, customer: profile, key: key, baseURL: "")
            return redirect(to: "/payments/wallet?paid=\(id.uuidString)")
        } catch let error as AppError where error.status.code < 500 {
            return payPage(try await s.requests.find(id, viewer: profile, baseURL: ""), context, problem: error)
        }
    }

    /// Declining cannot be undone: it asks first, naming the business and the amount.
    func decline(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let view = try await s.requests.find(id, viewer: profile, baseURL: "")
        guard view.status == RequestStatus.pending.rawValue else { return redirect(to: "/payments/wallet") }
        let amount = Self.money(view.amount, view.currency, context)
        if let ask = pages.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: text("pay_decline_question", context), amount, view.businessName),
            consequences: [String(format: text("pay_decline_line", context), view.businessName, view.code)],
            action: text("pay_yes_decline", context), back: "/payments/pay/\(view.code)")
        {
            return ask
        }
        do {
            _ = try await s.requests.decline(id, customer: profile, baseURL: "")
            return redirect(to: "/payments/wallet", notice: String(format: text("pay_declined", context), amount, view.businessName))
        } catch let error as AppError where error.status == .conflict {
        } catch let error as AppError where error.code == PaymentRequestService.notOpened.code {
            // Only reachable without the pay page (which opens the request by its code): say why, on that page.
            var response = payPage(try await s.requests.find(id, viewer: profile, baseURL: ""), context, problem: error)
            response.status = error.status
            return response
        }
        return redirect(to: "/payments/wallet")
    }

    /// Sales over time (line and area) and by category (shares), money written the way the page's language does.
    func analytics(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let period = SalesAnalytics.Period(rawValue: request.uri.queryParameters["period"].map(String.init) ?? "week") ?? .week
        let profile = try await s.profiles.profile(try context.requirePrincipal())
        let report = try await s.analytics.report(business: profile, period: period)
        let currency = report.currency
        let locale = context.locale
        let format: @Sendable (Int) -> String = { PageFormat.money($0, currency: currency, locale: locale) }
        let timeChart = LineChart(
            title: text("pay_sales_over_time", context),
            points: report.series.map {
                ChartPoint(
                    label: PageFormat.shortDate($0.label, locale: context.locale), value: Double($0.amount) / 100, valueLabel: format($0.amount))
            },
            colour: Self.accent, emptyMessage: text("pay_no_sales", context)
        ).svg()
        let categoryChart = HorizontalBarChart(
            title: text("pay_by_category", context),
            points: report.categories.map { ChartPoint(label: $0.category, value: Double($0.amount) / 100, valueLabel: format($0.amount)) },
            colour: Self.accent, emptyMessage: text("pay_no_sales", context)
        ).svg()
        return page(
            "payments_analytics", "pay_sales",
            [
                "report": report, "isWeek": period == .week, "totalText": format(report.total),
                "fromText": PageFormat.date(report.from, locale: context.locale), "toText": PageFormat.date(report.to, locale: context.locale),
                "averageText": format(report.average) + " " + text(period == .week ? "pay_per_day" : "pay_per_week", context),
                "growthText": report.growth.map { PageFormat.change($0, locale: context.locale) } ?? "",
                "timeChart": timeChart, "categoryChart": categoryChart,
            ], context)
    }

    func subscription(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await subscriptionPage(context)
    }

    private func subscriptionPage(_ context: PatioRequestContext, problem: AppError? = nil) async throws -> Response {
        let business = try await s.profiles.profile(try context.requirePrincipal())
        let sub = try await s.subscriptions.current(business: business)
        let active = sub.status == "active"
        return page(
            "payments_subscription", "pay_plan",
            [
                "sub": sub, "statusLabel": text("pay_sub_\(sub.status)", context),
                "periodEnd": sub.currentPeriodEnd.map {
                    PageFormat.date($0, in: PaymentsPageTime.zone(context, currency: business.currency), locale: context.locale)
                } ?? "",
                "canCancel": active && !sub.cancelAtPeriodEnd, "canBuy": !active || sub.cancelAtPeriodEnd,
                "plans": sub.plans.map { ["id": $0.id, "name": $0.name, "priceText": Self.money($0.price, $0.currency, context)] },
            ], context, problem: problem)
    }

    func subscribe(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let sub = try await s.subscriptions.activate(
                business: try await s.profiles.profile(try context.requirePrincipal()), planID: form.text("plan"))
            return redirect(to: "/payments/subscription", notice: String(format: text("pay_plan_bought", context), sub.plan?.name ?? ""))
        } catch let error as AppError where error.status.code < 500 {
            return try await subscriptionPage(context, problem: error)
        }
    }

    /// Cancelling the plan asks first: until when it stays on, and that it is not renewed or charged again.
    func cancelSubscription(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let business = try await s.profiles.profile(try context.requirePrincipal())
        let sub = try await s.subscriptions.current(business: business)
        let page = "/payments/subscription"
        guard sub.status == "active", !sub.cancelAtPeriodEnd, let plan = sub.plan else { return redirect(to: page) }
        let ends =
            sub.currentPeriodEnd.map { PageFormat.date($0, in: PaymentsPageTime.zone(context, currency: business.currency), locale: context.locale) }
            ?? ""
        if let ask = pages.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: text("pay_cancel_plan_question", context), plan.name),
            consequences: [String(format: text("pay_cancel_plan_line", context), plan.name, ends, Self.money(plan.price, plan.currency, context))],
            action: text("pay_yes_cancel_plan", context), back: page)
        {
            return ask
        }
        do {
            _ = try await s.subscriptions.cancel(business: business)
            return redirect(to: page, notice: String(format: text("pay_plan_cancelled", context), plan.name, ends))
        } catch let error as AppError where error.status == .conflict {
            return redirect(to: page, alert: pages.message(error, context))
        }
    }

    func preferences(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await preferencesPage(context)
    }

    /// The preferences page; a refused form is shown again with what was chosen (`typed`).
    private func preferencesPage(_ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws -> Response {
        let saved = try await s.profiles.preferences(try context.requirePrincipal())
        let shown: [String: Any] =
            typed.map { ["darkTheme": $0["darkTheme"] == "on", "usePasskey": $0["usePasskey"] == "on"] }
            ?? ["darkTheme": saved.darkTheme, "usePasskey": saved.usePasskey]
        let currency = typed.map { $0["preferredCurrency"] ?? "" } ?? saved.preferredCurrency
        let language = typed.map { $0["language"] ?? "" } ?? saved.language
        return page(
            "payments_preferences", "pay_preferences",
            [
                "prefs": shown, "currencies": Self.currencies(selected: currency),
                "isSpanish": language == "es",
            ], context, problem: problem)
    }

    func savePreferences(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.profiles.updatePreferences(
                try context.requirePrincipal(),
                .init(
                    preferredCurrency: form.text("preferredCurrency"), language: form.text("language"),
                    darkTheme: form["darkTheme"] == "on", usePasskey: form["usePasskey"] == "on"))
            return redirect(to: "/payments/preferences", notice: text("pay_saved", context))
        } catch let error as AppError where error.status.code < 500 {
            return try await preferencesPage(context, problem: error, typed: form)
        }
    }
}
