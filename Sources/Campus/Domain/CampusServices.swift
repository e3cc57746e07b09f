import Foundation
import NIOCore
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform
import SAESConnector

/// Every campus service, wired once from the module environment.
struct CampusServices: Sendable {
    let database: PatioDatabase
    let clock: PatioClock
    let secrets: ServerSecrets
    let publicURL: String?
    let record: RecordService
    let students: StudentService
    let groups: GroupService
    let enrolments: EnrolmentService
    let csv: CampusCSV
    let grades: GradeService
    let kardex: KardexService
    /// News, announcements, scholarships and the academic calendar.
    let content: ContentService
    let reader: RecordReader
    let saesLinks: SAESLinkService
    let saesSync: SAESSyncService
    let saesAvailability: SAESAvailabilityService
    let saesRecord: SAESRecordReader

    static let defaultSAESTimeout = 20

    /// `PATIO_CAMPUS_SAES_TIMEOUT`: the seconds one request to SAES may take (1–120, 20 when unset); any other
    /// value is an error naming the setting.
    static func saesTimeout(_ settings: ModuleSettings) throws -> Int {
        try settings.integer(module: "campus", "SAES_TIMEOUT", in: 1...120, default: defaultSAESTimeout)
    }

    /// `connector` nil builds one on `client` from the settings: `PATIO_CAMPUS_SAES_TIMEOUT`, the seconds one
    /// request to SAES may take (1–120; 20 when unset or not such a number).
    init(environment: ModuleEnvironment, connector: SAESConnector? = nil, client: SAESHTTPClient = .shared) {
        database = environment.database
        clock = environment.clock
        secrets = environment.secrets
        publicURL = environment.publicURL
        let identity = environment.identity
        record = RecordService(database: database, clock: clock)
        students = StudentService(
            database: database, accounts: identity.accounts, directory: identity.directory, blobs: BlobStore(database: database), clock: clock)
        groups = GroupService(database: database, accounts: identity.accounts, directory: identity.directory)
        enrolments = EnrolmentService(database: database, clock: clock)
        csv = CampusCSV(database: database, groups: groups, clock: clock)
        grades = GradeService(database: database, directory: identity.directory, clock: clock, notifications: environment.notifications)
        kardex = KardexService(database: database, clock: clock)
        content = ContentService(database: database, clock: clock, notifications: environment.notifications)
        reader = RecordReader(database: database, directory: identity.directory, record: record)
        let vault = SAESVault(secrets: secrets)
        let portals = SAESPortals(template: environment.settings.value(module: "campus", "SAES_PORTAL"))
        // Start-up refuses an invalid value (CampusModule.validate); services built without that check use the default.
        let timeout = (try? Self.saesTimeout(environment.settings)) ?? Self.defaultSAESTimeout
        let connector =
            connector ?? SAESConnector(http: SAESHTTP(client: client, timeout: .seconds(Int64(timeout)), plainHTTPPortals: portals.plainHTTPOrigins))
        // One throttle for every way Patio reaches SAES, so a student's syncs, CAPTCHAs and searches count together.
        let throttle = SAESThrottle(clock: clock)
        saesLinks = SAESLinkService(database: database, clock: clock, vault: vault, connector: connector, portals: portals, throttle: throttle)
        let sessions = SAESSessions(database: database, clock: clock, vault: vault, portals: portals)
        saesSync = SAESSyncService(
            database: database, clock: clock, vault: vault, sessions: sessions, connector: connector, throttle: throttle,
            notifications: environment.notifications)
        saesAvailability = SAESAvailabilityService(sessions: sessions, connector: connector, throttle: throttle)
        saesRecord = SAESRecordReader(database: database, portals: portals)
    }
}
