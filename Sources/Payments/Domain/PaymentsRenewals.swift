import PatioPlatform

/// The subscription renewal run, for the periodic job and for tests that drive the clock.
public struct PaymentsRenewals: Sendable {
    private let subscriptions: SubscriptionService

    public init(environment: ModuleEnvironment) {
        subscriptions = PaymentsServices(environment: environment).subscriptions
    }

    /// Renews, ends or lapses every plan whose period has ended; returns how many were due.
    @discardableResult
    public func renewDue() async throws -> Int { try await subscriptions.renewDue() }
}
