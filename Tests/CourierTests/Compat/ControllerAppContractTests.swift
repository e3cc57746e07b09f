import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import PatioCore
import PatioData
import PatioPlatform
import SQLKit
import Testing
@testable import Courier

/// The original Controller APP against Patio with only its base URL changed (`PATIO_COMPAT=controller-app`,
/// `../shared/contracts/controller-app.md`). Requests are sent byte for byte as the apps send them; answers
/// are decoded as strictly as the apps' own models do (a plain `JSONDecoder`, non-optional strings where the
/// apps have them) and their key sets and JSON types are checked one by one.
@Suite("Controller APP: the original app's calls, opt-in with PATIO_COMPAT=controller-app")
struct ControllerAppContractTests {
    // MARK: The four calls, as the apps make them

    @Test("the version is a bare JSON string: the registry's latest version without its trailing zero parts")
    func version() async throws {
        try await Self.withCompat { world in
            let first = try await world.client.execute(uri: ControllerAppRoutes.versionPath, method: .get, headers: [.accept: "text/json"])
            #expect(first.status == .ok)
            #expect(first.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(String(buffer: first.body) == #""1""#)
            #expect(try JSONDecoder().decode(String.self, from: Data(buffer: first.body)) == "1")

            _ = try await world.patio.components.apps.update(CourierServices.appSlug, .init(latestVersion: "100.0.0"))
            let hundred = try await world.client.execute(uri: ControllerAppRoutes.versionPath, method: .get)
            #expect(String(buffer: hundred.body) == #""100""#)
        }
    }

    @Test(
        "a whole version is its major part, which reads back as the same version; any other is refused",
        arguments: [
            ("100.0.0", "100"), ("1.0.0", "1"), ("1", "1"), ("0.0.0", "0"), ("3.0.0.0", "3"), ("999999999", "999999999"),
            ("2.5.0", nil), ("2.5.1", nil), ("1.0.2", nil), ("0.0.0.1", nil),
        ])
    func versionMapping(semantic: String, wire: String?) throws {
        let version = try #require(AppVersion(semantic))
        if let wire {
            #expect(try ControllerAppVersion.wire(version) == wire)
            #expect(AppVersion(try ControllerAppVersion.wire(version)) == version)
        } else {
            let error = #expect(throws: AppError.self) { try ControllerAppVersion.wire(version) }
            #expect(error?.code == "app_version_not_whole")
        }
    }

    @Test("Android's login — seven headers, base64 ending in the escape \\n — answers the fifteen keys with a working token")
    func androidLogin() async throws {
        try await Self.withCompat { world in
            let response = try await world.appLogin(body: Self.androidBody(usuario: "ana", password: TestPatio.password))
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)

            let identity = try JSONDecoder().decode(AppIdentity.self, from: Data(buffer: response.body))
            #expect(identity.Usuario == "ana" && identity.Identificacion == "1010101010" && identity.Nombre == "Ana")
            #expect(identity.Apellido1 == "Pérez" && identity.Apellido2 == "Gómez" && identity.Cargo == "Mensajero")
            #expect(identity.MensajeResultado == 0)
            #expect(identity.IdLocalidad == "11001000" && identity.NombreLocalidad == "Bogotá D.C.")
            #expect(identity.NomRol == "Mensajero" && identity.IdRol == "courier.agent")
            #expect(identity.Aplicaciones == nil && identity.Ubicaciones == nil && identity.ModulosApp == nil)
            // The apps that model the three lists as nested objects decode the same answer.
            let nested = try JSONDecoder().decode(AppIdentityWithModules.self, from: Data(buffer: response.body))
            #expect(nested.Aplicaciones == nil && nested.ModulosApp == nil && nested.TokenJWT == identity.TokenJWT)

            try Self.expectShape(
                try Self.object(response),
                [
                    "Usuario": .string, "Identificacion": .string, "Nombre": .string, "Apellido1": .string, "Apellido2": .string,
                    "Cargo": .string, "Aplicaciones": .null, "Ubicaciones": .null, "MensajeResultado": .integer, "IdLocalidad": .string,
                    "NombreLocalidad": .string, "NomRol": .string, "IdRol": .string, "TokenJWT": .string, "ModulosApp": .null,
                ])

            // TokenJWT is a Patio session token: /api/v1 takes it as a bearer token too.
            let me = try await world.client.fetch("/api/v1/courier/me", token: identity.TokenJWT)
            #expect(me["usuario"] as? String == "ana")
        }
    }

    @Test("iOS's login — base64 without a newline — and a body with a real escaped CRLF both sign in")
    func iosLogin() async throws {
        try await Self.withCompat { world in
            let plain = try await world.appLogin(body: Self.body(usuario: Self.base64("ana"), password: Self.base64(TestPatio.password)))
            #expect(plain.status == .ok, "\(String(buffer: plain.body))")
            #expect(try JSONDecoder().decode(AppIdentity.self, from: Data(buffer: plain.body)).Usuario == "ana")
            // The usuario is matched ignoring case and surrounding blanks, as agents type it.
            let crlf = try await world.appLogin(
                headers: Self.appHeaders(usuario: "ANA"),
                body: Self.body(usuario: Self.base64(" Ana ") + "\\r\\n", password: Self.base64(TestPatio.password) + "\\r\\n"))
            #expect(crlf.status == .ok, "\(String(buffer: crlf.body))")
        }
    }

    @Test("the schema lists this agent's tables; each statement creates its table in a real SQLite database; MetodoApp pulls its rows")
    func schema() async throws {
        try await Self.withCompat { world in
            let token = try await world.appToken()
            let response = try await world.client.execute(
                uri: ControllerAppRoutes.schemaPath, method: .get,
                headers: [.authorization: "Bearer \(token)", .accept: "text/json"])
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let tables = try JSONDecoder().decode([AppTable].self, from: Data(buffer: response.body))
            #expect(
                Set(["courier_localities", "courier_pickups", "courier_photos"]).isSubset(of: Set(tables.map(\.NombreTabla))),
                "tables: \(tables.map(\.NombreTabla))")
            for entry in try Self.array(response) {
                try Self.expectShape(
                    entry,
                    [
                        "NombreTabla": .string, "Pk": .string, "QueryCreacion": .string, "BatchSize": .integer, "Filtro": .string,
                        "Error": .null, "NumeroCampos": .integer, "MetodoApp": .string, "FechaActualizacionSincro": .string,
                    ])
            }

            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("controller-app-device-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            try await PatioDatabase.open(
                .sqlite(path: folder.appendingPathComponent("device.sqlite").path), logger: Logger(label: "device"), readerConnections: 1
            ).closing { device in
                let sql = try device.maintenance as! any SQLDatabase
                for table in tables {
                    #expect(!table.QueryCreacion.uppercased().contains("IF NOT EXISTS"))
                    try await sql.raw(SQLQueryString(table.QueryCreacion)).run()
                    let columns = try await sql.raw(SQLQueryString("PRAGMA table_info(\(unsafeRaw: table.NombreTabla))")).all()
                    #expect(columns.count == table.NumeroCampos, "\(table.NombreTabla)")
                    let keyed = try columns.filter { try $0.decode(column: "pk", as: Int.self) > 0 }
                        .sorted { try $0.decode(column: "pk", as: Int.self) < $1.decode(column: "pk", as: Int.self) }
                        .map { try $0.decode(column: "name", as: String.self) }
                    #expect(keyed.joined(separator: ",") == table.Pk, "\(table.NombreTabla)")
                    #expect(table.BatchSize > 0)
                }
            }

            for table in tables {
                #expect(table.MetodoApp?.hasPrefix("/api/v1/sync/") == true)
                let pulled = try await world.client.api(.get, try #require(table.MetodoApp), token: token)
                #expect(pulled.status == .ok, "\(table.NombreTabla): \(String(buffer: pulled.body))")
                // yyyy-MM-ddTHH:mm:ss, which LocalDateTime.parse and .NET read.
                #expect(
                    table.FechaActualizacionSincro.wholeMatch(of: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/) != nil, "\(table.FechaActualizacionSincro)")
            }
        }
    }

    @Test("the schema time is written as the original .NET server wrote dates: yyyy-MM-ddTHH:mm:ss in Bogotá")
    func schemaTimeFormat() {
        // 2026-11-23 19:04:05.678 UTC is 14:04:05 in Bogotá (UTC-5 all year); 05:00 UTC is midnight there.
        #expect(ControllerAppSchema.syncTime(Date(timeIntervalSince1970: 1_795_460_645.678)) == "2026-11-23T14:04:05")
        #expect(ControllerAppSchema.syncTime(Date(timeIntervalSince1970: 1_795_410_000)) == "2026-11-23T00:00:00")
        #expect(ControllerAppSchema.syncTime(Date(timeIntervalSince1970: 1_795_409_999)) == "2026-11-22T23:59:59")
    }

    @Test("localities: the active ones that take pickups, each with exactly the 29 keys in their JSON types")
    func localities() async throws {
        try await Self.withCompat { world in
            let token = try await world.appToken()
            let response = try await world.client.execute(
                uri: ControllerAppRoutes.localitiesPath, method: .get,
                headers: [.authorization: "Bearer \(token)", .accept: "text/json"])
            #expect(response.status == .ok, "\(String(buffer: response.body))")
            let strict = try JSONDecoder().decode([AppLocality].self, from: Data(buffer: response.body))
            let lenient = try JSONDecoder().decode([AppLocalityOptional].self, from: Data(buffer: response.body))
            #expect(strict.count == lenient.count)

            let network = try LocalityCSV.parse(CourierDemo.networkCSV()).get()
            let expected = network.filter { $0.pickupAllowed && $0.status == 1 }
            #expect(!expected.isEmpty && expected.count < network.count, "the demo network has localities without pickup")
            #expect(Set(strict.map(\.IdLocalidad)) == Set(expected.map(\.id)))
            let bogota = try #require(strict.first { $0.IdLocalidad == "11001000" })
            let record = try #require(network.first { $0.id == "11001000" })
            #expect(bogota.AbreviacionCiudad == "BOG" && bogota.NombreCompleto == record.fullName && bogota.Nombre == "Bogotá D.C.")
            #expect(bogota.IdCentroServicio == record.serviceCentreId && bogota.ValorRecogida == record.pickupPrice)
            #expect(bogota.HoraMinRecogida == record.pickupHourMin && bogota.HoraMaxRecogida == record.pickupHourMax)
            #expect(
                bogota.PermiteRecogida && bogota.EstadoRegistro == 1 && bogota.CodigoPostal == record.postalCode
                    && bogota.Indicativo == record.diallingCode)

            for locality in try Self.array(response) {
                try Self.expectShape(
                    locality,
                    [
                        "IdLocalidad": .string, "IdTipoLocalidad": .string, "IdAncestroPGrado": .string, "NombreAncestroPGrado": .string,
                        "IdAncestroSGrado": .string, "NombreAncestroSGrado": .string, "IdAncestroTGrado": .string, "NombreAncestroTGrado": .string,
                        "Nombre": .string, "NombreCorto": .string, "NombreCompleto": .string, "AbreviacionCiudad": .string,
                        "NombreTipoLocalidad": .string, "AsignadoEnZona": .bool, "AsignadoEnZonaOrig": .bool, "DispoLocalidad": .bool,
                        "NombreZona": .string, "CodigoPostal": .string, "Indicativo": .string, "IdCentroServicio": .integer,
                        "EstadoRegistro": .integer, "TiposLocalidades": .null, "PermiteRecogida": .bool, "HoraMinRecogida": .integer,
                        "HoraMaxRecogida": .integer, "SeGeorreferencia": .bool, "ValorRecogida": .integer, "PermitePreEnviosPunto": .bool,
                        "EtiquetaEntrega": .bool,
                    ])
            }
        }
    }

    // MARK: Refusals: never a 200 with data

    @Test("a wrong password, an unknown usuario and headers naming someone else all answer the same 401")
    func wrongCredentials() async throws {
        try await Self.withCompat { world in
            let wrong = try await world.appLogin(body: Self.androidBody(usuario: "ana", password: "not-the-password"))
            let unknown = try await world.appLogin(
                headers: Self.appHeaders(usuario: "nadie"), body: Self.androidBody(usuario: "nadie", password: TestPatio.password))
            let otherUsuario = try await world.appLogin(
                headers: Self.appHeaders(usuario: "beto"), body: Self.androidBody(usuario: "ana", password: TestPatio.password))
            let otherId = try await world.appLogin(
                headers: Self.appHeaders(identificacion: "2020202020"), body: Self.androidBody(usuario: "ana", password: TestPatio.password))
            var details: Set<String> = []
            for response in [wrong, unknown, otherUsuario, otherId] {
                #expect(response.status == .unauthorized)
                let problem = try problem(response)
                #expect(problem.code == "invalid_credentials")
                details.insert(problem.detail)
                #expect(!String(buffer: response.body).contains("TokenJWT"))
            }
            #expect(details.count == 1, "one answer for every wrong case: nothing tells a usuario that exists from one that does not")
        }
    }

    @Test("a paused agent gets 403 and no session with the right password, the usual 401 with a wrong one")
    func pausedAgent() async throws {
        try await Self.withCompat { world in
            let token = try await world.appToken()
            let paused = try await world.client.api(.post, "/api/v1/courier/agents/\(world.ana.id)/deactivate", token: world.dispatch)
            #expect(paused.status == .ok)
            let right = try await world.appLogin(body: Self.androidBody(usuario: "ana", password: TestPatio.password))
            #expect(try right.status == .forbidden && problem(right).code == "agent_inactive")
            let wrong = try await world.appLogin(body: Self.androidBody(usuario: "ana", password: "not-the-password"))
            #expect(wrong.status == .unauthorized)
            // The pause ended the app's session; a token from Patio's own sign-in is refused on the contract too.
            let again = try await world.patio.login("ana@test.patio", client: world.client)
            for path in [ControllerAppRoutes.schemaPath, ControllerAppRoutes.localitiesPath] {
                #expect(try await world.client.api(.get, path, token: token).status == .unauthorized)
                let refused = try await world.client.api(.get, path, token: again)
                #expect(try refused.status == .forbidden && problem(refused).code == "agent_inactive")
            }
        }
    }

    @Test("repeated wrong passwords are throttled like any sign-in: 429 with Retry-After")
    func throttled() async throws {
        try await Self.withCompat { world in
            var last: TestResponse?
            for _ in 0..<6 {
                last = try await world.appLogin(body: Self.androidBody(usuario: "ana", password: "not-the-password"))
                if last?.status == .tooManyRequests { break }
            }
            let refused = try #require(last)
            #expect(refused.status == .tooManyRequests)
            #expect(Int(refused.headers[HTTPField.Name("Retry-After")!] ?? "") ?? 0 > 0)
            #expect(refused.headers[.contentType] == "application/problem+json")
            // Unknown usuarios are counted too.
            var unknown: TestResponse?
            for _ in 0..<6 {
                unknown = try await world.appLogin(
                    headers: Self.appHeaders(usuario: "nadie"), body: Self.androidBody(usuario: "nadie", password: "x"))
                if unknown?.status == .tooManyRequests { break }
            }
            #expect(unknown?.status == .tooManyRequests)
        }
    }

    @Test("a login without the app's headers, with a body that is not the app's, or with bad base64 answers 400")
    func malformedLogin() async throws {
        try await Self.withCompat { world in
            let good = Self.androidBody(usuario: "ana", password: TestPatio.password)
            for name in ControllerAppLogin.requiredHeaders {
                var headers = Self.appHeaders()
                headers[HTTPField.Name(name)!] = nil
                let response = try await world.appLogin(headers: headers, body: good)
                #expect(response.status == .badRequest, "without \(name)")
                #expect(try problem(response).errors?.map(\.field) == [name])
            }
            let bodies = [
                "", "not json", "[]", #"{"Usuario":"YW5h"}"#, #"{"Usuario":1,"Password":"eA=="}"#,
                #"{"Usuario":"YW5h","Password":"no base64!"}"#, #"{"Usuario":"YW5h","Password":"/w=="}"#, #"{"Usuario":"","Password":"eA=="}"#,
                #"{"Usuario":"YW5h","usuario":"YW5h","Password":"eA=="}"#,
            ]
            for body in bodies {
                let response = try await world.appLogin(body: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.headers[.contentType] == "application/problem+json", "\(body)")
            }
        }
    }

    @Test("the later calls serve reference data without the TokenJWT; a token that is sent must be live, whoever's it is")
    func laterCallsCheckASentToken() async throws {
        try await Self.withCompat { world in
            let token = try await world.appToken()
            let refused: [HTTPFields] = [
                [.authorization: "Bearer not-a-token"],
                [.authorization: token],
                [.authorization: "Bearer \(world.ana.token)x"],
                [.authorization: ""],
            ]
            for path in [ControllerAppRoutes.schemaPath, ControllerAppRoutes.localitiesPath] {
                for headers in refused {
                    let response = try await world.client.execute(uri: path, method: .get, headers: headers)
                    #expect(response.status == .unauthorized, "\(path) with \(headers)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                }
                // The headers the apps send instead of a token prove nothing and are not needed.
                for headers in [[:], [HTTPField.Name("Usuario")!: "Controller"], Self.appHeaders(usuario: "nadie")] as [HTTPFields] {
                    #expect(try await world.client.execute(uri: path, method: .get, headers: headers).status == .ok, "\(path) with \(headers)")
                }
                var withUsuario = Self.appHeaders(usuario: "Controller")
                withUsuario[.authorization] = "Bearer \(token)"
                #expect(try await world.client.execute(uri: path, method: .get, headers: withUsuario).status == .ok)
                // Dispatch's live token reads the same reference data.
                #expect(try await world.client.api(.get, path, token: world.dispatch).status == .ok)
            }
            // Signed out: the token is revoked everywhere, and sending it is refused rather than ignored.
            #expect(try await world.client.api(.post, "/api/v1/auth/logout", token: token).status == .noContent)
            #expect(try await world.client.api(.get, ControllerAppRoutes.localitiesPath, token: token).status == .unauthorized)
            // What is personal still needs it.
            #expect(
                try await world.client.execute(uri: "/api/v1/sync/courier.pickups", method: .get, headers: Self.appHeaders()).status == .unauthorized)
        }
    }

    // MARK: Opt-in

    @Test("without PATIO_COMPAT the original paths answer 404, like any unknown path")
    func offByDefault() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let world = try await CourierWorld.make(patio, client)
            #expect(!patio.routes.contains { $0.path.hasPrefix("/apicontrollerpruebas/") || $0.path.hasPrefix("/FtEntregaElectronica/") })
            for path in [ControllerAppRoutes.versionPath, ControllerAppRoutes.schemaPath, ControllerAppRoutes.localitiesPath] {
                #expect(try await client.api(.get, path, token: world.ana.token).status == .notFound)
            }
            #expect(try await world.appLogin(body: Self.androidBody(usuario: "ana", password: TestPatio.password)).status == .notFound)
        }
    }

    @Test("PATIO_COMPAT takes a comma-separated list of known contracts; a name no enabled module serves stops start-up naming it")
    func setting() throws {
        func settings(_ value: String) -> ModuleSettings { ModuleSettings(environment: ["PATIO_COMPAT": value]) }
        #expect(settings(" Controller-App , ").compatContracts == ["controller-app"])
        #expect(ModuleSettings(environment: [:]).compatContracts.isEmpty)
        #expect(ControllerAppRoutes.isEnabled(settings("controller-app")))
        #expect(!ControllerAppRoutes.isEnabled(settings("")))
        let courier = try ModuleRegistry(available: [CourierModule()], enabled: nil)
        #expect(throws: Never.self) { try courier.checkCompat(settings("controller-app")) }
        let error = #expect(throws: SettingError.self) { try courier.checkCompat(settings("controller-app,classic-app")) }
        let message = error?.description ?? ""
        #expect(message.contains("PATIO_COMPAT") && message.contains("classic-app") && message.contains("controller-app"), "\(message)")
        // Without Courier, nothing serves the Controller APP's contract.
        let none = try ModuleRegistry(available: [CourierModule()], enabled: [])
        #expect(throws: SettingError.self) { try none.checkCompat(settings("controller-app")) }
        #expect(courier.requestPath.isAPI(ControllerAppRoutes.loginPath) && !none.requestPath.isAPI(ControllerAppRoutes.loginPath))
    }

    @Test("base64 as the apps write it: with Android's line breaks and final newline, escaped once or twice, without padding")
    func base64() {
        let long = String(repeating: "contraseña-larga-", count: 4)
        let android = Data(long.utf8).base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]) + "\n"
        #expect(android.contains("\n"))
        #expect(ControllerAppBase64.decode(android) == long)
        #expect(ControllerAppBase64.decode("cGFtLm1lcmVkeTIx\n") == "pam.meredy21")
        #expect(ControllerAppBase64.decode(#"cGFtLm1lcmVkeTIx\n"#) == "pam.meredy21")
        #expect(ControllerAppBase64.decode("SW50ZXIyMDIx") == "Inter2021")
        #expect(ControllerAppBase64.decode("YW5h") == "ana" && ControllerAppBase64.decode("YW5") == "an" && ControllerAppBase64.decode("YQ") == "a")
        for bad in ["YW5h!", "Y", "/w==", "YW5h\\t", "=YW5"] { #expect(ControllerAppBase64.decode(bad) == nil, "\(bad)") }
    }
}

// MARK: - What the apps send

extension ControllerAppContractTests {
    /// A Courier world served with the contract switched on.
    static func withCompat(_ body: @escaping @Sendable (CourierWorld) async throws -> Void) async throws {
        try await TestPatio.with(
            modules: moduleUnderTest, configure: { $0.moduleSettings = ModuleSettings(environment: ["PATIO_COMPAT": "controller-app"]) }
        ) { patio, client in
            try await body(try await CourierWorld.make(patio, client))
        }
    }

    /// The login headers exactly as the apps send them (for Ana).
    static func appHeaders(usuario: String = "ana", identificacion: String = "1010101010") -> HTTPFields {
        var headers = HTTPFields()
        headers[HTTPField.Name("Usuario")!] = usuario
        headers[HTTPField.Name("Identificacion")!] = identificacion
        headers[.accept] = "text/json"
        headers[HTTPField.Name("IdUsuario")!] = usuario
        headers[HTTPField.Name("IdCentroServicio")!] = "1295"
        headers[HTTPField.Name("NombreCentroServicio")!] = "PTO/BOGOTA/CUND/COL/OF PRINCIPAL - CRA 30 # 7-45"
        headers[HTTPField.Name("IdAplicativoOrigen")!] = "9"
        headers[.contentType] = "application/json"
        return headers
    }

    static func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }

    /// The body as Gson writes it; `usuario` and `password` are put in as given (already encoded).
    static func body(usuario: String, password: String) -> String {
        #"{"Mac":"","NomAplicacion":"Controller APP","Password":"\#(password)","Path":"","Usuario":"\#(usuario)"}"#
    }

    /// Android's body: `Base64.DEFAULT` ends with a newline, written in the JSON string as the two characters `\n`.
    static func androidBody(usuario: String, password: String) -> String {
        body(usuario: base64(usuario) + #"\n"#, password: base64(password) + #"\n"#)
    }

    enum Kind { case string, integer, bool, null }

    /// Exactly these keys, each of this JSON type.
    static func expectShape(_ object: [String: JSONValue], _ shape: [String: Kind], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(
            Set(object.keys) == Set(shape.keys),
            "keys: extra \(Set(object.keys).subtracting(shape.keys).sorted()), missing \(Set(shape.keys).subtracting(object.keys).sorted())",
            sourceLocation: sourceLocation)
        for (key, kind) in shape {
            let fits: Bool =
                switch (kind, object[key]) {
                case (.string, .string?), (.bool, .bool?), (.null, .null?): true
                case (.integer, .number(let value)?): value.rounded() == value
                default: false
                }
            #expect(fits, "\(key) should be \(kind), is \(String(describing: object[key]))", sourceLocation: sourceLocation)
        }
    }

    static func object(_ response: TestResponse) throws -> [String: JSONValue] {
        try JSONDecoder().decode([String: JSONValue].self, from: Data(buffer: response.body))
    }

    static func array(_ response: TestResponse) throws -> [[String: JSONValue]] {
        try JSONDecoder().decode([[String: JSONValue]].self, from: Data(buffer: response.body))
    }
}

extension CourierWorld {
    /// POSTs the login as the app does: its headers and the body's exact bytes.
    func appLogin(headers: HTTPFields = ControllerAppContractTests.appHeaders(), body: String) async throws -> TestResponse {
        try await client.execute(uri: ControllerAppRoutes.loginPath, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// Ana's TokenJWT from the app's login.
    func appToken() async throws -> String {
        let response = try await appLogin(body: ControllerAppContractTests.androidBody(usuario: "ana", password: TestPatio.password))
        try #require(response.status == .ok, "login answered \(response.status): \(String(buffer: response.body))")
        return try JSONDecoder().decode(AppIdentity.self, from: Data(buffer: response.body)).TokenJWT
    }
}

// MARK: - The apps' models

/// The login answer as the strictest apps model it: non-optional strings, the three lists as strings.
struct AppIdentity: Decodable {
    let Usuario: String
    let Identificacion: String
    let Nombre: String
    let Apellido1: String
    let Apellido2: String
    let Cargo: String
    let Aplicaciones: String?
    let Ubicaciones: String?
    let MensajeResultado: Int
    let IdLocalidad: String
    let NombreLocalidad: String
    let NomRol: String
    let IdRol: String
    let TokenJWT: String
    let ModulosApp: String?
}

/// The apps that model the lists as nested objects.
struct AppIdentityWithModules: Decodable {
    struct Module: Decodable { let IdModulo: Int; let Nombre: String }
    let Usuario: String
    let Identificacion: String
    let Nombre: String
    let Aplicaciones: [Module]?
    let Ubicaciones: [Module]?
    let MensajeResultado: Int
    let TokenJWT: String
    let ModulosApp: [Module]?
}

struct AppTable: Decodable {
    let NombreTabla: String
    let Pk: String
    let QueryCreacion: String
    let BatchSize: Int
    let Filtro: String
    let Error: String?
    let NumeroCampos: Int
    let MetodoApp: String?
    let FechaActualizacionSincro: String
}

/// A locality as the strictest app models it (non-optional, `ValorRecogida` an `Int`).
struct AppLocality: Decodable {
    let IdLocalidad: String
    let IdTipoLocalidad: String
    let IdAncestroPGrado: String
    let IdAncestroSGrado: String
    let NombreAncestroSGrado: String
    let IdAncestroTGrado: String
    let NombreAncestroTGrado: String
    let Nombre: String
    let NombreCorto: String
    let NombreAncestroPGrado: String
    let NombreCompleto: String
    let NombreTipoLocalidad: String
    let AsignadoEnZona: Bool
    let AsignadoEnZonaOrig: Bool
    let DispoLocalidad: Bool
    let NombreZona: String
    let CodigoPostal: String
    let Indicativo: String
    let IdCentroServicio: Int
    let EstadoRegistro: Int
    let TiposLocalidades: [String]?
    let PermiteRecogida: Bool
    let HoraMaxRecogida: Int
    let SeGeorreferencia: Bool
    let ValorRecogida: Int
    let PermitePreEnviosPunto: Bool
    let EtiquetaEntrega: Bool
    let HoraMinRecogida: Int
    let AbreviacionCiudad: String
}

/// A locality as the lenient apps model it (every field optional, `ValorRecogida` a `Double`).
struct AppLocalityOptional: Decodable {
    let IdLocalidad: String?
    let AbreviacionCiudad: String?
    let NombreCompleto: String?
    let IdCentroServicio: Int?
    let EstadoRegistro: Int?
    let TiposLocalidades: [String]?
    let ValorRecogida: Double?
    let HoraMaxRecogida: Int?
    let AsignadoEnZona: Bool?
}
