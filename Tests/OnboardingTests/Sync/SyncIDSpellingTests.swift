import Foundation
import HummingbirdTesting
import PatioCore
import PatioTestSupport
import Testing

@Suite("onboarding.tasks spells ids as every synced collection does: lower case, the change's id as its row's")
struct SyncIDSpellingTests {
    @Test("a task's change id is its data.id character for character, and the tombstone of a task given to someone else is spelled the same")
    func changeIDsAreTheRowsIDs() async throws {
        try await TestPatio.with(modules: moduleUnderTest) { patio, client in
            let company = try await Company.make(patio, client)
            let task = try await company.task("Firmar contrato", for: company.anaID)
            let first = try await client.fetch("/api/v1/sync/\(Company.tasks)", token: company.ana)
            let put = try #require((first["changes"] as? [[String: Any]])?.first)
            let data = try #require(put["data"] as? [String: Any])
            #expect(put["id"] as? String == task.uuidString.lowercased() && data["id"] as? String == task.uuidString.lowercased())
            #expect(data["assigneeId"] as? String == company.anaID.uuidString.lowercased())

            let moved = try await client.api(
                .put, "/api/v1/onboarding/tasks/\(task.uuidString.uppercased())", token: company.hr,
                body: ["assigneeId": company.benID.uuidString.uppercased()])
            #expect(moved.status == .ok)
            let cursor = try #require(first["cursor"] as? String)
            let after = try #require(
                try await client.fetch("/api/v1/sync/\(Company.tasks)?cursor=\(cursor)", token: company.ana)["changes"] as? [[String: Any]])
            #expect(after.map { $0["op"] as? String } == ["delete"] && after.first?["id"] as? String == data["id"] as? String)
        }
    }
}
