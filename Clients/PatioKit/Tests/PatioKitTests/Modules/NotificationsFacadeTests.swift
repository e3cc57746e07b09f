import Foundation
import PatioKit
import Testing

@Suite("Notifications through PatioKit: the inbox, and this device's token registered until sign-out")
struct NotificationsFacadeTests {
    @Test("the inbox newest first with its unread count; read one, read all")
    func inbox() async throws {
        try await RunningPatio.with { server in
            // The demo employee's tasks (and welcome messages) were announced when the demo was seeded.
            let employee = try await server.signedIn("nuevo@demo.patio")
            let page = try await employee.notifications.inbox(unreadOnly: true)
            let unread = try await employee.notifications.unreadCount()
            #expect(unread > 0 && page.unreadCount == unread && page.items.count == unread)
            #expect(zip(page.items, page.items.dropFirst()).allSatisfy { $0.createdAt >= $1.createdAt }, "newest first")
            let task = try #require(page.items.first { $0.kind == "onboarding.task_assigned" })
            #expect(task.title == "Tarea nueva" && task.link == "/onboarding")
            try await employee.notifications.markRead(task.id)
            #expect(try await employee.notifications.unreadCount() == unread - 1)
            #expect(try await employee.notifications.markAllRead() == unread - 1)
            #expect(try await employee.notifications.inbox(unreadOnly: true).items.isEmpty)
            do {
                try await employee.notifications.markRead(UUID().uuidString)
                Issue.record("a notification that is nobody's was marked read")
            } catch PatioError.problem(let problem) {
                #expect(problem.status == 404 && problem.code == "notification_not_found")
            }
        }
    }

    @Test("the APNs token is registered as this device and unregistered when the app signs out")
    func deviceToken() async throws {
        try await RunningPatio.with { server in
            let employee = try await server.signedIn("nuevo@demo.patio")
            let token = Data((0..<32).map { UInt8($0 * 7 % 256) })
            let id = try await employee.notifications.registerDevice(apnsToken: token)
            // The same token again is the same device.
            #expect(try await employee.notifications.registerDevice(apnsToken: token) == id)
            let devices = try await employee.call { try await employee.api.listPushDevices().ok.body.json.items }
            #expect(devices.map(\.id) == [id] && devices.first?.channel == .apns)

            try await employee.signOut()
            let again = try await server.signedIn("nuevo@demo.patio")
            #expect(try await again.call { try await again.api.listPushDevices().ok.body.json.items }.isEmpty)
        }
    }
}
