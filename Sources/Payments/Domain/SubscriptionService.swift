import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioPlatform
import SQLKit

/// A plan businesses can buy: priced in its own currency, charged in the business's through the ledger.
struct Plan: Codable, Sendable, Equatable {
    var id: String
    var name: String
    var price: Int
    var currency: String
    var days: Int

    /// The plans InterPay sells unless `PATIO_PAYMENTS_PLANS` says otherwise: Mensual 149 MXN, Anual 1490 MXN.
    static let defaults = [
        Plan(id: "monthly", name: "Mensual", price: 14_900, currency: "MXN", days: 30),
        Plan(id: "annual", name: "Anual", price: 149_000, currency: "MXN", days: 365),
    ]
}

struct SubscriptionView: Codable, Sendable {
    var status: String
    var plan: Plan?
    var currentPeriodEnd: Date?
    var cancelAtPeriodEnd: Bool
    var lapseReason: String?
    var plans: [Plan]
}

/// Activation (charged at once), cancellation (active to the end of the paid period) and renewal.
struct SubscriptionService: Sendable {
    let database: PatioDatabase
    let ledger: Ledger
    let rates: ExchangeRates
    let clock: PatioClock
    /// What businesses can buy (from configuration).
    let plans: [Plan]
    /// Tells a subscriber that a renewal could not be charged, in the transaction that lapses the plan.
    let notifications: NotificationService

    func current(business: PaymentsProfileModel) async throws -> SubscriptionView {
        let model = try await SubscriptionModel.query(on: try database.reader).filter(\.$businessID == business.accountID).first()
        return view(model)
    }

    func view(_ model: SubscriptionModel?) -> SubscriptionView {
        guard let model else {
            return SubscriptionView(status: "none", plan: nil, currentPeriodEnd: nil, cancelAtPeriodEnd: false, lapseReason: nil, plans: plans)
        }
        return SubscriptionView(
            status: model.status, plan: plans.first { $0.id == model.plan }, currentPeriodEnd: model.currentPeriodEnd,
            cancelAtPeriodEnd: model.cancelAtPeriodEnd, lapseReason: model.lapseReason, plans: plans)
    }

    /// Buys `planID` now; resuming a cancelled-but-still-active plan charges nothing.
    func activate(business: PaymentsProfileModel, planID: String?) async throws -> SubscriptionView {
        guard let plan = plans.first(where: { $0.id == planID }) else {
            throw AppError.validation(field: "plan", "Choose \(plans.map(\.id).joined(separator: " or ")).", code: "plan_choice")
        }
        let now = clock.now()
        let model: SubscriptionModel = try await database.write { db in
            try await lockPlan(of: business.accountID, on: db)
            let existing = try await SubscriptionModel.query(on: db).filter(\.$businessID == business.accountID).first()
            if let existing, existing.status == "active" {
                guard existing.cancelAtPeriodEnd else {
                    throw AppError.conflict(code: "already_subscribed", "This business already has an active plan.")
                }
                existing.cancelAtPeriodEnd = false
                existing.updatedAt = now
                try await existing.save(on: db)
                return existing
            }
            let model = existing ?? SubscriptionModel()
            if existing == nil { model.id = UUID(); model.businessID = business.accountID }
            try await charge(business: business, plan: plan, transfer: UUID(), at: now, on: db)
            model.plan = plan.id
            model.status = "active"
            model.currentPeriodEnd = now.addingTimeInterval(Double(plan.days) * 86_400)
            model.cancelAtPeriodEnd = false
            model.lapseReason = nil
            model.updatedAt = now
            try await model.save(on: db)
            return model
        }
        return view(model)
    }

    /// Stops renewal; the plan stays active until the end of the period already paid.
    func cancel(business: PaymentsProfileModel) async throws -> SubscriptionView {
        let now = clock.now()
        let model: SubscriptionModel = try await database.write { db in
            try await lockPlan(of: business.accountID, on: db)
            guard let model = try await SubscriptionModel.query(on: db).filter(\.$businessID == business.accountID).first(), model.status == "active"
            else {
                throw AppError.conflict(code: "not_subscribed", "This business has no active plan.")
            }
            model.cancelAtPeriodEnd = true
            model.updatedAt = now
            try await model.save(on: db)
            return model
        }
        return view(model)
    }

    /// Renews every plan whose period has ended: charges again, ends it when cancelled, or lapses it with a
    /// reason when the wallet cannot pay. The renewal transfer's id is derived from the plan and period, so a
    /// job that runs twice charges once. Returns how many plans changed.
    @discardableResult
    func renewDue() async throws -> Int {
        let now = clock.now()
        let due = try await SubscriptionModel.query(on: try database.reader).filter(\.$status == "active").filter(\.$currentPeriodEnd <= now).all()
        for subscription in due {
            let id = subscription.id!
            let businessID = subscription.businessID
            try await database.write { db in
                try await lockPlan(of: businessID, on: db)
                guard let model = try await SubscriptionModel.find(id, on: db), model.status == "active", model.currentPeriodEnd <= now else {
                    return
                }
                model.updatedAt = now
                if model.cancelAtPeriodEnd {
                    model.status = "ended"
                } else if let plan = plans.first(where: { $0.id == model.plan }),
                    let business = try await PaymentsProfileModel.query(on: db).filter(\.$accountID == model.businessID).first()
                {
                    let digest = Array(SHA256.hash(data: Data("renewal:\(id.uuidString):\(model.currentPeriodEnd.timeIntervalSince1970)".utf8)))
                    let transfer = UUID(
                        uuid: (
                            digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                            digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
                        ))
                    do {
                        try await charge(business: business, plan: plan, transfer: transfer, at: now, on: db)
                        model.currentPeriodEnd = model.currentPeriodEnd.addingTimeInterval(Double(plan.days) * 86_400)
                    } catch let error as AppError where error.code == "insufficient_funds" || error.code == "rate_unavailable" {
                        model.status = "lapsed"
                        model.lapseReason = error.code
                        try await notifyRenewalFailed(business: model.businessID, plan: plan)
                    }
                } else {
                    // The plan was withdrawn from the configuration: nothing to renew into.
                    model.status = "lapsed"
                    model.lapseReason = "plan_withdrawn"
                }
                try await model.save(on: db)
            }
        }
        return due.count
    }

    /// Tells the subscriber what could not be charged for which plan (its price as the plan page shows it);
    /// the link opens that page, where the plan can be bought again. A plan withdrawn from the configuration
    /// lapses without this: no charge failed, and there is no price left to name.
    private func notifyRenewalFailed(business: UUID, plan: Plan) async throws {
        var parameters = PaymentsNotifications.amount(plan.price, currency: plan.currency)
        parameters["plan"] = plan.name
        try await notifications.send(PaymentsNotifications.renewalFailed.id, to: [business], parameters: parameters, link: "/payments/subscription")
    }

    /// Serialises every change to one business's plan. On PostgreSQL two activations of a lapsed plan would
    /// otherwise both read "lapsed" and both charge, and two first activations would both insert; so each
    /// write first locks the business's profile row (`SELECT … FOR UPDATE`), which exists whether or not a
    /// subscription row does yet, and only then reads the plan. SQLite needs nothing: its single writer
    /// (`WriteQueue`) runs one write at a time.
    private func lockPlan(of business: UUID, on db: any Database) async throws {
        let sql = try db.sql
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("SELECT id FROM payments_profiles WHERE account_id = \(bind: business) FOR UPDATE").run()
    }

    private func charge(business: PaymentsProfileModel, plan: Plan, transfer: UUID, at now: Date, on db: any Database) async throws {
        let quote = try await rates.convert(amount: plan.price, from: plan.currency, to: business.currency, on: db)
        let wallet = try await ledger.wallet(owner: business.accountID, currency: business.currency, on: db)
        let revenue = try await ledger.revenue(currency: plan.currency, on: db)
        let legs = try await ledger.legs(payer: wallet, paid: quote.converted, payee: revenue, received: plan.price, on: db)
        _ = try await ledger.transfer(
            TransferRequest(id: transfer, reason: "subscription", causedBy: "plan:\(plan.id)", legs: legs, initiatedBy: business.accountID, at: now),
            within: db)
    }
}
