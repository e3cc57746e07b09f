import Foundation
import PatioKit
import Testing

@Suite("Apps: version check and remote config with ETag caching")
struct AppsTests {
    @Test("each installed version reads as Patio publishes it: required below the minimum, available below the latest, up to date, ahead")
    func versionCheck() async throws {
        try await RunningPatio.with { server in
            let patio = server.client()
            let store = URL(string: "https://apps.example.org/classly")
            #expect(try await patio.checkVersion(app: "classly", current: "0.9") == .updateRequired(minimum: "1.0.0", storeURL: store))
            #expect(try await patio.checkVersion(app: "classly", current: "1.1.5") == .updateAvailable(latest: "1.2.0", storeURL: store))
            #expect(try await patio.checkVersion(app: "classly", current: "1.2") == .upToDate)
            #expect(try await patio.checkVersion(app: "classly", current: "2.0.0") == .ahead)
            do {
                _ = try await patio.checkVersion(app: "classly", current: "dos")
                Issue.record("a version that is not dotted numbers was accepted")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 422)
            }
        }
    }

    @Test("the second read of an unchanged config is a 304 answered from the kept copy; a change made by an admin is read next time")
    func remoteConfig() async throws {
        try await RunningPatio.with { server in
            let cache = RemoteConfigCache(patio: server.client(), app: "jappical")
            let first = try await cache.refresh()
            #expect(first.string("support_email") == "soporte@demo.patio" && first.isOn("new_home") && first.etag != nil)
            #expect(try await cache.refresh() == first)
            #expect(await cache.notModifiedCount == 1)

            let admin = try await server.signedIn("admin@demo.patio")
            _ = try await admin.api.setConfigEntry(
                path: .init(app: "jappical", key: "support_email"),
                body: .json(.init(kind: .string, value: "ayuda@demo.patio")))
            let changed = try await cache.refresh()
            #expect(changed.string("support_email") == "ayuda@demo.patio" && changed.etag != first.etag)
            #expect(await cache.notModifiedCount == 1)
        }
    }
}
