import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SQLKit
import PatioModules
import Testing

struct VersionReply: Decodable { var latest: String; var minimum: String; var status: String; var storeUrl: String? }
struct ConfigReply: Decodable { var app: String; var config: [String: AnyDecodable]; var flags: [String: Bool] }
struct AnyDecodable: Decodable {
    let raw: String
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            raw = "s:" + text
        } else if let bool = try? container.decode(Bool.self) {
            raw = "b:\(bool)"
        } else if let number = try? container.decode(Double.self) {
            raw = "n:\(number)"
        } else {
            raw = "json"
        }
    }
}

@Suite("Client apps: version control and remote config")
struct ClientAppAPITests {
    @Test("the five seed apps are known from the first start")
    func seedApps() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            for slug in ["classly", "controller-app", "saes", "interpay", "jappical"] {
                #expect(try await client.api(.get, "/api/v1/apps/\(slug)/version?current=1.0.0").status == .ok, "\(slug)")
            }
            let unknown = try await client.api(.get, "/api/v1/apps/nope/version?current=1.0.0")
            #expect(unknown.status == .notFound)
            #expect(try problem(unknown).code == "app_not_found")
        }
    }

    @Test("status follows the numeric comparison with latest and minimum")
    func versionStatus() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let updated = try await client.api(
                .put, "/api/v1/admin/apps/classly", token: admin,
                body: ["latestVersion": "100", "minimumVersion": "2.5", "storeUrl": "https://store.example/classly"])
            #expect(updated.status == .ok)
            let cases: [(String, String)] = [
                ("100.0.0", "upToDate"), ("100", "upToDate"), ("99.9", "updateAvailable"), ("2.5.0", "updateAvailable"), ("2.4.99", "updateRequired"),
                ("100.0.1", "ahead"),
            ]
            for (current, expected) in cases {
                let reply = try decode(VersionReply.self, try await client.api(.get, "/api/v1/apps/classly/version?current=\(current)"))
                #expect(reply.status == expected, "\(current)")
                #expect(reply.latest == "100" && reply.minimum == "2.5" && reply.storeUrl == "https://store.example/classly")
            }
            for bad in ["", "abc", "1..2"] {
                let response = try await client.api(.get, "/api/v1/apps/classly/version?current=\(bad)")
                #expect(response.status == .unprocessableContent, "\(bad)")
            }
            #expect(try await client.api(.get, "/api/v1/apps/classly/version").status == .unprocessableContent)
        }
    }

    @Test("admins cannot set a minimum newer than the latest")
    func versionRules() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let response = try await client.api(.put, "/api/v1/admin/apps/classly", token: admin, body: ["minimumVersion": "3.0"])
            #expect(response.status == .unprocessableContent)
            let bad = try await client.api(.put, "/api/v1/admin/apps/classly", token: admin, body: ["latestVersion": "x", "storeUrl": "ftp://nope"])
            #expect(Set(try problem(bad).errors?.map(\.field) ?? []) == ["latestVersion", "storeUrl"])
            #expect(try await client.api(.put, "/api/v1/admin/apps/nope", token: admin, body: ["name": "X"]).status == .notFound)
        }
    }

    @Test("typed config and flags are served with an ETag; an unchanged document answers 304")
    func remoteConfig() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let empty = try await client.api(.get, "/api/v1/apps/saes/config")
            #expect(empty.status == .ok)
            let firstTag = try #require(empty.headers[.eTag])
            #expect(empty.headers[.cacheControl]?.contains("public") == true)

            #expect(
                try await client.api(.put, "/api/v1/admin/apps/saes/config/welcome", token: admin, body: ["kind": "string", "value": "Hola"]).status
                    == .ok)
            #expect(
                try await client.api(.put, "/api/v1/admin/apps/saes/config/max_photos", token: admin, body: ["kind": "number", "value": 12]).status
                    == .ok)
            #expect(
                try await client.api(.put, "/api/v1/admin/apps/saes/config/new_grades", token: admin, body: ["kind": "flag", "value": true]).status
                    == .ok)
            #expect(
                try await client.api(
                    .put, "/api/v1/admin/apps/saes/config/theme", token: admin, body: ["kind": "json", "value": ["accent": "#800000"]]
                ).status == .ok)
            let mismatch = try await client.api(.put, "/api/v1/admin/apps/saes/config/broken", token: admin, body: ["kind": "bool", "value": "yes"])
            #expect(mismatch.status == .unprocessableContent)
            let badKey = try await client.api(
                .put, "/api/v1/admin/apps/saes/config/has%20space", token: admin, body: ["kind": "string", "value": "x"])
            #expect(badKey.status == .unprocessableContent)

            let full = try await client.api(.get, "/api/v1/apps/saes/config")
            let document = try decode(ConfigReply.self, full)
            #expect(document.app == "saes")
            #expect(document.config["welcome"]?.raw == "s:Hola")
            #expect(document.config["max_photos"]?.raw == "n:12.0")
            #expect(document.config["theme"]?.raw == "json")
            #expect(document.flags == ["new_grades": true])
            let tag = try #require(full.headers[.eTag])
            #expect(tag != firstTag)

            let cached = try await client.execute(uri: "/api/v1/apps/saes/config", method: .get, headers: [.ifNoneMatch: tag])
            #expect(cached.status == .notModified)
            #expect(cached.body.readableBytes == 0)
            let stale = try await client.execute(uri: "/api/v1/apps/saes/config", method: .get, headers: [.ifNoneMatch: firstTag])
            #expect(stale.status == .ok)

            #expect(try await client.api(.delete, "/api/v1/admin/apps/saes/config/welcome", token: admin).status == .noContent)
            let gone = try await client.api(.delete, "/api/v1/admin/apps/saes/config/welcome", token: admin)
            #expect(try problem(gone).code == "config_key_not_found")
        }
    }

    @Test("admins register new apps; ids are unique and well-formed")
    func registerApp() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let created = try await client.api(
                .post, "/api/v1/admin/apps", token: admin, body: ["slug": "kiosk", "name": "Kiosk", "latestVersion": "1.2", "minimumVersion": "1.0"])
            #expect(created.status == .created)
            #expect(try await client.api(.get, "/api/v1/apps/kiosk/version?current=1.1").status == .ok)
            let again = try await client.api(
                .post, "/api/v1/admin/apps", token: admin, body: ["slug": "kiosk", "name": "Kiosk", "latestVersion": "1.2", "minimumVersion": "1.0"])
            #expect(try problem(again).code == "app_exists")
            let bad = try await client.api(
                .post, "/api/v1/admin/apps", token: admin, body: ["slug": "Bad Slug", "name": "", "latestVersion": "1", "minimumVersion": "2"])
            #expect(Set(try problem(bad).errors?.map(\.field) ?? []) == ["slug", "name", "minimumVersion"])
            let list = try await client.api(.get, "/api/v1/admin/apps", token: admin)
            #expect(String(buffer: list.body).contains("\"kiosk\""))
            #expect(
                try await client.api(.put, "/api/v1/admin/apps/kiosk/config/mode", token: admin, body: ["kind": "string", "value": "tablet"]).status
                    == .ok)
            let detail = try await client.api(.get, "/api/v1/admin/apps/kiosk", token: admin)
            #expect(detail.status == .ok)
            let text = String(buffer: detail.body)
            #expect(text.contains("\"latestVersion\":\"1.2\"") && text.contains("\"key\":\"mode\""))
            #expect(try await client.api(.get, "/api/v1/admin/apps/ghost", token: admin).status == .notFound)
        }
    }

    @Test("a stored version that does not read answers a 500 problem for that app, and Patio keeps answering")
    func misconfiguredVersion() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            try await patio.components.database.write { db in
                try await (db as! any SQLDatabase).raw("UPDATE client_apps SET latest_version = 'next' WHERE slug = 'classly'").run()
            }
            let broken = try await client.api(.get, "/api/v1/apps/classly/version?current=1.0.0")
            #expect(broken.status == .internalServerError)
            #expect(try problem(broken).code == "app_misconfigured")
            // The other apps, and the same app again, still answer.
            #expect(try await client.api(.get, "/api/v1/apps/saes/version?current=1.0.0").status == .ok)
            #expect(try await client.api(.get, "/api/v1/apps/classly/version?current=1.0.0").status == .internalServerError)
            #expect(try await client.api(.get, "/healthz").status == .ok)

            // An admin mends it: a change that leaves the broken version is refused by field, setting it works.
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            let renamed = try await client.api(.put, "/api/v1/admin/apps/classly", token: admin, body: ["name": "Classly"])
            #expect(try problem(renamed).errors?.map(\.field) == ["latestVersion"])
            #expect(try await client.api(.put, "/api/v1/admin/apps/classly", token: admin, body: ["latestVersion": "3.0"]).status == .ok)
            #expect(try decode(VersionReply.self, try await client.api(.get, "/api/v1/apps/classly/version?current=3.0")).status == "upToDate")
        }
    }

    @Test("a number config value must be finite, from the API and from the admin page; the config stays servable")
    func finiteNumbers() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "admin@demo.patio", roles: ["admin"], client: client)
            for raw in ["1e999", "-1e999", "[1e999]", "{\"a\": {\"b\": -1e999}}"] {
                let kind = raw.hasPrefix("[") || raw.hasPrefix("{") ? "json" : "number"
                let response = try await client.execute(
                    uri: "/api/v1/admin/apps/saes/config/limit", method: .put,
                    headers: [.authorization: "Bearer \(admin)", .contentType: "application/json"],
                    body: ByteBuffer(string: "{\"kind\": \"\(kind)\", \"value\": \(raw)}"))
                #expect([.badRequest, .unprocessableContent].contains(response.status), "\(raw)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            try await patio.account("root@demo.patio", name: "Root", roles: ["admin"])
            var browser = try await WebSession.signIn(client, email: "root@demo.patio", password: TestPatio.password)
            for typed in ["nan", "NaN", "inf", "-infinity", "1e999"] {
                let refused = try await browser.post("/admin/apps/saes", form: ["form": "config", "key": "limit", "kind": "number", "value": typed])
                #expect(refused.status == .unprocessableContent, "\(typed)")
            }
            let json = try await browser.post("/admin/apps/saes", form: ["form": "config", "key": "limits", "kind": "json", "value": "[1, 1e999]"])
            #expect(json.status == .unprocessableContent)
            #expect(
                try await browser.post("/admin/apps/saes", form: ["form": "config", "key": "limit", "kind": "number", "value": "2.5"]).status
                    == .seeOther)
            let config = try await client.api(.get, "/api/v1/apps/saes/config")
            #expect(config.status == .ok)
            #expect(try decode(ConfigReply.self, config).config.mapValues(\.raw) == ["limit": "n:2.5"])
        }
    }
}
