import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// Admin pages for students: search, create, edit, (de)activate, enrolments with their ledgers.
struct AdminStudentPages: Sendable {
    let s: AcademyServices
    let r: ModulePages

    func list(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let query = request.pageQuery
        let q = query.text("q") ?? ""
        let page = try CursorPageRequest(limit: nil, cursor: query["cursor"])
        let students = try await s.students.list(query: q, page: page)
        return r.page(
            "academy_students", title: r.text("ac_students", context),
            [
                "q": q, "qQuery": URLQuery.value(q), "hasStudents": !students.items.isEmpty, "next": students.nextCursor as Any,
                "students": students.items.map {
                    ["id": $0.id.uuidString, "name": $0.name, "dni": $0.dni, "email": $0.email, "isActive": $0.isActive]
                },
            ], context: context)
    }

    func newForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        r.page("academy_student_new", title: r.text("ac_new_student", context), [:], context: context)
    }

    private static func input(_ form: FormBody) -> StudentService.Input {
        StudentService.Input(
            name: form.text("name"), email: form.text("email"), dni: form.text("dni"), phone: form["phone"],
            birthdate: form["birthdate"], password: form["password"])
    }

    func create(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let student = try await s.students.create(Self.input(form))
            return redirect(to: "/academy/admin/students/\(student.id)", notice: String(format: r.text("ac_student_created", context), student.name))
        } catch let error as AppError {
            return r.page("academy_student_new", title: r.text("ac_new_student", context), [:], context: context, problem: error, values: form.values)
        }
    }

    func detail(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await detailPage(try context.uuidParameter("id"), context)
    }

    /// Forms on the student page, each named by the `form` field it sends to the page's own address.
    enum Form: String { case profile, payment, adjust }

    /// The student page. A refused form (`typed`) is shown again with what was typed, in that form: the
    /// profile, the payment, or the adjustment of the enrolment it names.
    func detailPage(_ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws -> Response {
        let locale = context.locale
        let student = try await s.students.find(id)
        let settings = try await s.settings.current()
        let clock = PageClock(calendar: settings.calendar, context)
        let enrolments = try await s.enrolments.enrolments(student: id, activeOnly: false)
        let classes = try await s.catalogue.classes(includeArchived: false)
        let refused = typed.map { (form: Form(rawValue: $0["form"] ?? "") ?? .profile, values: $0.values) }
        let payment = refused?.form == .payment ? refused?.values ?? [:] : [:]
        let adjusting = refused?.form == .adjust ? refused?.values ?? [:] : [:]
        let schedules = classes.flatMap { danceClass in
            danceClass.schedules.map {
                [
                    "id": $0.id.uuidString,
                    "label": "\(danceClass.name) · \(danceClass.locationName) · \(AcademyStrings.weekday($0.weekday, locale)) \($0.startTime)",
                    "selected": $0.id.uuidString == payment["scheduleId"],
                ] as [String: Any]
            }
        }
        let packs = try await s.catalogue.packs(includeArchived: false)
        let attendances = try await s.attendance.history(student: id).items
        let profile =
            refused?.form == .profile
            ? refused?.values ?? [:]
            : ["name": student.name, "email": student.email, "dni": student.dni, "phone": student.phone, "birthdate": student.birthdate ?? ""]
        return r.page(
            "academy_student", title: student.name,
            [
                "student": student, "values": profile, "payment": payment, "currency": settings.currency,
                "enrolments": enrolments.map {
                    let typed = adjusting["enrolment"] == $0.id.uuidString ? adjusting : [:]
                    return [
                        "id": $0.id.uuidString, "studentId": id.uuidString, "className": $0.className, "locationName": $0.locationName,
                        "weekdayName": AcademyStrings.weekday($0.weekday, locale), "startTime": $0.startTime, "endTime": $0.endTime,
                        "isActive": $0.isActive, "remainingClasses": $0.remainingClasses,
                        "adjustClasses": typed["classes"] ?? "", "adjustReason": typed["reason"] ?? "",
                    ] as [String: Any]
                },
                "hasSchedules": !schedules.isEmpty, "schedules": schedules,
                "packs": packs.map {
                    [
                        "id": $0.id.uuidString,
                        "label": "\($0.name) · \($0.classes) \(r.text("ac_classes", context).lowercased()) · \(clock.money($0.price, $0.currency))",
                        "selected": $0.id.uuidString == payment["packId"],
                    ] as [String: Any]
                },
                "attendances": attendances.map {
                    ["sessionDate": clock.day($0.sessionDate), "className": $0.className, "time": clock.time($0.checkedInAt)]
                },
            ], context: context, problem: problem)
    }

    /// Every form on the student page posts here, its own address, naming itself in `form`: the profile, a
    /// payment, or an adjustment of one enrolment's classes. Done, the page says so; refused, it is shown
    /// again here with what was typed.
    func save(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        let page = "/academy/admin/students/\(id)"
        do {
            switch Form(rawValue: form["form"] ?? "") ?? .profile {
            case .profile:
                _ = try await s.students.update(id, Self.input(form))
                return redirect(to: page, notice: r.text("ac_saved", context))
            case .payment:
                let receipt = try await AdminPaymentPages(s: s, r: r).record(student: id, form, context)
                return redirect(
                    to: page,
                    notice: String(
                        format: r.text("ac_payment_recorded", context), r.count(receipt.payment.classes, "ac_n_classes", context),
                        receipt.payment.className, r.count(receipt.enrolment.remainingClasses, "ac_n_left", context)))
            case .adjust:
                let notTheirs = AppError.notFound(code: "enrolment_not_found", "No enrolment of this student has this id.")
                guard let enrolmentID = form.uuid("enrolment") else { throw notTheirs }
                let enrolment = try await s.enrolments.enrolment(enrolmentID)
                guard enrolment.studentId == id else { throw notTheirs }
                var validator = Validator()
                let classes = form.integer("classes", into: &validator)
                try validator.validate()
                let adjusted = try await s.enrolments.adjust(
                    enrolment.id, .init(classes: classes, reason: form.text("reason")), actor: try context.requirePrincipal().accountID)
                return redirect(
                    to: page,
                    notice: String(
                        format: r.text("ac_adjusted", context), adjusted.className, r.count(adjusted.remainingClasses, "ac_n_left", context)))
            }
        } catch let error as AppError where error.status.code < 500 {
            return try await detailPage(id, context, problem: error, typed: form)
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
            return redirect(to: "/academy/admin/students/\(id)", notice: r.text("ac_saved", context))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: "/academy/admin/students/\(id)", alert: r.message(error, context))
        }
    }

    func ledger(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let ledger = try await s.enrolments.ledger(try context.uuidParameter("id"))
        let clock = PageClock(calendar: try await s.settings.current().calendar, context)
        return r.page(
            "academy_ledger", title: r.text("ac_ledger", context),
            [
                "enrolment": ledger.enrolment, "balance": ledger.balance,
                "entries": ledger.entries.map {
                    [
                        "date": clock.dateTime($0.createdAt), "kindLabel": r.text("ac_kind_\($0.kind)", context),
                        "note": clock.mentioningDays($0.note),
                        "deltaText": $0.delta > 0 ? "+\($0.delta)" : $0.delta < 0 ? "−\(-$0.delta)" : "0",
                    ]
                },
            ], context: context)
    }

    /// Unenrolling cannot be undone: it asks first, naming the student, the class and its day and time.
    func unenrol(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let enrolment = try await s.enrolments.enrolment(id)
        let student = try await s.students.find(enrolment.studentId)
        let page = "/academy/admin/students/\(student.id)"
        let place = "\(enrolment.className) · \(AcademyStrings.weekday(enrolment.weekday, context.locale)) \(enrolment.startTime)"
        if let ask = r.confirmation(
            try await FormBody.parse(request), request, context,
            question: String(format: r.text("ac_unenrol_question", context), student.name, place),
            consequences: [
                String(format: r.text("ac_unenrol_line", context), student.name, place),
                String(format: r.text("ac_unenrol_classes_line", context), r.count(enrolment.remainingClasses, "ac_n_left", context)),
            ],
            action: r.text("ac_yes_unenrol", context), back: page)
        {
            return ask
        }
        do {
            _ = try await s.enrolments.unenrol(id)
            return redirect(to: page, notice: String(format: r.text("ac_unenrolled", context), student.name, place))
        } catch let error as AppError where error.status.code < 500 {
            return redirect(to: page, alert: r.message(error, context))
        }
    }
}
