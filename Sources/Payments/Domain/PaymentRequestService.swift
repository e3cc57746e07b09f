import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

enum RequestStatus: String, Codable, Sendable {
    case pending, accepted, declined, cancelled, expired
}

/// A payment request as either side sees it. `quote` is the customer's view: what they would pay in their
/// own currency, at which rate.
struct PaymentRequestView: Codable, Sendable {
    var id: UUID
    var code: String
    var status: String
    var amount: Int
    var currency: String
    var description: String
    var category: String
    var businessId: UUID
    var businessName: String
    var expiresAt: Date
    var createdAt: Date
    var decidedAt: Date?
    var payUrl: String
    var transferId: UUID?
    var paidAmount: Int?
    var paidCurrency: String?
    var rate: String?
    var rateAsOf: String?
    var quote: Conversion?
}

/// The nearby flow: a business asks, a customer accepts (one atomic transfer with the conversion recorded),
/// declines, or the business cancels; unanswered requests expire. Every other transition answers 409.
struct PaymentRequestService: Sendable {
    let database: PatioDatabase
    let ledger: Ledger
    let rates: ExchangeRates
    let profiles: ProfileService
    let clock: PatioClock
    let timeToLive: TimeInterval
    let events: EventBus
    let throttle: PaymentsThrottle
    /// Tells the business how each request ended, in the transaction that records the end.
    let notifications: NotificationService

    /// The topic watchers of one request listen on.
    static func topic(_ id: UUID) -> String { "payments.request.\(id.uuidString.lowercased())" }

    struct CreateInput: Codable, Sendable {
        var amount: Int?
        var currency: String?
        var description: String?
        var category: String?
    }

    static let notFound = AppError.notFound(code: "payment_request_not_found", "No payment request has this id or code.")
    static let notOpened = AppError(
        .forbidden, code: "request_not_opened",
        detail: "Only a customer who opened this request with its code can decline it. Open it with its code first.")

    func create(business: PaymentsProfileModel, _ input: CreateInput, baseURL: String) async throws -> PaymentRequestView {
        var validator = Validator()
        validator.check((1...100_000_000).contains(input.amount ?? 0), "amount", "Give a positive amount in minor units.", code: "amount_positive")
        let currency = input.currency.map { Currency.normalise($0) } ?? business.currency
        validator.check(
            currency == business.currency, "currency", "Requests are in the business's currency, \(business.currency).", code: "currency_mismatch")
        let description = input.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        validator.check((1...140).contains(description.count), "description", "Describe the sale in 1 to 140 characters.", code: "description_length")
        let category = input.category?.trimmingCharacters(in: .whitespacesAndNewlines) ?? business.category ?? ""
        validator.check((1...60).contains(category.count), "category", "Give a category of 1 to 60 characters.", code: "category_length")
        try validator.validate()
        let now = clock.now()
        let model = PaymentRequestModel()
        model.id = UUID()
        model.businessID = business.accountID
        model.amount = input.amount!
        model.currency = business.currency
        model.description = description
        model.category = category
        model.status = RequestStatus.pending.rawValue
        model.expiresAt = now.addingTimeInterval(timeToLive)
        model.createdAt = now
        try await database.write { db in
            // Six digits a person can type; unique among requests still open.
            for _ in 0..<20 {
                let code = String(format: "%06d", Int.random(in: 0...999_999))
                let taken = try await PaymentRequestModel.query(on: db).filter(\.$code == code).filter(\.$status == RequestStatus.pending.rawValue)
                    .filter(\.$expiresAt > now).first()
                if taken == nil { model.code = code; break }
            }
            guard !model.code.isEmpty else { throw AppError(.serviceUnavailable, code: "no_code_available", detail: "Try again in a moment.") }
            try await model.create(on: db)
        }
        return try await view(model, business: business, viewer: nil, baseURL: baseURL)
    }

    /// The pending request behind a 6-digit code, with the caller's quote. Opening it this way records that
    /// this customer was shown the code (only the business's screen shows it), which is what lets them
    /// decline it. Codes that match nothing count against the caller's account and address
    /// (`PaymentsThrottle.codeMisses`); past the limit every look-up, right or wrong, answers 429, so the
    /// answer never tells a sweeper which codes are live.
    func byCode(_ code: String, viewer: PaymentsProfileModel, ip: String, baseURL: String) async throws -> PaymentRequestView {
        // Counted as a miss first and taken back when it matches, so parallel guesses cannot overtake the count.
        let reservation = try await throttle.reserve(PaymentsThrottle.codeMisses, account: viewer.accountID, ip: ip)
        guard code.count == 6, code.allSatisfy({ ("0"..."9").contains($0) }),
            let model = try await PaymentRequestModel.query(on: try database.reader).filter(\.$code == code)
                .filter(\.$status == RequestStatus.pending.rawValue).sort(\.$createdAt, .descending).first()
        else { throw Self.notFound }
        let requestID = model.id!, customerID = viewer.accountID, now = clock.now()
        try await database.write { db in
            try await PaymentsThrottle.release(reservation, on: db)
            try await (try db.sql).insert(into: RequestOpenModel.schema)
                .columns("id", "request_id", "customer_id", "opened_at")
                .values(SQLBind(UUID()), SQLBind(requestID), SQLBind(customerID), SQLBind(now))
                .ignoringConflicts()
                .run()
        }
        try await expireIfDue(model)
        return try await view(model, business: nil, viewer: viewer, baseURL: baseURL)
    }

    /// A request for its business, the customer who answered it, or any customer while it is pending. A
    /// customer who only looked at it (by its code) still learns how it ended — cancelled, expired, paid —
    /// but not who paid or how much they paid in their currency.
    func find(_ id: UUID, viewer: PaymentsProfileModel, baseURL: String) async throws -> PaymentRequestView {
        guard let model = try await PaymentRequestModel.find(id, on: try database.reader) else { throw Self.notFound }
        try await expireIfDue(model)
        let isBusiness = model.businessID == viewer.accountID
        let answeredIt = model.customerID == viewer.accountID
        guard isBusiness || viewer.kind == "customer" else { throw Self.notFound }
        var view = try await view(model, business: nil, viewer: isBusiness ? nil : viewer, baseURL: baseURL)
        if !isBusiness && !answeredIt && model.status != RequestStatus.pending.rawValue {
            (view.transferId, view.paidAmount, view.paidCurrency, view.rate, view.rateAsOf) = (nil, nil, nil, nil, nil)
        }
        return view
    }

    /// Records that a pending request ran out of time. The job and any read may race to do it (or a payment
    /// begun before the deadline may commit first): the row is locked and read again, so only the first
    /// records the expiry and tells the business, and `model` ends as the row is.
    private func expireIfDue(_ model: PaymentRequestModel) async throws {
        let now = clock.now()
        guard model.status == RequestStatus.pending.rawValue, model.expiresAt <= now, let id = model.id else { return }
        let (current, expiredNow) = try await database.write { db -> (PaymentRequestModel?, Bool) in
            guard let locked = try await lockedRequest(id, on: db) else { return (nil, false) }
            guard locked.status == RequestStatus.pending.rawValue, locked.expiresAt <= now else { return (locked, false) }
            locked.status = RequestStatus.expired.rawValue
            locked.decidedAt = locked.expiresAt
            try await locked.save(on: db)
            try await notifyBusiness(locked)
            return (locked, true)
        }
        if let current {
            (model.status, model.decidedAt, model.customerID) = (current.status, current.decidedAt, current.customerID)
            (model.transferID, model.paidAmount, model.paidCurrency) = (current.transferID, current.paidAmount, current.paidCurrency)
            (model.rate, model.rateAsOf) = (current.rate, current.rateAsOf)
        }
        if expiredNow { await events.publish(topic: Self.topic(id), type: RequestStatus.expired.rawValue) }
    }

    /// Expires every pending request whose time is up and tells its watchers; reads expire lazily too, this
    /// makes the change reach screens that are only watching.
    func expireDue() async throws {
        let now = clock.now()
        let due = try await PaymentRequestModel.query(on: try database.reader).filter(\.$status == RequestStatus.pending.rawValue)
            .filter(\.$expiresAt <= now).limit(500).all()
        for model in due { try await expireIfDue(model) }
    }

    /// Pays a pending request from the customer's wallet: customer → exchange (their currency), exchange →
    /// business (the request's currency), recorded with both amounts and the rate, in one transaction with the
    /// state change. `key` is the idempotency key: a retry returns the same accepted request.
    func accept(_ id: UUID, customer: PaymentsProfileModel, key: UUID, baseURL: String) async throws -> PaymentRequestView {
        guard customer.kind == "customer" else { throw AppError(.forbidden, code: "forbidden", detail: "Only customers pay requests.") }
        let now = clock.now()
        let model: PaymentRequestModel = try await database.write { db in
            guard let model = try await lockedRequest(id, on: db) else { throw Self.notFound }
            if model.status == RequestStatus.accepted.rawValue, model.transferID == key, model.customerID == customer.accountID { return model }
            try transitionable(model, now: now)
            let quote = try await rates.convert(amount: model.amount, from: model.currency, to: customer.currency, on: db)
            let payer = try await ledger.wallet(owner: customer.accountID, currency: customer.currency, on: db)
            let payee = try await ledger.wallet(owner: model.businessID, currency: model.currency, on: db)
            let legs = try await ledger.legs(payer: payer, paid: quote.converted, payee: payee, received: model.amount, on: db)
            let request = TransferRequest(
                id: key, reason: "payment", causedBy: "payment_request:\(id.uuidString)", legs: legs, initiatedBy: customer.accountID)
            _ = try await ledger.transfer(request, within: db)
            model.status = RequestStatus.accepted.rawValue
            model.decidedAt = now
            model.customerID = customer.accountID
            model.transferID = key
            model.paidAmount = customer.currency == model.currency ? model.amount : quote.converted
            model.paidCurrency = customer.currency
            model.rate = quote.rate
            model.rateAsOf = quote.asOf
            try await model.save(on: db)
            try await notifyBusiness(model)
            return model
        }
        await events.publish(topic: Self.topic(id), type: model.status)
        return try await view(model, business: nil, viewer: nil, baseURL: baseURL)
    }

    func decline(_ id: UUID, customer: PaymentsProfileModel, baseURL: String) async throws -> PaymentRequestView {
        guard customer.kind == "customer" else { throw AppError(.forbidden, code: "forbidden", detail: "Only customers decline requests.") }
        return try await close(id, to: .declined, by: customer, baseURL: baseURL)
    }

    func cancel(_ id: UUID, business: PaymentsProfileModel, baseURL: String) async throws -> PaymentRequestView {
        try await close(id, to: .cancelled, by: business, baseURL: baseURL)
    }

    private func close(_ id: UUID, to status: RequestStatus, by actor: PaymentsProfileModel, baseURL: String) async throws -> PaymentRequestView {
        let now = clock.now()
        let model: PaymentRequestModel = try await database.write { db in
            guard let model = try await lockedRequest(id, on: db) else { throw Self.notFound }
            if status == .cancelled, model.businessID != actor.accountID { throw Self.notFound }
            // Declining ends the request for the business, so only a customer who was at the counter (who
            // opened it with the code the business shows) may do it; a request id alone is not enough.
            if status == .declined,
                try await RequestOpenModel.query(on: db).filter(\.$requestID == id)
                    .filter(\.$customerID == actor.accountID).first() == nil
            {
                throw Self.notOpened
            }
            try transitionable(model, now: now)
            model.status = status.rawValue
            model.decidedAt = now
            if status == .declined { model.customerID = actor.accountID }
            try await model.save(on: db)
            // A business that cancels its own request needs no word of it.
            if status == .declined { try await notifyBusiness(model) }
            return model
        }
        await events.publish(topic: Self.topic(id), type: status.rawValue)
        return try await view(model, business: nil, viewer: nil, baseURL: baseURL)
    }

    /// Tells the business that its request was paid, declined or expired; called inside the transaction
    /// that records the change, so a change rolled back tells nobody. The link opens the request's page.
    private func notifyBusiness(_ model: PaymentRequestModel) async throws {
        let kind: NotificationKind
        switch RequestStatus(rawValue: model.status) {
        case .accepted: kind = PaymentsNotifications.requestPaid
        case .declined: kind = PaymentsNotifications.requestDeclined
        case .expired: kind = PaymentsNotifications.requestExpired
        case .pending, .cancelled, nil: return
        }
        guard let id = model.id else { return }
        var parameters = PaymentsNotifications.amount(model.amount, currency: model.currency)
        parameters["description"] = model.description
        try await notifications.send(kind.id, to: [model.businessID], parameters: parameters, link: "/payments/requests/\(id.uuidString)")
    }

    private func lockedRequest(_ id: UUID, on db: any Database) async throws -> PaymentRequestModel? {
        let sql = try db.sql
        if sql.dialect.name == "postgresql" {
            try await sql.raw("SELECT id FROM payments_requests WHERE id = \(bind: id) FOR UPDATE").run()
        }
        return try await PaymentRequestModel.find(id, on: db)
    }

    /// Only pending, unexpired requests move; anything else is a 409 naming the state it is in.
    private func transitionable(_ model: PaymentRequestModel, now: Date) throws {
        if model.status == RequestStatus.pending.rawValue, model.expiresAt <= now {
            throw AppError.conflict(code: "request_expired", "This payment request has expired.")
        }
        guard model.status == RequestStatus.pending.rawValue else {
            throw AppError.conflict(code: "request_not_pending", "This payment request is already \(model.status).")
        }
    }

    /// Who was on the other side of `viewer`'s payments, by request: the business's name for its customer,
    /// the customer's name for the business. Requests the viewer took no part in are left out.
    func counterparties(_ ids: Set<UUID>, viewer: UUID) async throws -> [UUID: String] {
        guard !ids.isEmpty else { return [:] }
        let requests = try await PaymentRequestModel.query(on: try database.reader).filter(\.$id ~~ ids).all()
        var names: [UUID: String] = [:]
        for request in requests {
            if request.businessID == viewer, let customer = request.customerID {
                names[request.id!] = try? await profiles.accounts.find(id: customer).name
            } else if request.customerID == viewer {
                names[request.id!] = try? await profiles.profile(accountID: request.businessID).businessName
            }
        }
        return names
    }

    private func view(_ model: PaymentRequestModel, business: PaymentsProfileModel?, viewer: PaymentsProfileModel?, baseURL: String) async throws
        -> PaymentRequestView
    {
        let owner: PaymentsProfileModel
        if let business { owner = business } else { owner = try await profiles.profile(accountID: model.businessID) }
        var quote: Conversion?
        if let viewer, model.status == RequestStatus.pending.rawValue {
            quote = try? await rates.convert(amount: model.amount, from: model.currency, to: viewer.currency)
        }
        return PaymentRequestView(
            id: model.id!, code: model.code, status: model.status, amount: model.amount, currency: model.currency, description: model.description,
            category: model.category, businessId: model.businessID, businessName: owner.businessName ?? "", expiresAt: model.expiresAt,
            createdAt: model.createdAt, decidedAt: model.decidedAt, payUrl: "\(baseURL)/payments/pay/\(model.code)", transferId: model.transferID,
            paidAmount: model.paidAmount, paidCurrency: model.paidCurrency, rate: model.rate, rateAsOf: model.rateAsOf, quote: quote
        )
    }
}
