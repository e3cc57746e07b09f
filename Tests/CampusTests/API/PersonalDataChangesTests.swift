import FakeSAES
import Foundation
import HTTPTypes
import HummingbirdTesting
import PatioPlatform
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite(
        "Campus: a student changes their personal data field by field; a name Campus does not know, or data SAES owns, is refused and nothing is lost"
    )
    struct PersonalDataChangesTests {
        private func contactOf(_ world: CampusWorld, token: String? = nil) async throws -> [String: Any] {
            try #require(try await world.client.fetch("/api/v1/campus/me/personal-data", token: token ?? world.student)["contact"] as? [String: Any])
        }

        @Test("a field left out keeps its value, a field sent as null is cleared, and a group sent in part keeps the rest of the group")
        func fieldByField() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let mobile = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["contact": ["mobile": "55 8765 4321"]])
                #expect(mobile.status == .ok)
                var contact = try await contactOf(world)
                #expect(contact["mobile"] as? String == "55 8765 4321")
                #expect(contact["email"] as? String == "ana.martinez@alumno.ipn.mx" && contact["phone"] as? String == "55 5729 6000")
                let address = try #require(
                    try await client.fetch("/api/v1/campus/me/personal-data", token: world.student)["address"] as? [String: Any])
                #expect(address["street"] as? String == "Av. Juan de Dios Bátiz" && address["postalCode"] as? String == "07738")

                let cleared = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["contact": ["phone": NSNull()]])
                #expect(cleared.status == .ok)
                contact = try await contactOf(world)
                #expect(
                    contact["phone"] == nil && contact["email"] as? String == "ana.martinez@alumno.ipn.mx"
                        && contact["mobile"] as? String == "55 8765 4321")

                // A school-owned field sent back unchanged (a client that sends what it read) is not a change.
                let echoed = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student,
                    body: ["general": ["curp": "MALA040512MDFRPNA1"], "contact": ["works": "Sí"]])
                #expect(echoed.status == .ok)
                let school = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["general": ["gender": NSNull()]])
                #expect(try school.status == .forbidden && problem(school).code == "personal_data_school_owned")
                #expect(
                    (try await client.fetch("/api/v1/campus/me/personal-data", token: world.student)["general"] as? [String: Any])?["gender"]
                        as? String == "Femenino")
            }
        }

        @Test("an unknown group or field is refused with 422 unknown_field naming it, and nothing is erased")
        func unknownNames() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                let foo = try await client.api(.patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["contact": ["foo": "bar"]])
                #expect(foo.status == .unprocessableContent)
                let refusal = try problem(foo)
                #expect(refusal.code == "unknown_field" && refusal.errors?.map(\.field) == ["contact.foo"] && refusal.detail.contains("contact.foo"))
                let contact = try await contactOf(world)
                #expect(contact["email"] as? String == "ana.martinez@alumno.ipn.mx" && contact["phone"] as? String == "55 5729 6000")

                let group = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student,
                    body: ["hobbies": ["music": "yes"], "contact": ["mobile": "55 0000 0000", "Email": "x@y.z"]])
                #expect(try group.status == .unprocessableContent && problem(group).errors?.map(\.field) == ["contact.Email", "hobbies"])
                #expect(try await contactOf(world)["mobile"] as? String == "55 1234 5678")

                let number = try await client.api(
                    .patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["contact": ["phone": 5_557_296_000]])
                #expect(number.status == .unprocessableContent)
                let notObject = try await client.api(.patch, "/api/v1/campus/me/personal-data", token: world.student, body: ["contact": "none"])
                #expect(notObject.status == .unprocessableContent)
                #expect(try await contactOf(world)["phone"] as? String == "55 5729 6000")
            }
        }

        @Test("the student's form changes only what it sends: a field it leaves out keeps its value; an unknown field is refused")
        func form() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let world = try await CampusWorld.make(patio, client)
                var page = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                let saved = try await page.post("/campus/personal", form: ["contact.mobile": "55 2222 3333", "address.interiorNumber": ""])
                #expect(saved.status == .ok && String(buffer: saved.body).contains("Guardado."))
                let contact = try await contactOf(world)
                #expect(contact["mobile"] as? String == "55 2222 3333" && contact["email"] as? String == "ana.martinez@alumno.ipn.mx")
                let address = try #require(
                    try await client.fetch("/api/v1/campus/me/personal-data", token: world.student)["address"] as? [String: Any])
                #expect(address["street"] as? String == "Av. Juan de Dios Bátiz" && address["interiorNumber"] == nil)

                let unknown = try await page.post("/campus/personal", form: ["contact.foo": "bar", "contact.mobile": "55 9999 9999"])
                #expect(unknown.status == .unprocessableContent && String(buffer: unknown.body).contains("contact.foo"))
                let school = try await page.post("/campus/personal", form: ["general.curp": "XXXX000000XXXXXX00"])
                #expect(school.status == .unprocessableContent)
                #expect(try await contactOf(world)["mobile"] as? String == "55 2222 3333")
                #expect(
                    (try await client.fetch("/api/v1/campus/me/personal-data", token: world.student)["general"] as? [String: Any])?["curp"] as? String
                        == "MALA040512MDFRPNA1")
            }
        }

        @Test(
            """
            with SAES linked every group is SAES's: a change by the API or the form is refused with 409 personal_data_from_saes and the \
            school's copy is untouched
            """
        )
        func saesOwnsItAll() async throws {
            let fake = FakeSAES()
            try await fake.withRunning { base in
                try await TestPatio.with(
                    modules: moduleUnderTest,
                    configure: { configuration in
                        configuration.moduleSettings = ModuleSettings(environment: ["PATIO_CAMPUS_SAES_PORTAL": base + "{school}/"])
                    }
                ) { patio, client in
                    let world = try await CampusWorld.make(patio, client)
                    // The fake portal's student has the demo student's boleta, so linking it is hers to do.
                    let token = world.student
                    let student = try #require(try await world.services.students.list(query: FakeStudent.demo.boleta).first)
                    _ = try await client.created("/api/v1/campus/saes/challenge", token: token, ["school": "escom"])
                    let linked = try await client.api(
                        .post, "/api/v1/campus/saes/link", token: token,
                        body: [
                            "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password,
                            "captcha": try #require(fake.latestCaptchaAnswer),
                        ])
                    try #require(linked.status == .ok)

                    let changed = try await client.api(
                        .patch, "/api/v1/campus/me/personal-data", token: token, body: ["contact": ["mobile": "55 4444 5555"]])
                    #expect(try changed.status == .conflict && problem(changed).code == "personal_data_from_saes")
                    var page = try await WebSession.signIn(client, email: "estudiante@demo.patio", password: "demo-password")
                    let posted = try await page.post("/campus/personal", form: ["contact.mobile": "55 4444 5555"])
                    #expect(posted.status == .unprocessableContent && String(buffer: posted.body).contains("cámbialos allá"))
                    let school = world.services.students.personalData(try await world.services.students.find(student.id))
                    #expect(school.contact.mobile == "55 1234 5678")
                    // Sending nothing changes nothing, and is not an error.
                    #expect(try await client.api(.patch, "/api/v1/campus/me/personal-data", token: token, body: [String: String]()).status == .ok)
                }
            }
        }
    }
}
