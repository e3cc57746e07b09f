import Foundation
import Hummingbird
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// Every payments service, wired once from the module environment.
struct PaymentsServices: Sendable {
    let database: PatioDatabase
    let ledger: Ledger
    let profiles: ProfileService
    let wallets: WalletService
    let rates: ExchangeRates
    let requests: PaymentRequestService
    let analytics: SalesAnalytics
    let subscriptions: SubscriptionService
    let directory: BusinessDirectory
    let throttle: PaymentsThrottle
    let demoMode: Bool
    let publicURL: String?
    /// How many proxies of our own stand before Patio (`PATIO_TRUST_PROXY`), for the client's address.
    let proxyHops: Int

    init(environment: ModuleEnvironment) {
        // Checked by `PaymentsModule.validate(settings:)` before anything is built.
        let settings = (try? PaymentsSettings.from(environment.settings)) ?? PaymentsSettings()
        database = environment.database
        ledger = Ledger(database: environment.database, clock: environment.clock)
        throttle = PaymentsThrottle(database: environment.database, clock: environment.clock)
        profiles = ProfileService(
            database: environment.database, accounts: environment.identity.accounts, ledger: ledger, clock: environment.clock,
            throttle: throttle, signupRule: PaymentsThrottle.signups(perIP: settings.signupsPerIP))
        wallets = WalletService(database: environment.database, ledger: ledger, clock: environment.clock)
        rates = ExchangeRates(database: environment.database, clock: environment.clock)
        requests = PaymentRequestService(
            database: environment.database, ledger: ledger, rates: rates, profiles: profiles,
            clock: environment.clock, timeToLive: settings.requestTimeToLive, events: environment.events, throttle: throttle,
            notifications: environment.notifications)
        analytics = SalesAnalytics(database: environment.database, clock: environment.clock)
        subscriptions = SubscriptionService(
            database: environment.database, ledger: ledger, rates: rates, clock: environment.clock, plans: settings.plans,
            notifications: environment.notifications)
        directory = BusinessDirectory(database: environment.database)
        demoMode = environment.demoMode
        publicURL = environment.publicURL
        proxyHops = environment.identity.settings.trustedProxyHops
    }

    /// The client's address for throttling, read as sign-in reads it.
    func clientAddress(_ request: Request, _ context: PatioRequestContext) -> String {
        ClientAddress.of(request, context: context, proxyHops: proxyHops)
    }
}
