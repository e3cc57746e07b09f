import Foundation
import PatioAPI

extension Patio {
    /// InterPay's calls: a payment request by its code with the conversion, paying it exactly once, the
    /// wallet and the sales analytics.
    public var payments: PaymentsFacade { PaymentsFacade(patio: self) }
}

/// Payments (InterPay), for customers and businesses.
public struct PaymentsFacade: Sendable {
    let patio: Patio

    /// The request a business shows as a 6-digit code (or QR), converted to the payer's currency.
    public func request(code: String) async throws -> Components.Schemas.PaymentsRequest {
        try await patio.call { try await patio.api.findPaymentsRequestByCode(path: .init(code: code)).ok.body.json }
    }

    /// Pays a request. The `Idempotency-Key` (a UUID) is the request's own id, so however many times this is retried
    /// — after a timeout, a lost answer, an app restart — the request is paid once and every retry answers
    /// the same payment.
    public func accept(requestID: String) async throws -> Components.Schemas.PaymentsRequest {
        try await patio.call {
            try await patio.api.acceptPaymentsRequest(path: .init(id: requestID), headers: .init(idempotencyKey: requestID)).ok.body.json
        }
    }

    /// The signed-in account's wallet: balance and latest movements.
    public func wallet() async throws -> Components.Schemas.PaymentsWallet {
        try await patio.call { try await patio.api.getPaymentsWallet().ok.body.json }
    }

    /// A business's sales report.
    public func analytics() async throws -> Components.Schemas.PaymentsSalesReport {
        try await patio.call { try await patio.api.getPaymentsAnalytics().ok.body.json }
    }
}
