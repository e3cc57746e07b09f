import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// Admin pages for students: search, create, edit, (de)activate, enrolments with their ledgers.
struct AdminStudentPages: Sendable {
    let s: AcademyServices
    let r: ModulePages

    func list(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let q = query["q"].map(String.init) ?? ""
        let page = try CursorPageRequest(limit: nil, cursor: query["cursor"].map(String.init))
        let students = try await s.students.list(query: q, page: page)
        return r.page("academy_students", title: r.text("ac_students", context), [
            "q": q, "qQuery": URLQuery.value(q), "hasStudents": !students.items.isEmpty, "next": students.nextCursor as Any,
            "students": students.items.map { ["id": $0.id.uuidString, "name": $0.name, "dni": $0.dni, "email": $0.email, "isActive": $0.isActive] },
        ], context: context)
    }

    func newForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        r.page("academy_student_new", title: r.text("ac_new_student", context), [:], context: context)
    }

    private static func input(_ form: FormBody) -> StudentService.Input {
        StudentService.Input(name: form.text("name"), email: form.text("email"), dni: form.text("dni"), phone: form["phone"],
                             birthdate: form["birthdate"], password: form["password"])
    }

    func create(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let student = try await s.students.create(Self.input(form))
            return redirect(to: "/academy/admin/students/\(student.id)")
        } catch let error as AppError {
            return r.page("academy_student_new", title: r.text("ac_new_student", context), [:], context: context, problem: error, values: form.values)
        }
    }

    func detail(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await detailPage(try context.uuidParameter("id"), context)
    }

    func detailPage(_ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, values: [String: String]? = nil, notice: String? = nil) async throws -> Response {
        let locale = context.locale
        let student = try await s.students.find(id)
        let settings = try await s.settings.current()
        let clock = PageClock(calendar: settings.calendar, context)
        let enrolments = try await s.enrolments.enrolments(student: id, activeOnly: false)
        let classes = try await s.catalogue.classes(includeArchived: false)
        let schedules = classes.flatMap { danceClass in
            danceClass.schedules.map { ["id": $0.id.uuidString, "label": "\(danceClass.name) · \(danceClass.locationName) · \(AcademyStrings.weekday($0.weekday, locale)) \($0.startTime)"] }
        }
        let packs = try await s.catalogue.packs(includeArchived: false)
        let attendances = try await s.attendance.history(student: id).items
        let profile = values ?? ["name": student.name, "email": student.email, "dni": student.dni, "phone": student.phone, "birthdate": student.birthdate ?? ""]
        return r.page("academy_student", title: student.name, [
            "student": student, "values": profile, "currency": settings.currency,
            "enrolments": enrolments.map {
                ["id": $0.id.uuidString, "studentId": id.uuidString, "className": $0.className, "locationName": $0.locationName,
                 "weekdayName": AcademyStrings.weekday($0.weekday, locale), "startTime": $0.startTime, "endTime": $0.endTime,
                 "isActive": $0.isActive, "remainingClasses": $0.remainingClasses] as [String: Any]
            },
            "hasSchedules": !schedules.isEmpty, "schedules": schedules,
            "packs": packs.map { ["id": $0.id.uuidString, "label": "\($0.name) · \($0.classes) \(r.text("ac_classes", context).lowercased()) · \(clock.money($0.price, $0.currency))"] },
            "attendances": attendances.map { ["sessionDate": clock.day($0.sessionDate), "className": $0.className, "time": clock.time($0.checkedInAt)] },
        ], context: context, problem: problem, notice: notice)
    }

    func update(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.students.update(id, Self.input(form))
            return try await detailPage(id, context, notice: r.text("ac_saved", context))
        } catch let error as AppError {
            return try await detailPage(id, context, problem: error, values: form.values)
        }
    }

    func deactivate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await setActive(false, context)
    }

    func activate(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await setActive(true, context)
    }

    private func setActive(_ active: Bool, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        do {
            _ = try await s.students.setActive(active, id: id)
            return redirect(to: "/academy/admin/students/\(id)")
        } catch let error as AppError {
            return try await detailPage(id, context, problem: error)
        }
    }

    func ledger(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let ledger = try await s.enrolments.ledger(try context.uuidParameter("id"))
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        return r.page("academy_ledger", title: r.text("ac_ledger", context), [
            "enrolment": ledger.enrolment, "balance": ledger.balance,
            "entries": ledger.entries.map {
                ["date": clock.dateTime($0.createdAt), "kindLabel": r.text("ac_kind_\($0.kind)", context), "note": clock.mentioningDays($0.note),
                 "deltaText": $0.delta > 0 ? "+\($0.delta)" : $0.delta < 0 ? "−\(-$0.delta)" : "0"]
            },
        ], context: context)
    }

    func adjust(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await enrolmentAction(request, context) { id, form in
            var validator = Validator()
            let classes = form.integer("classes", into: &validator)
            try validator.validate()
            _ = try await s.enrolments.adjust(id, .init(classes: classes, reason: form.text("reason")), actor: try context.requirePrincipal().accountID)
        }
    }

    func unenrol(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await enrolmentAction(request, context) { id, _ in _ = try await s.enrolments.unenrol(id) }
    }

    /// Runs an action on an enrolment and comes back to its student's page (with the reason when refused).
    private func enrolmentAction(_ request: Request, _ context: PatioRequestContext, _ action: (UUID, FormBody) async throws -> Void) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        let studentID = try await s.enrolments.enrolment(id).studentId
        do {
            try await action(id, form)
            return redirect(to: "/academy/admin/students/\(studentID)")
        } catch let error as AppError {
            return try await detailPage(studentID, context, problem: error)
        }
    }
}
