import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdBcrypt
import HummingbirdTesting
import Logging
import NIOCore
import PatioCore
import PatioIdentity
import PatioPlatform
import PatioServer
import PatioTestSupport
import Testing

/// A complete Patio on a fresh database with a clock the test controls.
public struct TestPatio: Sendable {
    public let components: PatioComponents
    public let application: PatioApplication
    public let routes: [RouteDescriptor]
    public let clock: ManualClock
    public let database: TestDatabase

    public static let password = "correct-horse-battery"

    /// Builds Patio, runs `body` against its router, and always tears the database down.
    /// `modules` are the modules Patio is built with: a module's own test target passes that module alone,
    /// so a test that secretly needs another module fails there.
    public static func with(
        modules: [any PatioModule],
        configure: (inout PatioConfiguration) -> Void = { _ in },
        testing: TestingSetup = .router,
        _ body: @escaping @Sendable (TestPatio, any TestClientProtocol) async throws -> Void
    ) async throws {
        var configuration = PatioConfiguration()
        // Tests run jobs themselves, at the moment they choose, on the clock they control.
        configuration.runsPeriodicJobs = false
        // The whole suite runs at once on two cores: a test can sit unscheduled for over a minute between two
        // requests, and the default 60 s would close its connection under it. The timeout itself is tested on
        // the real executable (`StalledConnectionTests`).
        configuration.connectionReadTimeout = 3600
        configure(&configuration)
        let enabled = (try ModuleRegistry(available: modules, enabled: configuration.enabledModules)).modules
        let database = try await TestDatabase.make(migratedWith: IdentityMigrations.all + PlatformMigrations.all + enabled.flatMap(\.migrations))
        switch database.settings {
        case .sqlite(let path): configuration.dataDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        case .postgres(let url):
            configuration.databaseURL = url
            // Instances on PostgreSQL share no data folder: the sealing key comes from PATIO_SECRET_KEY.
            if configuration.secretKey == nil { configuration.secretKey = (0..<32).map { _ in UInt8.random(in: 0...255) } }
        }
        let clock = ManualClock(Date())
        var logger = Logger(label: "patio-test")
        logger.logLevel = .warning
        let components = try await buildComponents(configuration, clock: clock.clock, hasher: .fastBcryptForTests, modules: modules, logger: logger)
        do {
            let (application, routes) = try buildApplication(components, logger: logger)
            let patio = TestPatio(components: components, application: application, routes: routes, clock: clock, database: database)
            try await application.test(testing) { client in try await body(patio, client) }
        } catch {
            await components.close()
            await database.drop()
            throw error
        }
        await components.close()
        await database.drop()
    }

    /// Creates an account directly through the service.
    @discardableResult
    public func account(_ email: String, name: String = "Test Person", roles: [String] = [], password: String = TestPatio.password) async throws
        -> AccountView
    {
        try await components.identity.accounts.create(NewAccount(email: email, name: name, password: password, roles: roles))
    }

    /// Creates an account and signs it in through the API; returns its bearer token.
    public func token(for email: String, roles: [String] = [], client: any TestClientProtocol) async throws -> String {
        try await account(email, roles: roles)
        return try await login(email, client: client)
    }

    public func login(_ email: String, password: String = TestPatio.password, client: any TestClientProtocol) async throws -> String {
        let response = try await client.api(.post, "/api/v1/auth/login", body: ["email": email, "password": password])
        try #require(response.status == .ok, "login failed: \(String(buffer: response.body))")
        return try decode(LoginReply.self, response).token
    }
}

public struct LoginReply: Decodable, Sendable { public var token: String; public var expiresAt: String; public var account: AccountReply }
public struct AccountReply: Decodable, Equatable, Sendable {
    public var id: UUID; public var email: String; public var name: String; public var locale: String; public var isActive: Bool;
    public var roles: [String]
}
public struct ProblemReply: Decodable, Sendable {
    public var type: String; public var title: String; public var status: Int; public var detail: String; public var code: String;
    public var errors: [FieldError]?
}
public struct AccountPageReply: Decodable, Sendable { public var items: [AccountReply]; public var nextCursor: String? }

public func json(_ object: Any) -> ByteBuffer {
    ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
}

public func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(type, from: Data(buffer: response.body))
}

public func problem(_ response: TestResponse) throws -> ProblemReply {
    #expect(response.headers[.contentType] == "application/problem+json")
    return try decode(ProblemReply.self, response)
}

extension TestClientProtocol {
    /// A JSON API call with an optional bearer token.
    public func api(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, body: Any? = nil, headers extra: HTTPFields = [:])
        async throws -> TestResponse
    {
        var headers: HTTPFields = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil { headers[.contentType] = "application/json" }
        return try await execute(uri: path, method: method, headers: headers, body: body.map { json($0) })
    }
}

extension PasswordHasher {
    /// Real bcrypt, at cost 4 instead of 12. The suite creates and signs in hundreds of accounts in
    /// parallel, and in a debug build cost-12 hashing queued long enough to outlast HTTP timeouts. What
    /// Patio ships is checked on its own (PasswordHasherTests: cost 12) and by the CLI and browser suites,
    /// which run the real server.
    public static let fastBcryptForTests = PasswordHasher(
        hash: { password in Bcrypt.hash(password, cost: 4) },
        verify: { password, hash in Bcrypt.verify(password, hash: hash) }
    )
}

/// The JSON object of a response.
public func object(_ response: TestResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
}

extension TestClientProtocol {
    /// POSTs JSON, requires 201, and returns the created object.
    public func created(_ path: String, token: String, _ body: [String: Any]) async throws -> [String: Any] {
        let response = try await api(.post, path, token: token, body: body)
        try #require(response.status == .created, "POST \(path) answered \(response.status): \(String(buffer: response.body))")
        return try object(response)
    }

    /// GETs JSON with a token, requires 200, returns the object.
    public func fetch(_ path: String, token: String? = nil) async throws -> [String: Any] {
        let response = try await api(.get, path, token: token)
        try #require(response.status == .ok, "GET \(path) answered \(response.status): \(String(buffer: response.body))")
        return try object(response)
    }
}
