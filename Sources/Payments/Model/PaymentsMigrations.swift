import FluentKit

/// The payments migrations, in the order they were introduced: the one place that decides their order.
/// Each lives beside the model of the table it creates.
enum PaymentsMigrations {
    static let all: [any Migration] = [CreateLedger(), CreateRates(), CreatePaymentRequests(), CreateSubscriptions(), CreateThrottleAndOpens()]
}
