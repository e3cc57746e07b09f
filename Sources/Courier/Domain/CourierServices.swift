import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// Every courier service, wired once from the module environment.
struct CourierServices: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let identity: IdentityServices
    let apps: ClientAppService
    let events: EventBus
    let agents: AgentService
    let localities: LocalityService
    let pickups: PickupService
    let photos: PhotoService

    init(environment: ModuleEnvironment) {
        database = environment.database
        clock = environment.clock
        identity = environment.identity
        apps = environment.apps
        events = environment.events
        agents = AgentService(
            database: environment.database, accounts: environment.identity.accounts, directory: environment.identity.directory,
            sessions: environment.identity.sessions, clock: environment.clock)
        localities = LocalityService(database: environment.database, clock: environment.clock)
        pickups = PickupService(
            database: environment.database, agents: agents, directory: environment.identity.directory, clock: environment.clock,
            events: environment.events, notifications: environment.notifications)
        photos = PhotoService(
            database: environment.database, agents: agents, blobs: BlobStore(database: environment.database), clock: environment.clock,
            events: environment.events)
    }

    /// The client-app registry's slug for the Controller APP.
    static let appSlug = "controller-app"
}
