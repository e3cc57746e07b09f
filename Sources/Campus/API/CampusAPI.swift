import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PatioCore
import PatioPlatform
import SAESConnector

/// `/api/v1/campus/…`: school services (`campus.admin`) keep the record and the school's content; a teacher
/// (`campus.teacher`) grades their own groups; a student (`campus.student`) reads their own record. School
/// content, the calendar feed and the credential and receipt checks need no sign-in.
enum CampusAPI {
    static let maxCSVBytes = 4 * 1024 * 1024

    static func register(on routes: PatioRoutes, services s: CampusServices) {
        let admin = Access.role(CampusRoles.admin), staff = Access.anyRole([CampusRoles.admin, CampusRoles.teacher])
        let student = Access.role(CampusRoles.student), member = Access.anyRole(CampusRoles.members)
        let me = StudentRecord(s: s)
        let csv = s.csv
        let content = s.content

        // The record: schools, careers, plans, subjects
        routes.get("/api/v1/campus/schools", member) { _, _ in try .json(Items(try await s.record.schools())) }
        routes.post("/api/v1/campus/schools", admin) { request, _ in
            try .json(try await s.record.createSchool(try await JSONBody.decode(RecordService.SchoolInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/careers", member) { request, _ in
            try .json(Items(try await s.record.careers(schoolID: try uuidQuery(request, "schoolId"))))
        }
        routes.post("/api/v1/campus/careers", admin) { request, _ in
            try .json(try await s.record.createCareer(try await JSONBody.decode(RecordService.CareerInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/plans", member) { request, _ in
            try .json(Items(try await s.record.plans(careerID: try uuidQuery(request, "careerId"))))
        }
        routes.post("/api/v1/campus/plans", admin) { request, _ in
            try .json(try await s.record.createPlan(try await JSONBody.decode(RecordService.PlanInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/plans/{id}/subjects", member) { _, context in
            try .json(Items(try await s.record.subjects(planID: try context.uuidParameter("id"))))
        }
        routes.post("/api/v1/campus/subjects", admin) { request, _ in
            try .json(try await s.record.createSubject(try await JSONBody.decode(RecordService.SubjectInput.self, from: request)), status: .created)
        }
        routes.post("/api/v1/campus/plans/{id}/subjects/import", admin) { request, context in
            try .json(try await csv.importSubjects(planID: try context.uuidParameter("id"), try await csvText(request)))
        }
        routes.post("/api/v1/campus/plans/{id}/groups/import", admin) { request, context in
            try .json(try await csv.importGroups(planID: try context.uuidParameter("id"), try await csvText(request)))
        }

        // Periods, the calendar, capture windows, closing
        routes.get("/api/v1/campus/periods", member) { _, _ in try .json(Items(try await s.record.periods())) }
        routes.post("/api/v1/campus/periods", admin) { request, _ in
            try .json(try await s.record.createPeriod(try await JSONBody.decode(RecordService.PeriodInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/periods/{id}/windows", staff) { _, context in
            try .json(Items(try await s.grades.windows(periodID: try context.uuidParameter("id"))))
        }
        routes.put("/api/v1/campus/periods/{id}/windows", admin) { request, context in
            try .json(
                try await s.grades.setWindow(
                    periodID: try context.uuidParameter("id"), try await JSONBody.decode(GradeService.WindowInput.self, from: request)))
        }
        routes.post("/api/v1/campus/periods/{id}/close", admin) { _, context in
            try .json(try await s.kardex.close(periodID: try context.uuidParameter("id")))
        }
        routes.get("/api/v1/campus/calendar", .everyone) { request, _ in
            try .json(Items(try await s.record.calendar(from: try dateQuery(request, "from"))))
        }
        routes.post("/api/v1/campus/calendar", admin) { request, _ in
            try .json(try await s.record.createEvent(try await JSONBody.decode(RecordService.EventInput.self, from: request)), status: .created)
        }
        routes.delete("/api/v1/campus/calendar/{id}", admin) { _, context in
            try await s.record.deleteEvent(try context.uuidParameter("id"))
            return .noContent
        }

        // Groups and enrolments
        routes.get("/api/v1/campus/groups", admin) { request, _ in
            try .json(Items(try await s.groups.list(GroupService.Filter(periodID: try uuidQuery(request, "periodId")))))
        }
        routes.post("/api/v1/campus/groups", admin) { request, _ in
            try .json(try await s.groups.create(try await JSONBody.decode(GroupService.Input.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/groups/{id}", staff) { _, context in
            try .json(try await s.groups.view(try context.uuidParameter("id"), for: try context.requirePrincipal()))
        }
        routes.delete("/api/v1/campus/groups/{id}", admin) { _, context in
            try await s.groups.delete(try context.uuidParameter("id"))
            return .noContent
        }
        routes.get("/api/v1/campus/groups/{id}/roster", staff) { _, context in
            try .json(Items(try await s.grades.roster(groupID: try context.uuidParameter("id"), for: try context.requirePrincipal())))
        }
        routes.put("/api/v1/campus/groups/{id}/grades", staff) { request, context in
            struct Body: Decodable { var grades: [GradeService.Entry] }
            let body = try await JSONBody.decode(Body.self, from: request)
            let changed = try await s.grades.capture(groupID: try context.uuidParameter("id"), body.grades, by: try context.requirePrincipal())
            struct Answer: Encodable { var changed: Int }
            return try .json(Answer(changed: changed))
        }
        routes.get("/api/v1/campus/groups/{id}/grade-history", admin) { _, context in
            try .json(Items(try await s.grades.history(groupID: try context.uuidParameter("id"))))
        }
        routes.post("/api/v1/campus/enrolments", admin) { request, _ in
            try .json(try await s.enrolments.enrol(try await JSONBody.decode(EnrolmentService.Input.self, from: request)), status: .created)
        }
        routes.delete("/api/v1/campus/enrolments/{id}", admin) { _, context in
            try await s.enrolments.unenrol(try context.uuidParameter("id"))
            return .noContent
        }
        routes.post("/api/v1/campus/enrolments/import", admin) { request, _ in
            try .json(try await csv.importEnrolments(try await csvText(request)))
        }
        routes.get("/api/v1/campus/teacher/groups", Access.role(CampusRoles.teacher)) { request, context in
            let principal = try context.requirePrincipal()
            let period = try await s.record.currentPeriod()?.id
            return try .json(
                Items(
                    try await s.groups.list(
                        GroupService.Filter(periodID: try uuidQuery(request, "periodId") ?? period, teacherAccountID: principal.accountID))))
        }
        routes.get("/api/v1/campus/availability", member) { request, _ in
            let query = request.uri.queryParameters
            let shift = query["shift"].map(String.init)
            if let shift, !GroupService.shifts.contains(shift) {
                throw AppError.validation(field: "shift", "morning or evening.", code: "shift_unknown")
            }
            let current = try await s.record.currentPeriod()?.id
            return try .json(
                Items(
                    try await s.groups.list(
                        GroupService.Filter(
                            periodID: try uuidQuery(request, "periodId") ?? current, careerCode: query["career"].map(String.init),
                            planCode: query["plan"].map(String.init), shift: shift, subjectQuery: query["q"].map(String.init)))))
        }

        // Students (school services)
        routes.get("/api/v1/campus/students", admin) { request, _ in
            try .json(Items(try await s.students.list(query: request.uri.queryParameters["q"].map(String.init))))
        }
        routes.post("/api/v1/campus/students", admin) { request, _ in
            try .json(try await s.students.create(try await JSONBody.decode(StudentService.Input.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/students/{id}", admin) { _, context in
            try .json(try await s.students.view(try await s.students.find(try context.uuidParameter("id"))))
        }
        // A replacement: the fields given and no others. Read as a patch so that a misspelt group or field is
        // refused by name (422 unknown_field) instead of being dropped, which would empty the field it meant.
        routes.put("/api/v1/campus/students/{id}/personal-data", admin) { request, context in
            let replacement = try await JSONBody.decode(PersonalDataPatch.self, from: request).applied(to: PersonalData())
            return try .json(try await s.students.replacePersonalData(try context.uuidParameter("id"), replacement))
        }
        routes.put("/api/v1/campus/students/{id}/photo", admin) { request, context in
            let bytes = try await JSONBody.collect(request, limit: BlobStore.maxBytes)
            return try .json(try await s.students.setPhoto(try context.uuidParameter("id"), bytes: Array(buffer: bytes)))
        }
        // School services see which SAES account a student linked, with which boleta and since when.
        routes.get("/api/v1/campus/students/{id}/saes-link", admin) { _, context in
            let student = try await s.students.find(try context.uuidParameter("id"))
            guard let link = try await s.saesRecord.link(accountID: student.accountID) else { throw SAESLinkService.notLinked }
            return try .json(link)
        }
        routes.get("/api/v1/campus/students/{id}/kardex", admin) { _, context in
            try .json(try await s.kardex.report(try await s.students.find(try context.uuidParameter("id")), search: nil))
        }
        routes.post("/api/v1/campus/students/{id}/kardex", admin) { request, context in
            try .json(
                try await s.kardex.addLine(
                    studentID: try context.uuidParameter("id"), try await JSONBody.decode(KardexService.LineInput.self, from: request)),
                status: .created)
        }

        // The student's own record
        routes.get("/api/v1/campus/me", student) { _, context in
            try .json(try await s.students.view(try await s.students.record(try context.requirePrincipal())))
        }
        routes.get("/api/v1/campus/me/grades", student) { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            return try .json(try await me.grades(record, periodID: try uuidQuery(request, "periodId")))
        }
        routes.get("/api/v1/campus/me/kardex", student) { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            return try .json(try await me.kardex(record, search: request.uri.queryParameters["q"].map(String.init)))
        }
        routes.get("/api/v1/campus/me/schedule", student) { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            return try .json(try await me.schedule(record, periodID: try uuidQuery(request, "periodId")))
        }
        routes.get("/api/v1/campus/me/schedule/receipt.pdf", student, receiptHandler(s, me))
        routes.get("/api/v1/campus/me/personal-data", student) { _, context in
            let personal = try await me.personalData(try await s.students.record(try context.requirePrincipal()))
            return try .json(SourcedPersonalData(data: personal.data, source: personal.source))
        }
        routes.patch("/api/v1/campus/me/personal-data", student) { request, context in
            let patch = try await JSONBody.decode(PersonalDataPatch.self, from: request)
            return try .json(try await me.updatePersonalData(try await s.students.record(try context.requirePrincipal()), patch))
        }
        routes.get("/api/v1/campus/me/photo", student) { request, context in
            try await me.photo(try await s.students.record(try context.requirePrincipal())).response(for: request)
        }
        routes.get("/api/v1/campus/me/credential", student) { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            return try .json(try await me.credential(record, base: PublicAddress.base(publicURL: s.publicURL, request: request)))
        }
        routes.get("/api/v1/campus/me/calendar-feed", student) { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            struct Feed: Encodable { var url: String }
            return try .json(Feed(url: try await me.feedURL(record, base: PublicAddress.base(publicURL: s.publicURL, request: request))))
        }
        routes.post("/api/v1/campus/me/calendar-feed/renew", student) { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            _ = try await s.students.renewFeed(record)
            struct Feed: Encodable { var url: String }
            let fresh = try await s.students.find(record.id!)
            return try .json(Feed(url: try await me.feedURL(fresh, base: PublicAddress.base(publicURL: s.publicURL, request: request))))
        }

        // The student's own SAES account: link with SAES's CAPTCHA, sync, read, unlink
        routes.get("/api/v1/campus/saes/schools", student) { _, _ in
            try .json(Items(SAESSchool.all.map { SAESSchoolView(code: $0.code, name: $0.name, level: $0.level.rawValue) }))
        }
        routes.get("/api/v1/campus/saes/link", student) { _, context in
            guard let link = try await s.saesRecord.link(accountID: try context.requirePrincipal().accountID) else { throw SAESLinkService.notLinked }
            return try .json(link)
        }
        routes.post("/api/v1/campus/saes/challenge", student) { request, context in
            try .json(
                try await s.saesLinks.begin(
                    accountID: try context.requirePrincipal().accountID,
                    try await JSONBody.decode(SAESLinkService.ChallengeInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/campus/saes/challenge", student) { _, context in
            try .json(try await s.saesLinks.challenge(accountID: try context.requirePrincipal().accountID))
        }
        routes.post("/api/v1/campus/saes/link", student) { request, context in
            let accountID = try context.requirePrincipal().accountID
            _ = try await s.saesLinks.complete(accountID: accountID, try await JSONBody.decode(SAESLinkService.LinkInput.self, from: request))
            // A first reading right away, so the student sees their SAES data as soon as they link.
            _ = try? await s.saesSync.sync(accountID: accountID)
            guard let link = try await s.saesRecord.link(accountID: accountID) else { throw SAESLinkService.notLinked }
            return try .json(link)
        }
        routes.delete("/api/v1/campus/saes/link", student) { _, context in
            try await s.saesLinks.unlink(accountID: try context.requirePrincipal().accountID)
            return .noContent
        }
        routes.post("/api/v1/campus/saes/sync", student) { _, context in
            let accountID = try context.requirePrincipal().accountID
            try await s.saesSync.sync(accountID: accountID)
            guard let link = try await s.saesRecord.link(accountID: accountID) else { throw SAESLinkService.notLinked }
            return try .json(link)
        }
        routes.get("/api/v1/campus/saes/availability", student) { request, context in
            try .json(
                try await s.saesAvailability.search(
                    accountID: try context.requirePrincipal().accountID,
                    SAESAvailabilityService.Query { request.uri.queryParameters[Substring($0)].map(String.init) }))
        }
        routes.get("/api/v1/campus/saes/record", student) { _, context in
            try .json(try await s.saesRecord.record(accountID: try context.requirePrincipal().accountID))
        }

        // Public: school content, checks, the calendar feed
        routes.get("/api/v1/campus/news", .everyone) { request, _ in
            let query = request.uri.queryParameters
            let kind = query["kind"].map(String.init)
            if let kind, !ContentService.postKinds.contains(kind) {
                throw AppError.validation(field: "kind", "news or announcement.", code: "kind_unknown")
            }
            return try .json(Items(try await content.posts(kind: kind, school: query["school"].map(String.init))))
        }
        routes.post("/api/v1/campus/news", admin) { request, _ in
            try .json(try await content.createPost(try await JSONBody.decode(ContentService.PostInput.self, from: request)), status: .created)
        }
        routes.put("/api/v1/campus/news/{id}", admin) { request, context in
            try .json(
                try await content.updatePost(try context.uuidParameter("id"), try await JSONBody.decode(ContentService.PostInput.self, from: request))
            )
        }
        routes.delete("/api/v1/campus/news/{id}", admin) { _, context in
            try await content.deletePost(try context.uuidParameter("id"))
            return .noContent
        }
        routes.get("/api/v1/campus/scholarships", .everyone) { request, _ in
            let status = request.uri.queryParameters["status"].map(String.init)
            if let status, !ContentService.scholarshipStatuses.contains(status) {
                throw AppError.validation(
                    field: "status", "One of: \(ContentService.scholarshipStatuses.joined(separator: ", ")).", code: "status_unknown")
            }
            return try .json(Items(try await content.scholarships(status: status)))
        }
        routes.post("/api/v1/campus/scholarships", admin) { request, _ in
            try .json(
                try await content.createScholarship(try await JSONBody.decode(ContentService.ScholarshipInput.self, from: request)), status: .created)
        }
        routes.put("/api/v1/campus/scholarships/{id}", admin) { request, context in
            try .json(
                try await content.updateScholarship(
                    try context.uuidParameter("id"), try await JSONBody.decode(ContentService.ScholarshipInput.self, from: request)))
        }
        routes.delete("/api/v1/campus/scholarships/{id}", admin) { _, context in
            try await content.deleteScholarship(try context.uuidParameter("id"))
            return .noContent
        }
        routes.get("/api/v1/campus/credentials/{token}", .everyone) { _, context in
            try .json(try await me.checkCredential(try context.stringParameter("token")))
        }
        routes.get("/api/v1/campus/receipts/{token}", .everyone) { _, context in
            try .json(try await me.checkReceipt(try context.stringParameter("token")))
        }
        routes.get("/campus/calendar/{file}", .everyone, feedHandler(me))
    }

    /// The PDF, named after the boleta and period, never cached by shared caches.
    static func receiptHandler(_ s: CampusServices, _ me: StudentRecord) -> @Sendable (Request, PatioRequestContext) async throws -> Response {
        { request, context in
            let record = try await s.students.record(try context.requirePrincipal())
            let bytes = try await me.receipt(record, base: PublicAddress.base(publicURL: s.publicURL, request: request))
            return Response(
                status: .ok,
                headers: [
                    .contentType: "application/pdf", .cacheControl: "private, no-store",
                    .contentDisposition: "attachment; filename=\"horario-\(record.boleta).pdf\"",
                ],
                body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    /// `GET /campus/calendar/<token>.ics`: what calendar apps subscribe to.
    static func feedHandler(_ me: StudentRecord) -> @Sendable (Request, PatioRequestContext) async throws -> Response {
        { _, context in
            let file = try context.stringParameter("file")
            guard file.hasSuffix(".ics") else { throw StudentLinks.invalidFeed }
            let text = try await me.feed(token: String(file.dropLast(4)))
            return Response(
                status: .ok, headers: [.contentType: "text/calendar; charset=utf-8", .cacheControl: "private, max-age=300"],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
    }

    static func uuidQuery(_ request: Request, _ name: String) throws -> UUID? {
        guard let raw = request.uri.queryParameters[Substring(name)], !raw.isEmpty else { return nil }
        guard let id = UUID(uuidString: String(raw)) else { throw AppError.validation(field: name, "Not a valid id.", code: "invalid_id") }
        return id
    }

    static func dateQuery(_ request: Request, _ name: String) throws -> LocalDate? {
        guard let raw = request.uri.queryParameters[Substring(name)], !raw.isEmpty else { return nil }
        guard let date = LocalDate(String(raw)) else { throw AppError.validation(field: name, "Give a date as yyyy-MM-dd.", code: "date_format") }
        return date
    }

    static func csvText(_ request: Request) async throws -> String { try await CSVUpload.text(request, limit: maxCSVBytes) }
}
