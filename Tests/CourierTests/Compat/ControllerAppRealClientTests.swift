import Foundation
import HummingbirdTesting
import PatioCore
import PatioPlatform
import PatioServerTestSupport
import Testing
@testable import Courier

/// The Controller APPs that exist, as they really call Patio (`PATIO_COMPAT=controller-app`, base URL
/// changed, nothing else): each request below is the exact bytes one of them sends over HTTP/1.1 — its own
/// headers, in its HTTP library's order, and nothing added — written to a socket of a running Patio.
///
/// Three SwiftUI apps (one on the SQLite C API, one on GRDB, one on SwiftData; URLSession adds `Accept`,
/// `Accept-Language`, `Accept-Encoding`, `User-Agent` and `Connection`) and one Kotlin app (Retrofit on
/// OkHttp, which adds `Connection`, `Accept-Encoding` and `User-Agent`). None sends the login's `TokenJWT`
/// back: after signing in, the schema call carries `Usuario: <usuario>`, `usuario: <usuario>` or nothing,
/// and the localities call nothing.
// One live Patio per behaviour, its apps in turn: live servers are heavier than router tests.
@Suite("Controller APP: the four real apps' own requests, byte for byte", .serialized)
struct ControllerAppRealClientTests {
    /// How each app asks for the schema after signing in as `ana`.
    enum App: String, CaseIterable, CustomTestStringConvertible {
        case sqliteSwiftUI, grdbSwiftUI, swiftDataSwiftUI, kotlin

        var testDescription: String {
            switch self {
            case .sqliteSwiftUI: "the SwiftUI app on the SQLite C API (Usuario: ana)"
            case .grdbSwiftUI: "the SwiftUI app on GRDB (usuario: ana)"
            case .swiftDataSwiftUI: "the SwiftUI app on SwiftData (no header)"
            case .kotlin: "the Kotlin app on Retrofit and OkHttp (no header)"
            }
        }

        /// The request on the wire: URLSession writes `Host`, then the app's headers, then its own; OkHttp
        /// writes the app's headers, then the ones it adds.
        func get(_ path: String, appHeaders: String = "", port: Int) -> String {
            let host = "Host: 127.0.0.1:\(port)\r\n"
            let head = "GET \(path) HTTP/1.1\r\n"
            switch self {
            case .kotlin:
                return head + appHeaders + host + "Connection: Keep-Alive\r\nAccept-Encoding: gzip\r\nUser-Agent: okhttp/4.12.0\r\n\r\n"
            case .sqliteSwiftUI, .grdbSwiftUI, .swiftDataSwiftUI:
                return head + host + appHeaders + "Accept: */*\r\nAccept-Language: es-419,es;q=0.9\r\nConnection: keep-alive\r\n"
                    + "Accept-Encoding: gzip, deflate\r\nUser-Agent: ControllerApp/1 CFNetwork/1496.0.7 Darwin/23.5.0\r\n\r\n"
            }
        }

        /// The app's own headers on the schema call.
        var schemaHeaders: String {
            switch self {
            case .sqliteSwiftUI: "Usuario: ana\r\n"
            case .grdbSwiftUI: "usuario: ana\r\n"
            case .swiftDataSwiftUI, .kotlin: ""
            }
        }
    }

    @Test("the schema call as each app sends it — no token — answers the three tables' definitions")
    func schemaWithoutToken() async throws {
        try await Self.live { world, port in
            for app in App.allCases {
                let answer = try await RawHTTPExchange.send(
                    app.get(ControllerAppRoutes.schemaPath, appHeaders: app.schemaHeaders, port: port), port: port)
                #expect(answer.status == 200, "\(app): \(answer.text)")
                let tables = try JSONDecoder().decode([AppTable].self, from: answer.body)
                #expect(Set(tables.map(\.NombreTabla)) == ["courier_localities", "courier_pickups", "courier_photos"], "\(app)")
                #expect(tables.allSatisfy { $0.QueryCreacion.hasPrefix("CREATE TABLE") && $0.Error == nil }, "\(app)")
            }
        }
    }

    @Test("the localities call as each app sends it — no header of its own at all — answers the pickup network")
    func localitiesWithoutAnyHeader() async throws {
        let bogotaRecord = try #require(try LocalityCSV.parse(CourierDemo.networkCSV()).get().first { $0.id == "11001000" })
        try await Self.live { world, port in
            for app in App.allCases {
                let answer = try await RawHTTPExchange.send(app.get(ControllerAppRoutes.localitiesPath, port: port), port: port)
                #expect(answer.status == 200, "\(app): \(answer.text)")
                #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true)
                let localities = try JSONDecoder().decode([AppLocality].self, from: answer.body)
                let bogota = try #require(localities.first { $0.IdLocalidad == "11001000" })
                #expect(bogota.AbreviacionCiudad == "BOG" && bogota.NombreCompleto == bogotaRecord.fullName, "\(app)")
            }
        }
    }

    @Test(
        """
        with the contract on, the demo publishes the original's 100: Swift's Int(...) and Kotlin's toInt() read it, and compare it with their \
        own 100
        """,
    )
    func versionReadsAsAWholeNumber() async throws {
        try await Self.live { world, port in
            // The platform's demo publishes 1.2.0 for every app; Courier's demo, with the contract on, replaces it.
            _ = try await world.patio.components.apps.update(CourierServices.appSlug, .init(latestVersion: "1.2.0"))
            try await #require(world.patio.components.started["courier"]).seedDemo()
            for app in App.allCases {
                let answer = try await RawHTTPExchange.send(app.get(ControllerAppRoutes.versionPath, port: port), port: port)
                #expect(answer.status == 200, "\(app): \(answer.text)")
                let text = try JSONDecoder().decode(String.self, from: answer.body)
                // Int(...) in the Swift apps; Kotlin's String.toInt() is a 32-bit parse that throws on anything else.
                let read = app == .kotlin ? Int32(text).map(Int.init) : Int(text)
                #expect(read == 100, "\(app)")
            }

            // An administrator's whole version is kept by a later demo seed.
            _ = try await world.patio.components.apps.update(CourierServices.appSlug, .init(latestVersion: "101.0.0"))
            try await #require(world.patio.components.started["courier"]).seedDemo()
            let kept = try await RawHTTPExchange.send(App.kotlin.get(ControllerAppRoutes.versionPath, port: port), port: port)
            #expect(kept.text == #""101""#)
        }
    }

    @Test("a version the apps cannot read is refused, never sent: 1.2.0 answers 500 app_version_not_whole naming the fix, not \"1.2\"")
    func unreadableVersionIsRefused() async throws {
        try await Self.live { world, port in
            for version in ["1.2.0", "2.5.1", "100.0.1"] {
                _ = try await world.patio.components.apps.update(CourierServices.appSlug, .init(latestVersion: version))
                let answer = try await RawHTTPExchange.send(App.kotlin.get(ControllerAppRoutes.versionPath, port: port), port: port)
                #expect(answer.status == 500, "\(version): \(answer.text)")
                #expect(answer.headers["content-type"] == "application/problem+json")
                let problem = try JSONDecoder().decode(ProblemReply.self, from: answer.body)
                #expect(problem.code == "app_version_not_whole" && problem.detail.contains("100.0.0"), "\(problem.detail)")
            }
        }
    }

    @Test(
        """
        a token that is sent must be live: the apps' request with a revoked, made-up or non-bearer Authorization answers 401; a paused agent's \
        own token 403
        """
    )
    func sentTokenStillChecked() async throws {
        try await Self.live { world, port in
            let revoked = try await world.patio.login("ana@test.patio", client: world.client)
            #expect(try await world.client.api(.post, "/api/v1/auth/logout", token: revoked).status == .noContent)
            for authorization in ["Bearer \(revoked)", "Bearer not-a-token", world.ana.token, "Basic YW5hOng="] {
                for path in [ControllerAppRoutes.schemaPath, ControllerAppRoutes.localitiesPath] {
                    let answer = try await RawHTTPExchange.send(
                        App.sqliteSwiftUI.get(path, appHeaders: "Authorization: \(authorization)\r\n", port: port), port: port)
                    #expect(answer.status == 401, "\(authorization) on \(path)")
                    #expect(answer.headers["content-type"] == "application/problem+json")
                }
            }
            // A live token is fine; a paused agent's own token says why it is refused.
            let live = try await RawHTTPExchange.send(
                App.sqliteSwiftUI.get(ControllerAppRoutes.schemaPath, appHeaders: "Authorization: Bearer \(world.ana.token)\r\n", port: port),
                port: port)
            #expect(live.status == 200)
            #expect(try await world.client.api(.post, "/api/v1/courier/agents/\(world.beto.id)/deactivate", token: world.dispatch).status == .ok)
            let betoAgain = try await world.patio.login("beto@test.patio", client: world.client)
            let paused = try await RawHTTPExchange.send(
                App.sqliteSwiftUI.get(ControllerAppRoutes.localitiesPath, appHeaders: "Authorization: Bearer \(betoAgain)\r\n", port: port),
                port: port)
            #expect(paused.status == 403)
            #expect(try JSONDecoder().decode(ProblemReply.self, from: paused.body).code == "agent_inactive")
        }
    }

    @Test("what is personal stays behind the token: the apps' token-less requests get no pickup or photo rows")
    func personalDataStillNeedsTheToken() async throws {
        try await Self.live { world, port in
            try await world.pickup(for: world.ana)
            for path in ["/api/v1/sync/courier.pickups", "/api/v1/sync/courier.photos", "/api/v1/courier/pickups?day=\(world.today)"] {
                let answer = try await RawHTTPExchange.send(App.sqliteSwiftUI.get(path, appHeaders: "Usuario: ana\r\n", port: port), port: port)
                #expect(answer.status == 401, "\(path): \(answer.text)")
                #expect(!answer.text.contains("Ferretería"))
            }
        }
    }

    /// A Courier world with the contract on, served on a real port.
    static func live(_ body: @escaping @Sendable (CourierWorld, Int) async throws -> Void) async throws {
        try await TestPatio.with(
            modules: moduleUnderTest,
            configure: {
                $0.moduleSettings = ModuleSettings(environment: ["PATIO_COMPAT": "controller-app"])
                $0.port = 0
            }, testing: .live
        ) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            try await body(world, try #require(client.port))
        }
    }
}
