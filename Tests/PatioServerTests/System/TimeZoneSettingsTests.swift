import Foundation
import HummingbirdTesting
import PatioModules
import Testing

@Suite("Time zones in settings")
struct TimeZoneSettingsTests {
    @Test("UTC is accepted wherever a zone is set, and an abbreviation is refused")
    func utcEverywhere() async throws {
        try await TestPatio.with(modules: availableModules) { patio, client in
            let admin = try await patio.token(for: "root@test.patio", roles: ["admin"], client: client)
            let academy = try await client.api(.put, "/api/v1/academy/settings", token: admin, body: ["timeZone": "UTC"])
            #expect(academy.status == .ok, "\(String(buffer: academy.body))")
            let onboarding = try await client.api(
                .put, "/api/v1/onboarding/settings", token: admin, body: ["companyName": "Acme", "timeZone": "UTC"])
            #expect(onboarding.status == .ok, "\(String(buffer: onboarding.body))")
            let abbreviation = try await client.api(.put, "/api/v1/academy/settings", token: admin, body: ["timeZone": "EST"])
            #expect(try problem(abbreviation).errors?.map(\.field) == ["timeZone"])
        }
    }
}
