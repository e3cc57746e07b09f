import Foundation
import Hummingbird
import PatioCore
import PatioPlatform

/// `/api/v1/academy/…`: the catalogue and price list are public; students reach only their own data (`me/…`,
/// check-in); everything else is for `academy.admin`.
enum AcademyAPI {
    static let admin = Access.role(AcademyRoles.admin)
    static let student = Access.role(AcademyRoles.student)

    static func register(on routes: PatioRoutes, services: AcademyServices) {
        let s = services
        routes.get("/api/v1/academy/settings", admin) { _, _ in try .json(try await s.settings.current()) }
        routes.put("/api/v1/academy/settings", admin) { request, _ in
            try .json(try await s.settings.update(try await JSONBody.decode(AcademySettingsService.Input.self, from: request)))
        }

        routes.get("/api/v1/academy/locations", .everyone) { _, _ in try .json(Items(try await s.catalogue.locations(includeArchived: false))) }
        routes.post("/api/v1/academy/locations", admin) { request, _ in
            try .json(
                try await s.catalogue.createLocation(try await JSONBody.decode(CatalogueService.LocationInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/academy/locations/{id}", .everyone) { _, context in
            try .json(LocationView(try await s.catalogue.location(try context.uuidParameter("id"))))
        }
        routes.put("/api/v1/academy/locations/{id}", admin) { request, context in
            try .json(
                try await s.catalogue.updateLocation(
                    try context.uuidParameter("id"), try await JSONBody.decode(CatalogueService.LocationInput.self, from: request)))
        }
        routes.delete("/api/v1/academy/locations/{id}", admin) { _, context in
            try .json(Outcome(result: try await s.catalogue.deleteLocation(try context.uuidParameter("id"))))
        }
        routes.get("/api/v1/academy/locations/{id}/checkin-code", admin) { request, context in
            try .json(try await s.checkIns.code(location: try context.uuidParameter("id"), baseURL: baseURL(request, services: s)))
        }
        routes.get("/api/v1/academy/locations/{id}/today", admin) { _, context in
            try .json(try await s.attendance.today(location: try context.uuidParameter("id"), catalogue: s.catalogue))
        }

        routes.get("/api/v1/academy/classes", .everyone) { request, _ in
            let (location, level) = try classFilter(request)
            return try .json(Items(try await s.catalogue.classes(locationID: location, level: level, includeArchived: false)))
        }
        routes.post("/api/v1/academy/classes", admin) { request, _ in
            try .json(try await s.catalogue.createClass(try await JSONBody.decode(CatalogueService.ClassInput.self, from: request)), status: .created)
        }
        routes.get("/api/v1/academy/classes/{id}", .everyone) { _, context in
            try .json(try await s.catalogue.classView(try context.uuidParameter("id")))
        }
        routes.put("/api/v1/academy/classes/{id}", admin) { request, context in
            try .json(
                try await s.catalogue.updateClass(
                    try context.uuidParameter("id"), try await JSONBody.decode(CatalogueService.ClassInput.self, from: request)))
        }
        routes.delete("/api/v1/academy/classes/{id}", admin) { _, context in
            try .json(Outcome(result: try await s.catalogue.deleteClass(try context.uuidParameter("id"))))
        }
        routes.post("/api/v1/academy/classes/{id}/schedules", admin) { request, context in
            try .json(
                try await s.catalogue.addSchedule(
                    classID: try context.uuidParameter("id"), try await JSONBody.decode(CatalogueService.ScheduleInput.self, from: request)),
                status: .created)
        }
        routes.delete("/api/v1/academy/schedules/{id}", admin) { _, context in
            try .json(Outcome(result: try await s.catalogue.deleteSchedule(try context.uuidParameter("id"))))
        }
        routes.post("/api/v1/academy/schedules/{id}/cancellations", admin) { request, context in
            let input = try await JSONBody.decode(SessionCancellations.Input.self, from: request)
            return try .json(
                try await s.cancellations.cancel(schedule: try context.uuidParameter("id"), input, actor: try context.requirePrincipal().accountID),
                status: .created)
        }
        routes.get("/api/v1/academy/schedules/{id}/cancellations", admin) { _, context in
            try .json(Items(try await s.cancellations.upcoming(schedule: try context.uuidParameter("id"))))
        }
        routes.get("/api/v1/academy/schedules/{id}/attendance", admin) { _, context in
            try .json(Items(try await s.attendance.sessionDates(schedule: try context.uuidParameter("id"))))
        }
        routes.get("/api/v1/academy/schedules/{id}/attendance/{date}", admin) { _, context in
            try .json(Items(try await s.attendance.session(schedule: try context.uuidParameter("id"), date: try context.parameters.require("date"))))
        }

        routes.get("/api/v1/academy/packs", .everyone) { _, _ in try .json(Items(try await s.catalogue.packs(includeArchived: false))) }
        routes.post("/api/v1/academy/packs", admin) { request, _ in
            try .json(try await s.catalogue.createPack(try await JSONBody.decode(CatalogueService.PackInput.self, from: request)), status: .created)
        }
        routes.put("/api/v1/academy/packs/{id}", admin) { request, context in
            try .json(
                try await s.catalogue.updatePack(
                    try context.uuidParameter("id"), try await JSONBody.decode(CatalogueService.PackInput.self, from: request)))
        }
        routes.delete("/api/v1/academy/packs/{id}", admin) { _, context in
            try .json(Outcome(result: try await s.catalogue.deletePack(try context.uuidParameter("id"))))
        }

        routes.get("/api/v1/academy/students", admin) { request, _ in
            let query = request.uri.queryParameters
            let page = try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))
            return try .json(try await s.students.list(query: query["q"].map(String.init), page: page))
        }
        routes.post("/api/v1/academy/students", admin) { request, _ in
            try .json(try await s.students.create(try await JSONBody.decode(StudentService.Input.self, from: request)), status: .created)
        }
        routes.get("/api/v1/academy/students/{id}", admin) { _, context in
            let id = try context.uuidParameter("id")
            return try .json(
                StudentDetail(student: try await s.students.find(id), enrolments: try await s.enrolments.enrolments(student: id, activeOnly: false)))
        }
        routes.put("/api/v1/academy/students/{id}", admin) { request, context in
            try .json(
                try await s.students.update(try context.uuidParameter("id"), try await JSONBody.decode(StudentService.Input.self, from: request)))
        }
        routes.post("/api/v1/academy/students/{id}/deactivate", admin) { _, context in
            try .json(try await s.students.setActive(false, id: try context.uuidParameter("id")))
        }
        routes.post("/api/v1/academy/students/{id}/activate", admin) { _, context in
            try .json(try await s.students.setActive(true, id: try context.uuidParameter("id")))
        }
        routes.get("/api/v1/academy/students/{id}/attendances", admin) { _, context in
            let id = try context.uuidParameter("id")
            _ = try await s.students.find(id)
            return try .json(try await s.attendance.history(student: id))
        }

        routes.get("/api/v1/academy/enrolments/{id}", admin) { _, context in try .json(try await s.enrolments.ledger(try context.uuidParameter("id")))
        }
        routes.delete("/api/v1/academy/enrolments/{id}", admin) { _, context in
            try .json(try await s.enrolments.unenrol(try context.uuidParameter("id")))
        }
        routes.post("/api/v1/academy/enrolments/{id}/adjustments", admin) { request, context in
            let input = try await JSONBody.decode(EnrolmentService.AdjustmentInput.self, from: request)
            return try .json(
                try await s.enrolments.adjust(try context.uuidParameter("id"), input, actor: try context.requirePrincipal().accountID),
                status: .created)
        }

        routes.post("/api/v1/academy/payments", admin) { request, context in
            let input = try await JSONBody.decode(EnrolmentService.PaymentInput.self, from: request)
            return try .json(try await s.enrolments.recordPayment(input, actor: try context.requirePrincipal().accountID), status: .created)
        }
        routes.get("/api/v1/academy/payments", admin) { request, _ in
            let query = request.uri.queryParameters
            let page = try CursorPageRequest(limit: query["limit"].map(String.init), cursor: query["cursor"].map(String.init))
            return try .json(try await s.enrolments.payments(try PaymentFilter(query: queryDictionary(request)), page: page))
        }
        routes.get("/api/v1/academy/payments/export.csv", admin) { request, _ in try await paymentsCSV(request, services: s) }
        routes.get("/api/v1/academy/payments/{id}", admin) { _, context in try .json(try await s.enrolments.payment(try context.uuidParameter("id")))
        }
        routes.post("/api/v1/academy/payments/{id}/refunds", admin) { request, context in
            let input = try await JSONBody.decode(EnrolmentService.RefundInput.self, from: request)
            return try .json(
                try await s.enrolments.refund(payment: try context.uuidParameter("id"), input, actor: try context.requirePrincipal().accountID),
                status: .created)
        }

        routes.get("/api/v1/academy/me/classes", student) { _, context in
            try .json(Items(try await s.attendance.myClasses(student: try await me(context, services: s).id)))
        }
        routes.get("/api/v1/academy/me/attendances", student) { _, context in
            try .json(try await s.attendance.history(student: try await me(context, services: s).id))
        }
        routes.post("/api/v1/academy/checkins", student) { request, context in
            struct Body: Decodable { var token: String }
            let body = try await JSONBody.decode(Body.self, from: request)
            return try .json(try await s.checkIns.checkIn(try context.requirePrincipal(), token: body.token), status: .created)
        }
    }

    struct Outcome: Encodable, Sendable { var result: DeletionOutcome }

    struct StudentDetail: Encodable, Sendable {
        var student: StudentView
        var enrolments: [EnrolmentView]
    }

    /// The filtered payments as a CSV download (API and admin page alike).
    static func paymentsCSV(_ request: Request, services: AcademyServices) async throws -> Response {
        let csv = try await services.enrolments.paymentsCSV(try PaymentFilter(query: queryDictionary(request)))
        return Response(
            status: .ok, headers: [.contentType: "text/csv; charset=utf-8", .contentDisposition: "attachment; filename=\"pagos.csv\""],
            body: .init(byteBuffer: ByteBuffer(string: csv)))
    }

    static func queryDictionary(_ request: Request) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { values[String(key)] = String(value) }
        return values
    }

    static func classFilter(_ request: Request) throws -> (UUID?, String?) {
        let query = request.uri.queryParameters
        var validator = Validator()
        var location: UUID?
        if let text = query["locationId"], !text.isEmpty {
            location = UUID(uuidString: String(text))
            validator.check(location != nil, "locationId", "Not a sede id.", code: "location_id_format")
        }
        let level = query["level"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        if let level {
            validator.check(ClassLevel(rawValue: level) != nil, "level", "Use beginner, intermediate, advanced or all.", code: "level_choice")
        }
        try validator.validate()
        return (location, level)
    }

    /// The student record of the caller; a student account without one (made outside the academy) gets 403.
    static func me(_ context: PatioRequestContext, services: AcademyServices) async throws -> StudentView {
        guard let student = try await services.students.find(accountID: try context.requirePrincipal().accountID) else {
            throw AppError(.forbidden, code: "not_a_student", detail: "This account has no student record in the academy.")
        }
        return student
    }

    /// Where phones reach Patio: `PATIO_PUBLIC_URL`, else the host this request came to.
    static func baseURL(_ request: Request, services: AcademyServices) -> String {
        PublicAddress.base(publicURL: services.publicURL, request: request)
    }
}
