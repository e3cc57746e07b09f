import Foundation
import HummingbirdTesting
import PatioCore
import Testing

/// An academy arranged through its own API: an admin, a sede with a Tuesday 19:00–20:30 class, and helpers to
/// enrol and pay for students. The clock starts on Tuesday 2026-11-24 at 19:10 in Lima (00:10 UTC the next day).
struct AcademyFixture: Sendable {
    let patio: TestPatio
    let client: any TestClientProtocol
    let admin: String
    let locationID: String
    let classID: String
    let scheduleID: String

    /// Tuesday 2026-11-24 19:10 America/Lima.
    static let classTime = Timestamp.parse("2026-11-25T00:10:00.000Z")!

    static func make(_ patio: TestPatio, _ client: any TestClientProtocol, capacity: Int? = nil) async throws -> AcademyFixture {
        patio.clock.set(classTime)
        let admin = try await patio.token(for: "maestra@test.patio", roles: ["academy.admin"], client: client)
        let location = try await client.created("/api/v1/academy/locations", token: admin, ["name": "San Borja", "address": "Av. San Luis 1234"])
        var classBody: [String: Any] = [
            "locationId": location["id"]!, "name": "Marinera Limeña Avanzado", "description": "Pañuelo y zapateo", "level": "advanced",
        ]
        if let capacity { classBody["capacity"] = capacity }
        let danceClass = try await client.created("/api/v1/academy/classes", token: admin, classBody)
        let schedule = try await client.created(
            "/api/v1/academy/classes/\(danceClass["id"]!)/schedules", token: admin,
            ["weekday": 2, "startTime": "19:00", "endTime": "20:30"])
        return AcademyFixture(
            patio: patio, client: client, admin: admin, locationID: location["id"] as! String,
            classID: danceClass["id"] as! String, scheduleID: schedule["id"] as! String)
    }

    /// Creates a student through the API; returns (student id, bearer token).
    func student(_ email: String, dni: String, name: String = "Alumna de Prueba") async throws -> (id: String, token: String) {
        let student = try await client.created(
            "/api/v1/academy/students", token: admin,
            ["name": name, "email": email, "dni": dni, "phone": "987 654 321", "birthdate": "2001-04-12", "password": TestPatio.password])
        return (student["id"] as! String, try await patio.login(email, client: client))
    }

    /// Records a payment of `classes` for the fixture's schedule (or `schedule`); returns the receipt.
    @discardableResult
    func pay(_ studentID: String, classes: Int, amount: Int = 5000, schedule: String? = nil) async throws -> [String: Any] {
        try await client.created(
            "/api/v1/academy/payments", token: admin,
            ["studentId": studentID, "scheduleId": schedule ?? scheduleID, "classes": classes, "amount": amount])
    }

    /// The room screen's current token for a sede.
    func token(location: String? = nil) async throws -> String {
        let response = try await client.api(.get, "/api/v1/academy/locations/\(location ?? locationID)/checkin-code", token: admin)
        try #require(response.status == .ok, "checkin-code failed: \(String(buffer: response.body))")
        return try object(response)["token"] as! String
    }

    func checkIn(_ studentToken: String, token: String) async throws -> TestResponse {
        try await client.api(.post, "/api/v1/academy/checkins", token: studentToken, body: ["token": token])
    }
}
