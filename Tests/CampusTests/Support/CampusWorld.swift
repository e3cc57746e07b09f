import Foundation
import HummingbirdTesting
import PatioCore
import Testing
@testable import Campus

/// The demo school for tests (CampusDemo, seeded through the services), with the clock on Monday
/// 2026-11-23 at 10:00 in Mexico City, and bearer tokens for school services, the demo teacher, the demo
/// student and a teacher who teaches nothing.
struct CampusWorld {
    let patio: TestPatio
    let client: any TestClientProtocol
    let admin: String
    let teacher: String
    let student: String
    let otherTeacher: String
    let services: CampusServices

    /// A real 2×1 PNG, for a student's photo.
    static let png: [UInt8] = Array(
        Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGOol7X/DwIAFTcF11PXV70AAAAASUVORK5CYII=") ?? Data())

    static func make(_ patio: TestPatio, _ client: any TestClientProtocol) async throws -> CampusWorld {
        patio.clock.set(Date(timeIntervalSince1970: 1_795_449_600))
        let services = CampusServices(environment: patio.components.environment)
        try await CampusDemo.seed(services, accounts: patio.components.identity.accounts)
        let admin = try await patio.token(for: "escolares@test.patio", roles: [CampusRoles.admin], client: client)
        let teacher = try await patio.login("docente@demo.patio", password: "demo-password", client: client)
        let student = try await patio.login("estudiante@demo.patio", password: "demo-password", client: client)
        let otherTeacher = try await patio.token(for: "sin.grupos@test.patio", roles: [CampusRoles.teacher], client: client)
        return CampusWorld(
            patio: patio, client: client, admin: admin, teacher: teacher, student: student, otherTeacher: otherTeacher, services: services)
    }

    /// The demo teacher's groups this period.
    func teacherGroups() async throws -> [[String: Any]] {
        try #require(try await client.fetch("/api/v1/campus/teacher/groups", token: teacher)["items"] as? [[String: Any]])
    }

    func roster(_ groupID: String, token: String? = nil) async throws -> [[String: Any]] {
        try #require(try await client.fetch("/api/v1/campus/groups/\(groupID)/roster", token: token ?? teacher)["items"] as? [[String: Any]])
    }

    func grades() async throws -> [String: Any] { try await client.fetch("/api/v1/campus/me/grades", token: student) }

    func currentPeriodID() async throws -> UUID { try #require(try await services.record.currentPeriod()?.id) }
}
