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
struct TestPatio: Sendable {
    let components: PatioComponents
    let application: PatioApplication
    let routes: [RouteDescriptor]
    let clock: ManualClock
    let database: TestDatabase

    static let password = "correct-horse-battery"

    /// Builds Patio, runs `body` against its router, and always tears the database down.
    static func with(
        configure: (inout PatioConfiguration) -> Void = { _ in },
        modules: [any PatioModule] = availableModules,
        testing: TestingSetup = .router,
        _ body: @escaping @Sendable (TestPatio, any TestClientProtocol) async throws -> Void
    ) async throws {
        let database = try await TestDatabase.make()
        var configuration = PatioConfiguration()
        switch database.settings {
        case .sqlite(let path): configuration.dataDirectory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        case .postgres(let url): configuration.databaseURL = url
        }
        // Tests run jobs themselves, at the moment they choose, on the clock they control.
        configuration.runsPeriodicJobs = false
        configure(&configuration)
        let clock = ManualClock(Date())
        var logger = Logger(label: "patio-test")
        logger.logLevel = .warning
        let components = try await buildComponents(configuration, clock: clock.clock, hasher: .fastBcryptForTests, modules: modules, logger: logger)
        do {
            let (application, routes) = try buildApplication(components, logger: logger)
            let patio = TestPatio(components: components, application: application, routes: routes, clock: clock, database: database)
            try await application.test(testing) { client in try await body(patio, client) }
        } catch {
            await components.database.close()
            await database.drop()
            throw error
        }
        await components.database.close()
        await database.drop()
    }

    /// Creates an account directly through the service.
    @discardableResult
    func account(_ email: String, name: String = "Test Person", roles: [String] = [], password: String = TestPatio.password) async throws -> AccountView {
        try await components.identity.accounts.create(NewAccount(email: email, name: name, password: password, roles: roles))
    }

    /// Creates an account and signs it in through the API; returns its bearer token.
    func token(for email: String, roles: [String] = [], client: any TestClientProtocol) async throws -> String {
        try await account(email, roles: roles)
        return try await login(email, client: client)
    }

    func login(_ email: String, password: String = TestPatio.password, client: any TestClientProtocol) async throws -> String {
        let response = try await client.api(.post, "/api/v1/auth/login", body: ["email": email, "password": password])
        try #require(response.status == .ok, "login failed: \(String(buffer: response.body))")
        return try decode(LoginReply.self, response).token
    }
}

struct LoginReply: Decodable { var token: String; var expiresAt: String; var account: AccountReply }
struct AccountReply: Decodable, Equatable { var id: UUID; var email: String; var name: String; var locale: String; var isActive: Bool; var roles: [String] }
struct ProblemReply: Decodable { var type: String; var title: String; var status: Int; var detail: String; var code: String; var errors: [FieldError]? }
struct AccountPageReply: Decodable { var items: [AccountReply]; var nextCursor: String? }

func json(_ object: Any) -> ByteBuffer {
    ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
}

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    try JSONDecoder().decode(type, from: Data(buffer: response.body))
}

func problem(_ response: TestResponse) throws -> ProblemReply {
    #expect(response.headers[.contentType] == "application/problem+json")
    return try decode(ProblemReply.self, response)
}

extension TestClientProtocol {
    /// A JSON API call with an optional bearer token.
    func api(_ method: HTTPRequest.Method, _ path: String, token: String? = nil, body: Any? = nil, headers extra: HTTPFields = [:]) async throws -> TestResponse {
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
    static let fastBcryptForTests = PasswordHasher(
        hash: { password in Bcrypt.hash(password, cost: 4) },
        verify: { password, hash in Bcrypt.verify(password, hash: hash) }
    )
}
