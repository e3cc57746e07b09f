import Foundation
import PatioCore
import PatioData
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
    let demoMode: Bool
    let publicURL: String?

    init(environment: ModuleEnvironment) {
        // Checked by `PaymentsModule.validate(settings:)` before anything is built.
        let settings = (try? PaymentsSettings.from(environment.settings)) ?? PaymentsSettings()
        database = environment.database
        ledger = Ledger(database: environment.database, clock: environment.clock)
        profiles = ProfileService(database: environment.database, accounts: environment.identity.accounts, ledger: ledger, clock: environment.clock)
        wallets = WalletService(database: environment.database, ledger: ledger, clock: environment.clock)
        rates = ExchangeRates(database: environment.database, clock: environment.clock)
        requests = PaymentRequestService(database: environment.database, ledger: ledger, rates: rates, profiles: profiles,
                                         clock: environment.clock, timeToLive: settings.requestTimeToLive, events: environment.events)
        analytics = SalesAnalytics(database: environment.database, clock: environment.clock)
        subscriptions = SubscriptionService(database: environment.database, ledger: ledger, rates: rates, clock: environment.clock, plans: settings.plans)
        directory = BusinessDirectory(database: environment.database)
        demoMode = environment.demoMode
        publicURL = environment.publicURL
    }
}
