import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus API: school services build a school's record from nothing")
    struct RecordAPITests {

        func csv(_ client: any TestClientProtocol, _ path: String, token: String, _ text: String) async throws -> TestResponse {
            try await client.execute(
                uri: path, method: .post, headers: [.authorization: "Bearer \(token)", .contentType: "text/csv"], body: ByteBuffer(string: text))
        }

        @Test(
            """
            school, career, plan, subjects by hand and by CSV, a period, its calendar, groups by CSV, a student with photo and personal data, a \
            kardex line; each refusal with its code
            """
        )
        func buildSchool() async throws {
            try await TestPatio.with(modules: moduleUnderTest) { patio, client in
                let admin = try await patio.token(for: "escolares@test.patio", roles: [CampusRoles.admin], client: client)
                try await patio.account("profe@test.patio", name: "Profa. Elena Ruiz", roles: [CampusRoles.teacher])
                let school = try await client.created(
                    "/api/v1/campus/schools", token: admin, ["code": "UPIICSA", "name": "Unidad Profesional Interdisciplinaria"])
                #expect(school["code"] as? String == "upiicsa")
                let taken = try await client.api(.post, "/api/v1/campus/schools", token: admin, body: ["code": "upiicsa", "name": "Otra"])
                #expect(try taken.status == .conflict && problem(taken).code == "code_taken")
                let badSchool = try await client.api(.post, "/api/v1/campus/schools", token: admin, body: ["code": "up iicsa", "name": ""])
                #expect(try Set(problem(badSchool).errors?.compactMap(\.code) ?? []) == ["code_format", "required"])
                let career = try await client.created(
                    "/api/v1/campus/careers", token: admin,
                    ["schoolId": try #require(school["id"] as? String), "code": "lin", "name": "Licenciatura en Informática"])
                #expect(
                    try await client.api(
                        .post, "/api/v1/campus/careers", token: admin, body: ["schoolId": UUID().uuidString, "code": "X", "name": "X"]
                    ).status == .notFound)
                let plan = try await client.created(
                    "/api/v1/campus/plans", token: admin, ["careerId": try #require(career["id"] as? String), "code": "2021"])
                let planID = try #require(plan["id"] as? String)
                _ = try await client.created(
                    "/api/v1/campus/subjects", token: admin,
                    ["planId": planID, "clave": "l101", "name": "Programación", "semester": 1, "credits": 7.5])
                let badSubject = try await client.api(
                    .post, "/api/v1/campus/subjects", token: admin,
                    body: ["planId": planID, "clave": "L-1", "name": "X", "semester": 13, "credits": 7.555])
                #expect(try Set(problem(badSubject).errors?.compactMap(\.code) ?? []) == ["clave_format", "semester_range", "credits_range"])
                let refused = try await csv(
                    client, "/api/v1/campus/plans/\(planID)/subjects/import", token: admin,
                    "clave,name,semester,credits\nL102,Bases de Datos,2,6\nL102,Repetida,2,6\nL103,,1,x\n")
                let lines = try problem(refused).errors?.map(\.field) ?? []
                #expect(
                    refused.status == .unprocessableContent && lines.contains { $0.hasPrefix("line 3") } && lines.contains { $0.hasPrefix("line 4") })
                let imported = try await csv(
                    client, "/api/v1/campus/plans/\(planID)/subjects/import", token: admin,
                    "clave,name,semester,credits\nL102,Bases de Datos,2,6\nL103,Redes,2,\"4,5\"\n")
                #expect(try object(imported)["imported"] as? Int == 2)
                let again = try await csv(
                    client, "/api/v1/campus/plans/\(planID)/subjects/import", token: admin, "clave,name,semester,credits\nL101,Otra vez,1,6\n")
                #expect(try problem(again).errors?.first?.code == "code_taken")
                let plans = try #require(try await client.fetch("/api/v1/campus/plans", token: admin)["items"] as? [[String: Any]])
                #expect(plans.first?["totalCredits"] as? Double == 18)

                let badPeriod = try await client.api(
                    .post, "/api/v1/campus/periods", token: admin, body: ["code": "2027-1", "startsOn": "2027-02-30", "endsOn": "2026-01-01"])
                #expect(try Set(problem(badPeriod).errors?.compactMap(\.code) ?? []).isSuperset(of: ["period_format", "date_format"]))
                let period = try await client.created(
                    "/api/v1/campus/periods", token: admin, ["code": "2027/2", "startsOn": "2027-02-01", "endsOn": "2027-07-15"])
                let periodID = try #require(period["id"] as? String)
                let event = try await client.created(
                    "/api/v1/campus/calendar", token: admin,
                    ["periodId": periodID, "kind": "vacations", "title": "Semana Santa", "startsOn": "2027-03-22", "endsOn": "2027-03-26"])
                #expect(
                    try await client.api(
                        .post, "/api/v1/campus/calendar", token: admin, body: ["kind": "party", "title": "X", "startsOn": "2027-03-22"]
                    ).status == .unprocessableContent)
                #expect(
                    (try await client.fetch("/api/v1/campus/calendar?from=2027-03-01")["items"] as? [[String: Any]])?.map { $0["title"] as? String }
                        == ["Semana Santa"])
                #expect(try await client.api(.get, "/api/v1/campus/calendar?from=marzo").status == .unprocessableContent)
                #expect(
                    try await client.api(.delete, "/api/v1/campus/calendar/\(try #require(event["id"] as? String))", token: admin).status
                        == .noContent)

                let groups = """
                    period,clave,group,shift,quota,teacher_email,weekday,starts_at,ends_at,building,room\n\
                    2027/2,L101,1NM1,morning,2,profe@test.patio,1,07:00,08:30,A,101\n\
                    2027/2,L101,1NM1,morning,2,profe@test.patio,3,07:00,08:30,A,101\n\
                    2027/2,L102,2NM1,morning,30,,2,07:00,09:00,A,102\n
                    """
                #expect(
                    try object(try await csv(client, "/api/v1/campus/plans/\(planID)/groups/import", token: admin, groups))["imported"] as? Int == 2)
                let badTeacher = try await csv(
                    client, "/api/v1/campus/plans/\(planID)/groups/import", token: admin,
                    groups.replacingOccurrences(of: "profe@test.patio", with: "nadie@test.patio"))
                #expect(try problem(badTeacher).errors?.first?.code == "teacher_unknown")
                let list = try #require(
                    try await client.fetch("/api/v1/campus/groups?periodId=\(periodID)", token: admin)["items"] as? [[String: Any]])
                let programming = try #require(list.first { $0["code"] as? String == "1NM1" })
                #expect((programming["slots"] as? [Any])?.count == 2 && programming["teacherName"] as? String == "Profa. Elena Ruiz")

                let student = try await client.created(
                    "/api/v1/campus/students", token: admin,
                    [
                        "email": "sofia@test.patio", "password": TestPatio.password, "name": "Sofía Peña", "boleta": "2027600001", "planId": planID,
                        "personal": ["general": ["curp": "pems070101mdfxxx01"]],
                    ])
                let studentID = try #require(student["id"] as? String)
                let badStudent = try await client.api(
                    .post, "/api/v1/campus/students", token: admin,
                    body: ["email": "x", "password": "short", "name": "", "boleta": "12", "planId": planID])
                #expect(try Set(problem(badStudent).errors?.compactMap(\.code) ?? []).contains("boleta_format"))
                let twin = try await client.api(
                    .post, "/api/v1/campus/students", token: admin,
                    body: ["email": "otra@test.patio", "password": TestPatio.password, "name": "Otra", "boleta": "2027600001", "planId": planID])
                #expect(try twin.status == .conflict && problem(twin).code == "boleta_taken")
                let enrolment = try await client.created(
                    "/api/v1/campus/enrolments", token: admin, ["studentId": studentID, "groupId": try #require(programming["id"] as? String)])
                let notEmpty = try await client.api(.delete, "/api/v1/campus/groups/\(try #require(programming["id"] as? String))", token: admin)
                #expect(try notEmpty.status == .conflict && problem(notEmpty).code == "group_has_students")
                let databases = try #require(list.first { $0["code"] as? String == "2NM1" }?["id"] as? String)
                #expect(try await client.api(.delete, "/api/v1/campus/groups/\(databases)", token: admin).status == .noContent)
                #expect(
                    try await client.api(.delete, "/api/v1/campus/enrolments/\(try #require(enrolment["id"] as? String))", token: admin).status
                        == .noContent)

                let sofia = try await patio.login("sofia@test.patio", client: client)
                #expect(try await client.api(.get, "/api/v1/campus/me/photo", token: sofia).status == .notFound)
                let photo = try await client.execute(
                    uri: "/api/v1/campus/students/\(studentID)/photo", method: .put,
                    headers: [.authorization: "Bearer \(admin)", .contentType: "image/png"], body: ByteBuffer(bytes: CampusWorld.png))
                #expect(try photo.status == .ok && object(photo)["hasPhoto"] as? Bool == true)
                let notImage = try await client.execute(
                    uri: "/api/v1/campus/students/\(studentID)/photo", method: .put, headers: [.authorization: "Bearer \(admin)"],
                    body: ByteBuffer(string: "hola"))
                #expect(notImage.status == .unsupportedMediaType)
                let mine = try await client.api(.get, "/api/v1/campus/me/photo", token: sofia)
                #expect(mine.status == .ok && mine.headers[.contentType] == "image/png" && Array(buffer: mine.body) == CampusWorld.png)
                let replaced = try await client.api(
                    .put, "/api/v1/campus/students/\(studentID)/personal-data", token: admin,
                    body: ["general": ["curp": "PEMS070101MDFXXX01", "gender": "Femenino"], "birth": ["date": "2007-01-01"]])
                #expect(try (object(replaced)["general"] as? [String: Any])?["gender"] as? String == "Femenino")
                #expect(
                    try await client.api(.put, "/api/v1/campus/students/\(studentID)/personal-data", token: admin, body: ["birth": ["date": "ayer"]])
                        .status == .unprocessableContent)
                // A misspelt field is refused by name, not dropped: the record it would have emptied is kept.
                let misspelt = try await client.api(
                    .put, "/api/v1/campus/students/\(studentID)/personal-data", token: admin,
                    body: ["general": ["curp": "PEMS070101MDFXXX01", "genero": "Femenino"], "contacto": ["mobile": "5512345678"]])
                #expect(misspelt.status == .unprocessableContent)
                #expect(try Set(problem(misspelt).errors?.map(\.field) ?? []) == ["general.genero", "contacto"])
                let kept = try await client.fetch("/api/v1/campus/me/personal-data", token: sofia)
                #expect(
                    (kept["general"] as? [String: Any])?["gender"] as? String == "Femenino"
                        && (kept["birth"] as? [String: Any])?["date"] as? String == "2007-01-01")
                let line = try await client.created(
                    "/api/v1/campus/students/\(studentID)/kardex", token: admin,
                    ["clave": "L101", "date": "2026-12-10", "period": "2027/1", "evaluation": "ETS", "grade": "8,5"])
                #expect(line["grade"] as? String == "8.5" && line["passed"] as? Bool == true)
                let wrongClave = try await client.api(
                    .post, "/api/v1/campus/students/\(studentID)/kardex", token: admin,
                    body: ["clave": "Z999", "date": "2026-12-10", "period": "2027/1", "evaluation": "ETS", "grade": "8"])
                #expect(try problem(wrongClave).errors?.first?.code == "subject_not_in_plan")
                let kardex = try await client.fetch("/api/v1/campus/students/\(studentID)/kardex", token: admin)
                #expect(kardex["creditsEarned"] as? Double == 7.5 && kardex["creditsTotal"] as? Double == 18)
                #expect(try await client.fetch("/api/v1/campus/me", token: sofia)["boleta"] as? String == "2027600001")
                #expect(try await client.api(.get, "/api/v1/campus/students/\(studentID)", token: sofia).status == .forbidden)
            }
        }
    }
}
