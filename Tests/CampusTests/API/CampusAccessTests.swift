import FakeSAES
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PatioCore
import PatioPlatform
import Testing
@testable import Campus

extension CampusServerSuites {
    @Suite("Campus API: every route's access rule, role by role — the right role gets its answer, every other role is refused the same request")
    struct CampusAccessTests {
        /// Who calls. `platformAdmin` is the demo's `admin@demo.patio` (Patio's `admin`, which holds every `*.admin`);
        /// `schoolServices` holds `campus.admin` alone; `otherTeacher` is the demo's other teacher, who teaches
        /// groups but not the demo teacher's; `outsider` is signed in with no Campus role.
        enum Who: String, CaseIterable, Sendable {
            case anonymous, outsider, student, teacher, otherTeacher, schoolServices, platformAdmin
        }

        enum Body {
            case none
            case json(Any)
            case bytes(contentType: String, [UInt8])
        }

        struct Call {
            var path: String
            var body: Body = .none
        }

        /// One route as CampusAPI declares it, and one request on it that the admitted roles must get answered.
        struct Route {
            var method: HTTPRequest.Method
            var template: String
            var access: Access
            var success: HTTPResponse.Status = .ok
            /// Roles the access rule admits but the route still refuses for this request (another teacher's group).
            var refusedAnyway: [Who: (HTTPResponse.Status, String)] = [:]
            var call: (Who) async throws -> Call

            var name: String { "\(method.rawValue) \(template)" }
        }

        static let admin = Access.role(CampusRoles.admin)
        static let staff = Access.anyRole([CampusRoles.admin, CampusRoles.teacher])
        static let member = Access.anyRole(CampusRoles.members)
        static let student = Access.role(CampusRoles.student)
        static let teacher = Access.role(CampusRoles.teacher)

        /// Who each rule lets in, written out rather than computed from the roles, so the test states the rule.
        static func admitted(_ access: Access) -> Set<Who> {
            switch access {
            case .everyone: Set(Who.allCases)
            case member: [.student, .teacher, .otherTeacher, .schoolServices, .platformAdmin]
            case staff: [.teacher, .otherTeacher, .schoolServices, .platformAdmin]
            case admin: [.schoolServices, .platformAdmin]
            case student: [.student]
            case teacher: [.teacher, .otherTeacher]
            default: []
            }
        }

        static func iso(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

        @Test(
            """
            every route of /api/v1/campus and the calendar feed file: the admitted roles get 2xx; anonymous gets 401; a student on school \
            services' or teachers' routes, a teacher on school services' routes, school services and Patio's admin on a student's own `me` \
            routes all get 403; another teacher on the demo teacher's group gets 403 not_your_group
            """
        )
        func everyRoute() async throws {
            let fake = FakeSAES()
            try await fake.withRunning { base in
                try await TestPatio.with(
                    modules: moduleUnderTest,
                    configure: { configuration in
                        configuration.moduleSettings = ModuleSettings(environment: ["PATIO_CAMPUS_SAES_PORTAL": base + "{school}/"])
                    }
                ) { patio, client in
                    try await Self.run(patio, client, fake)
                }
            }
        }

        static func run(_ patio: TestPatio, _ client: any TestClientProtocol, _ fake: FakeSAES) async throws {
            let world = try await CampusWorld.make(patio, client)
            let s = world.services
            try await patio.account("admin@demo.patio", name: "Administración Patio", roles: [Role.platformAdmin], password: "demo-password")
            let tokens: [Who: String] = [
                .outsider: try await patio.token(for: "sin.rol@test.patio", roles: [], client: client),
                .student: world.student,
                .teacher: world.teacher,
                .otherTeacher: try await patio.login("jgarcia@demo.patio", password: "demo-password", client: client),
                .schoolServices: world.admin,
                .platformAdmin: try await patio.login("admin@demo.patio", password: "demo-password", client: client),
            ]

            // The demo school's record.
            let period = try await world.currentPeriodID()
            let periodCode = try #require(try await s.record.currentPeriod()?.code)
            let school = try #require(try await s.record.schools().first).id
            let career = try #require(try await s.record.careers().first).id
            let plan = try #require(try await s.record.plans().first).id
            let subjects = try await s.record.subjects(planID: plan)
            func subject(_ clave: String) throws -> UUID { try #require(subjects.first { $0.clave == clave }).id }
            let groups = try await s.groups.list(GroupService.Filter(periodID: period))
            func group(_ clave: String, _ code: String) throws -> UUID {
                try #require(groups.first { $0.subject.clave == clave && $0.code == code }).id
            }
            let docentes = try group("C501", "5CM1")
            let classmate = try #require(
                try await s.grades.roster(groupID: docentes, for: CampusDemo.systemAdmin).first { $0.boleta != "2022630101" }
            ).enrolmentId
            let anaID = try #require(try await s.students.list(query: "2022630101").first).id
            let ana = try await s.students.find(anaID)
            _ = try await s.students.setPhoto(anaID, bytes: CampusWorld.png)
            let me = StudentRecord(s: s)
            let credentialToken = try await me.links.credentialToken(ana)
            let receiptToken = try await me.links.receiptToken(ana, periodID: period, digest: Array(repeating: 0, count: ReceiptContent.digestLength))
            let content = s.content
            let scholarship: [String: Any] = [
                "name": "Beca de Excelencia", "description": "Para promedios de 9 o más.", "status": "open", "amountMinor": 100_000,
                "periodicity": "monthly", "benefitType": "economic", "link": "https://www.ipn.mx/becas/",
            ]
            let scholarshipInput = ContentService.ScholarshipInput(
                name: "Beca de Excelencia", description: "Para promedios de 9 o más.", status: "open",
                amountMinor: 100_000, periodicity: "monthly", benefitType: "economic", link: "https://www.ipn.mx/becas/")
            let changedPost = try await content.createPost(.init(kind: "news", title: "Horario de biblioteca", body: "Abre a las 7:00."))
            let changedScholarship = try await content.createScholarship(scholarshipInput)

            // What each school-services account changes or removes on its own, so both admins can succeed.
            struct Own {
                var n: Int; var student: StudentView; var leaving: UUID; var event: UUID; var emptyGroup: UUID; var closable: UUID; var post: UUID;
                var scholarship: UUID
            }
            var own: [Who: Own] = [:]
            for (n, who) in [Who.schoolServices, .platformAdmin].enumerated().map({ ($0 + 1, $1) }) {
                let student = try await s.students.create(
                    .init(
                        email: "nuevo.\(n)@test.patio", password: TestPatio.password, name: "Alumno Nuevo \(n)",
                        boleta: "202363090\(n)", planId: plan))
                let leaving = try await s.enrolments.enrol(.init(studentId: student.id, groupId: try group("C504", "5CV1"))).id
                let event = try await s.record.createEvent(
                    .init(periodId: period, kind: "other", title: "Evento \(n)", startsOn: "2026-12-0\(n)", endsOn: "2026-12-0\(n)"))
                let empty = try await s.groups.create(
                    .init(
                        periodId: period, subjectId: try subject("C602"), code: "6CM\(n)", shift: "morning", quota: 10,
                        slots: [.init(weekday: 6, startsAt: "12:00", endsAt: "13:00", building: "1", room: "10\(n)")]))
                let closable = try await s.record.createPeriod(.init(code: "205\(n)/1", startsOn: "205\(n - 1)-08-01", endsOn: "205\(n)-01-20"))
                let post = try await content.createPost(.init(kind: "news", title: "Aviso \(n)", body: "Se retira."))
                let gone = try await content.createScholarship(scholarshipInput)
                own[who] = Own(
                    n: n, student: student, leaving: leaving, event: event.id, emptyGroup: empty.id, closable: closable.id, post: post.id,
                    scholarship: gone.id)
            }
            /// A refused role sends the very request school services then send successfully.
            func mine(_ who: Who) throws -> Own { try #require(own[who] ?? own[.schoolServices]) }

            let notYours: [Who: (HTTPResponse.Status, String)] = [.otherTeacher: (.forbidden, "not_your_group")]
            let routes: [Route] = [
                // The record
                Route(method: .get, template: "/api/v1/campus/schools", access: member) { _ in Call(path: "/api/v1/campus/schools") },
                Route(method: .post, template: "/api/v1/campus/schools", access: admin, success: .created) { who in
                    let n = try mine(who).n
                    return Call(path: "/api/v1/campus/schools", body: .json(["code": "upiicsa\(n)", "name": "UPIICSA \(n)"]))
                },
                Route(method: .get, template: "/api/v1/campus/careers", access: member) { _ in Call(path: "/api/v1/campus/careers?schoolId=\(school)")
                },
                Route(method: .post, template: "/api/v1/campus/careers", access: admin, success: .created) { who in
                    let n = try mine(who).n
                    return Call(
                        path: "/api/v1/campus/careers",
                        body: .json(["schoolId": school.uuidString, "code": "LCD\(n)", "name": "Ciencia de Datos \(n)"]))
                },
                Route(method: .get, template: "/api/v1/campus/plans", access: member) { _ in Call(path: "/api/v1/campus/plans?careerId=\(career)") },
                Route(method: .post, template: "/api/v1/campus/plans", access: admin, success: .created) { who in
                    Call(path: "/api/v1/campus/plans", body: .json(["careerId": career.uuidString, "code": "203\(try mine(who).n)"]))
                },
                Route(method: .get, template: "/api/v1/campus/plans/{id}/subjects", access: member) { _ in
                    Call(path: "/api/v1/campus/plans/\(plan)/subjects")
                },
                Route(method: .post, template: "/api/v1/campus/subjects", access: admin, success: .created) { who in
                    Call(
                        path: "/api/v1/campus/subjects",
                        body: .json(["planId": plan.uuidString, "clave": "Z\(try mine(who).n)01", "name": "Optativa", "semester": 7, "credits": 6]))
                },
                Route(method: .post, template: "/api/v1/campus/plans/{id}/subjects/import", access: admin) { who in
                    Call(
                        path: "/api/v1/campus/plans/\(plan)/subjects/import",
                        body: .bytes(contentType: "text/csv", Array("clave,name,semester,credits\nZ\(try mine(who).n)02,Optativa B,7,4.5\n".utf8)))
                },
                Route(method: .post, template: "/api/v1/campus/plans/{id}/groups/import", access: admin) { who in
                    let csv = """
                        period,clave,group,shift,quota,teacher_email,weekday,starts_at,ends_at,building,room\n\
                        \(periodCode),C603,6CV\(try mine(who).n),evening,20,,6,15:00,17:00,3,301\n
                        """
                    return Call(path: "/api/v1/campus/plans/\(plan)/groups/import", body: .bytes(contentType: "text/csv", Array(csv.utf8)))
                },

                // Periods, the calendar, capture windows, closing
                Route(method: .get, template: "/api/v1/campus/periods", access: member) { _ in Call(path: "/api/v1/campus/periods") },
                Route(method: .post, template: "/api/v1/campus/periods", access: admin, success: .created) { who in
                    let n = try mine(who).n
                    return Call(
                        path: "/api/v1/campus/periods",
                        body: .json(["code": "204\(n)/1", "startsOn": "204\(n - 1)-08-01", "endsOn": "204\(n)-01-20"]))
                },
                Route(method: .get, template: "/api/v1/campus/periods/{id}/windows", access: staff) { _ in
                    Call(path: "/api/v1/campus/periods/\(period)/windows")
                },
                Route(method: .put, template: "/api/v1/campus/periods/{id}/windows", access: admin) { _ in
                    let now = s.clock.now()
                    return Call(
                        path: "/api/v1/campus/periods/\(period)/windows",
                        body: .json([
                            "assessment": "partial3", "opensAt": iso(now.addingTimeInterval(30 * 86_400)),
                            "closesAt": iso(now.addingTimeInterval(46 * 86_400)),
                        ]))
                },
                Route(method: .post, template: "/api/v1/campus/periods/{id}/close", access: admin) { who in
                    Call(path: "/api/v1/campus/periods/\(try mine(who).closable)/close")
                },
                Route(method: .get, template: "/api/v1/campus/calendar", access: .everyone) { _ in Call(path: "/api/v1/campus/calendar") },
                Route(method: .post, template: "/api/v1/campus/calendar", access: admin, success: .created) { _ in
                    Call(
                        path: "/api/v1/campus/calendar",
                        body: .json(["periodId": period.uuidString, "kind": "other", "title": "Feria de proyectos", "startsOn": "2026-12-04"]))
                },
                Route(method: .delete, template: "/api/v1/campus/calendar/{id}", access: admin, success: .noContent) { who in
                    Call(path: "/api/v1/campus/calendar/\(try mine(who).event)")
                },

                // Groups and enrolments
                Route(method: .get, template: "/api/v1/campus/groups", access: admin) { _ in Call(path: "/api/v1/campus/groups?periodId=\(period)") },
                Route(method: .post, template: "/api/v1/campus/groups", access: admin, success: .created) { who in
                    Call(
                        path: "/api/v1/campus/groups",
                        body: .json([
                            "periodId": period.uuidString, "subjectId": try subject("C602").uuidString, "code": "6CM\(try mine(who).n + 4)",
                            "shift": "morning", "quota": 5,
                            "slots": [["weekday": 6, "startsAt": "13:00", "endsAt": "14:00", "building": "1", "room": "110"]],
                        ]))
                },
                Route(method: .get, template: "/api/v1/campus/groups/{id}", access: staff, refusedAnyway: notYours) { _ in
                    Call(path: "/api/v1/campus/groups/\(docentes)")
                },
                Route(method: .delete, template: "/api/v1/campus/groups/{id}", access: admin, success: .noContent) { who in
                    Call(path: "/api/v1/campus/groups/\(try mine(who).emptyGroup)")
                },
                Route(method: .get, template: "/api/v1/campus/groups/{id}/roster", access: staff, refusedAnyway: notYours) { _ in
                    Call(path: "/api/v1/campus/groups/\(docentes)/roster")
                },
                Route(method: .put, template: "/api/v1/campus/groups/{id}/grades", access: staff, refusedAnyway: notYours) { _ in
                    Call(
                        path: "/api/v1/campus/groups/\(docentes)/grades",
                        body: .json(["grades": [["enrolmentId": classmate.uuidString, "partial2": "8"]]]))
                },
                Route(method: .get, template: "/api/v1/campus/groups/{id}/grade-history", access: admin) { _ in
                    Call(path: "/api/v1/campus/groups/\(docentes)/grade-history")
                },
                Route(method: .post, template: "/api/v1/campus/enrolments", access: admin, success: .created) { who in
                    Call(
                        path: "/api/v1/campus/enrolments",
                        body: .json(["studentId": try mine(who).student.id.uuidString, "groupId": try group("C503", "5CV1").uuidString]))
                },
                Route(method: .delete, template: "/api/v1/campus/enrolments/{id}", access: admin, success: .noContent) { who in
                    Call(path: "/api/v1/campus/enrolments/\(try mine(who).leaving)")
                },
                Route(method: .post, template: "/api/v1/campus/enrolments/import", access: admin) { who in
                    let csv = "boleta,period,clave,group\n\(try mine(who).student.boleta),\(periodCode),C505,5CV1\n"
                    return Call(path: "/api/v1/campus/enrolments/import", body: .bytes(contentType: "text/csv", Array(csv.utf8)))
                },
                Route(method: .get, template: "/api/v1/campus/teacher/groups", access: teacher) { _ in Call(path: "/api/v1/campus/teacher/groups") },
                Route(method: .get, template: "/api/v1/campus/availability", access: member) { _ in
                    Call(path: "/api/v1/campus/availability?career=ISC&shift=morning")
                },

                // Students (school services)
                Route(method: .get, template: "/api/v1/campus/students", access: admin) { _ in Call(path: "/api/v1/campus/students?q=2022630101") },
                Route(method: .post, template: "/api/v1/campus/students", access: admin, success: .created) { who in
                    let n = try mine(who).n
                    return Call(
                        path: "/api/v1/campus/students",
                        body: .json([
                            "email": "alta.\(n)@test.patio", "password": TestPatio.password, "name": "Alta \(n)",
                            "boleta": "20236308\(n)0", "planId": plan.uuidString,
                        ]))
                },
                Route(method: .get, template: "/api/v1/campus/students/{id}", access: admin) { _ in Call(path: "/api/v1/campus/students/\(anaID)") },
                Route(method: .put, template: "/api/v1/campus/students/{id}/personal-data", access: admin) { who in
                    Call(path: "/api/v1/campus/students/\(try mine(who).student.id)/personal-data", body: .json(["general": ["gender": "Masculino"]]))
                },
                Route(method: .put, template: "/api/v1/campus/students/{id}/photo", access: admin) { who in
                    Call(path: "/api/v1/campus/students/\(try mine(who).student.id)/photo", body: .bytes(contentType: "image/png", CampusWorld.png))
                },
                // Ana has not linked SAES here: school services are let through and told so (SAESBoletaTests reads a link).
                Route(method: .get, template: "/api/v1/campus/students/{id}/saes-link", access: admin, success: .notFound) { _ in
                    Call(path: "/api/v1/campus/students/\(anaID)/saes-link")
                },
                Route(method: .get, template: "/api/v1/campus/students/{id}/kardex", access: admin) { _ in
                    Call(path: "/api/v1/campus/students/\(anaID)/kardex")
                },
                Route(method: .post, template: "/api/v1/campus/students/{id}/kardex", access: admin, success: .created) { who in
                    Call(
                        path: "/api/v1/campus/students/\(try mine(who).student.id)/kardex",
                        body: .json(["clave": "C101", "date": "2026-06-10", "period": "2026/2", "evaluation": "ETS", "grade": "8"]))
                },

                // The student's own record
                Route(method: .get, template: "/api/v1/campus/me", access: student) { _ in Call(path: "/api/v1/campus/me") },
                Route(method: .get, template: "/api/v1/campus/me/grades", access: student) { _ in Call(path: "/api/v1/campus/me/grades") },
                Route(method: .get, template: "/api/v1/campus/me/kardex", access: student) { _ in Call(path: "/api/v1/campus/me/kardex") },
                Route(method: .get, template: "/api/v1/campus/me/schedule", access: student) { _ in Call(path: "/api/v1/campus/me/schedule") },
                Route(method: .get, template: "/api/v1/campus/me/schedule/receipt.pdf", access: student) { _ in
                    Call(path: "/api/v1/campus/me/schedule/receipt.pdf")
                },
                Route(method: .get, template: "/api/v1/campus/me/personal-data", access: student) { _ in Call(path: "/api/v1/campus/me/personal-data")
                },
                Route(method: .patch, template: "/api/v1/campus/me/personal-data", access: student) { _ in
                    Call(path: "/api/v1/campus/me/personal-data", body: .json(["contact": ["mobile": "55 1111 2222"]]))
                },
                Route(method: .get, template: "/api/v1/campus/me/photo", access: student) { _ in Call(path: "/api/v1/campus/me/photo") },
                Route(method: .get, template: "/api/v1/campus/me/credential", access: student) { _ in Call(path: "/api/v1/campus/me/credential") },
                Route(method: .get, template: "/api/v1/campus/me/calendar-feed", access: student) { _ in Call(path: "/api/v1/campus/me/calendar-feed")
                },
                Route(method: .post, template: "/api/v1/campus/me/calendar-feed/renew", access: student) { _ in
                    Call(path: "/api/v1/campus/me/calendar-feed/renew")
                },

                // The student's own SAES, against the fake portal, in the order a student goes through it
                Route(method: .get, template: "/api/v1/campus/saes/schools", access: student) { _ in Call(path: "/api/v1/campus/saes/schools") },
                Route(method: .post, template: "/api/v1/campus/saes/challenge", access: student, success: .created) { _ in
                    Call(path: "/api/v1/campus/saes/challenge", body: .json(["school": "escom"]))
                },
                Route(method: .get, template: "/api/v1/campus/saes/challenge", access: student) { _ in Call(path: "/api/v1/campus/saes/challenge") },
                Route(method: .post, template: "/api/v1/campus/saes/link", access: student) { _ in
                    Call(
                        path: "/api/v1/campus/saes/link",
                        body: .json([
                            "boleta": FakeStudent.demo.boleta, "password": FakeStudent.demo.password,
                            "captcha": fake.latestCaptchaAnswer ?? "?",
                        ]))
                },
                Route(method: .get, template: "/api/v1/campus/saes/link", access: student) { _ in Call(path: "/api/v1/campus/saes/link") },
                Route(method: .post, template: "/api/v1/campus/saes/sync", access: student) { _ in Call(path: "/api/v1/campus/saes/sync") },
                Route(method: .get, template: "/api/v1/campus/saes/availability", access: student) { _ in
                    Call(path: "/api/v1/campus/saes/availability")
                },
                Route(method: .get, template: "/api/v1/campus/saes/record", access: student) { _ in Call(path: "/api/v1/campus/saes/record") },
                Route(method: .delete, template: "/api/v1/campus/saes/link", access: student, success: .noContent) { _ in
                    Call(path: "/api/v1/campus/saes/link")
                },

                // School content and the public checks
                Route(method: .get, template: "/api/v1/campus/news", access: .everyone) { _ in Call(path: "/api/v1/campus/news") },
                Route(method: .post, template: "/api/v1/campus/news", access: admin, success: .created) { _ in
                    Call(
                        path: "/api/v1/campus/news",
                        body: .json([
                            "kind": "announcement", "title": "Credenciales", "body": "Recógelas en Gestión Escolar.", "category": "academic",
                        ]))
                },
                Route(method: .put, template: "/api/v1/campus/news/{id}", access: admin) { _ in
                    Call(
                        path: "/api/v1/campus/news/\(changedPost.id)",
                        body: .json(["kind": "news", "title": "Horario de biblioteca", "body": "Abre a las 8:00."]))
                },
                Route(method: .delete, template: "/api/v1/campus/news/{id}", access: admin, success: .noContent) { who in
                    Call(path: "/api/v1/campus/news/\(try mine(who).post)")
                },
                Route(method: .get, template: "/api/v1/campus/scholarships", access: .everyone) { _ in
                    Call(path: "/api/v1/campus/scholarships?status=open")
                },
                Route(method: .post, template: "/api/v1/campus/scholarships", access: admin, success: .created) { _ in
                    Call(path: "/api/v1/campus/scholarships", body: .json(scholarship))
                },
                Route(method: .put, template: "/api/v1/campus/scholarships/{id}", access: admin) { _ in
                    Call(path: "/api/v1/campus/scholarships/\(changedScholarship.id)", body: .json(scholarship.merging(["status": "closed"]) { $1 }))
                },
                Route(method: .delete, template: "/api/v1/campus/scholarships/{id}", access: admin, success: .noContent) { who in
                    Call(path: "/api/v1/campus/scholarships/\(try mine(who).scholarship)")
                },
                Route(method: .get, template: "/api/v1/campus/credentials/{token}", access: .everyone) { _ in
                    Call(path: "/api/v1/campus/credentials/\(credentialToken)")
                },
                Route(method: .get, template: "/api/v1/campus/receipts/{token}", access: .everyone) { _ in
                    Call(path: "/api/v1/campus/receipts/\(receiptToken)")
                },
                Route(method: .get, template: "/campus/calendar/{file}", access: .everyone) { _ in
                    // The student's link as it is now (the renew row above replaced the first one).
                    Call(path: try #require(URL(string: try await me.feedURL(try await s.students.find(anaID), base: "http://patio.test"))?.path))
                },
            ]

            // The table is every route CampusAPI serves, each with the access rule it declares.
            let served = patio.routes.filter { $0.path.hasPrefix("/api/v1/campus/") || $0.path == "/campus/calendar/{file}" }
            let declared = Dictionary(served.map { ("\($0.method.rawValue) \($0.path)", $0.access) }, uniquingKeysWith: { first, _ in first })
            #expect(
                Set(declared.keys) == Set(routes.map(\.name)),
                """
                routes without a row: \(Set(declared.keys).subtracting(routes.map(\.name)).sorted()); rows without a route: \
                \(Set(routes.map(\.name)).subtracting(declared.keys).sorted())
                """
            )
            #expect(routes.count == Set(routes.map(\.name)).count)

            for route in routes {
                #expect(
                    declared[route.name] == route.access,
                    "\(route.name) declares \(declared[route.name].map(String.init(describing:)) ?? "nothing"), the table says \(route.access)")
                let admitted = admitted(route.access).subtracting(route.refusedAnyway.keys)
                // Refusals first: a refused request must change nothing the admitted roles then rely on.
                for who in Who.allCases.filter({ !admitted.contains($0) }) + Who.allCases.filter({ admitted.contains($0) }) {
                    let call = try await route.call(who)
                    let response = try await send(client, route.method, call, token: tokens[who])
                    let said =
                        """
                        \(who.rawValue) → \(route.method.rawValue) \(call.path) answered \(response.status.code) \
                        \(String(buffer: response.body).prefix(300))
                        """
                    if admitted.contains(who) {
                        #expect(response.status == route.success, "\(said)")
                    } else if let (status, code) = route.refusedAnyway[who] {
                        #expect(try response.status == status && problem(response).code == code, "\(said)")
                    } else if who == .anonymous {
                        #expect(try response.status == .unauthorized && problem(response).code == "unauthenticated", "\(said)")
                    } else {
                        #expect(try response.status == .forbidden && problem(response).code == "forbidden", "\(said)")
                    }
                }
            }
        }

        static func send(_ client: any TestClientProtocol, _ method: HTTPRequest.Method, _ call: Call, token: String?) async throws -> TestResponse {
            switch call.body {
            case .none:
                return try await client.api(method, call.path, token: token)
            case .json(let value):
                return try await client.api(method, call.path, token: token, body: value)
            case .bytes(let contentType, let bytes):
                var headers: HTTPFields = [.contentType: contentType]
                if let token { headers[.authorization] = "Bearer \(token)" }
                return try await client.execute(uri: call.path, method: method, headers: headers, body: ByteBuffer(bytes: bytes))
            }
        }
    }
}
