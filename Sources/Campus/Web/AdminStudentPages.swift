import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// School services' students: the list with search and the form that opens a student; one student's page
/// with their photo, the personal data the school keeps, and the kardex with the form that adds a line by
/// hand (an equivalence, an ETS). Typed forms post to their page's own address (docs/web-pages.md).
extension CampusPageHandlers {
    func students(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await studentsPage(context, query: request.pageQuery.text("q") ?? "")
    }

    private func studentsPage(_ context: PatioRequestContext, query: String = "", problem: AppError? = nil, typed: [String: String] = [:])
        async throws -> Response
    {
        let students = try await s.students.list(query: query)
        return page(
            "campus_admin_students", "cam_students",
            [
                "students": students.map {
                    ["id": $0.id.uuidString, "name": $0.name, "boleta": $0.boleta, "career": $0.career.code, "plan": $0.planCode]
                },
                "hasStudents": !students.isEmpty, "query": query, "plans": try await planChoices(selected: typed["planId"]), "typed": typed,
                "emptyText": pages.emptyList("cam_no_students", noMatches: "cam_no_students_for", search: query, context),
            ], context, problem: problem)
    }

    /// Opens a student: their Patio account (role Estudiante) and the school's record of them. Done, the list
    /// shows them (found by their boleta) and says so; refused, the form is shown again with what was typed.
    func createStudent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let input = StudentService.Input(
            email: form.text("email"), password: form["password"], name: form.text("name"), boleta: form.text("boleta"),
            planId: form.uuid("planId"))
        do {
            let student = try await s.students.create(input)
            return redirect(
                to: "/campus/admin/students?q=\(URLQuery.value(student.boleta))",
                notice: String(format: pages.text("cam_student_created", context), student.name))
        } catch let error as AppError where error.status.code < 500 {
            // What was typed stays in the form, except the password.
            return try await studentsPage(context, problem: error, typed: form.values)
        }
    }

    func student(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await studentPage(try context.uuidParameter("id"), context)
    }

    /// The typed forms on a student's page, each named by the `form` field it posts to the page's own address.
    enum StudentForm: String { case personal, kardex }

    /// `typed`: a refused form, shown again with what was typed in it.
    private func studentPage(_ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws -> Response {
        let model = try await s.students.find(id)
        let student = try await s.students.view(model)
        let personal = s.students.personalData(model)
        let refused = typed.flatMap { StudentForm(rawValue: $0["form"] ?? "") }
        let line = refused == .kardex ? typed?.values ?? [:] : [:]
        let personalTyped = refused == .personal ? typed?.values : nil
        var data = kardexData(try await s.kardex.report(model, search: nil), context)
        data["student"] = [
            "id": student.id.uuidString, "name": student.name, "email": student.email, "boleta": student.boleta, "school": student.school.name,
            "hasPhoto": student.hasPhoto,
        ]
        data["groups"] = personalGroups(personal, context)
        data["personalFields"] = personal.fields.map { field -> [String: String] in
            let name = "\(field.group).\(field.name)"
            return ["name": name, "label": pages.text("cam_f_\(name)", context), "value": personalTyped.map { $0[name] ?? "" } ?? field.value ?? ""]
        }
        data["personalOpen"] = refused == .personal
        data["evaluations"] = KardexService.evaluations.map { ["value": $0, "selected": $0 == line["evaluation"]] }
        data["line"] = line
        // The subject is picked by name from the student's plan, the period from the school's; both post the code.
        data["subjectChoices"] = try await s.record.subjects(planID: model.planID).map { ["value": $0.clave, "label": "\($0.name) (\($0.clave))"] }
        data["periodChoices"] = try await s.record.periods().map { ["value": $0.code] }
        if let link = try await s.saesRecord.link(accountID: model.accountID) {
            let time = { (date: Date) in PageFormat.dateTime(date, in: SchoolCalendar.zone, locale: context.locale) }
            data["saesLink"] = [
                "boleta": link.boleta ?? "", "school": link.schoolName, "status": pages.text("cam_saes_status_\(link.status)", context),
                "linkedAt": link.linkedAt.map(time) ?? "", "syncedAt": link.syncedAt.map(time) ?? pages.text("cam_saes_never", context),
                "boletaDiffers": link.boleta.map { $0 != student.boleta } ?? false,
            ]
        }
        return page("campus_admin_student", "cam_students", data, context, problem: problem)
    }

    /// Both typed forms on a student's page post here, naming themselves in `form`: the personal data (the
    /// form holds every field; what it leaves empty is erased, as the API's replace does) or a kardex line
    /// added by hand. Done, the page says so once; refused, it is shown again here with what was typed.
    func studentForm(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        let page = "/campus/admin/students/\(id.uuidString)"
        do {
            switch StudentForm(rawValue: form["form"] ?? "") {
            case .personal:
                _ = try await s.students.replacePersonalData(id, PersonalData(paths: form.values.filter { $0.key != "form" }))
                return redirect(to: page, notice: pages.text("cam_saved", context))
            case .kardex:
                let line = try await s.kardex.addLine(
                    studentID: id,
                    .init(
                        clave: form.text("clave"), date: form.text("date"), period: form.text("period"),
                        evaluation: form.text("evaluation"), grade: form.text("grade")))
                return redirect(to: page, notice: String(format: pages.text("cam_line_added", context), line.subject))
            case nil:
                return redirect(to: page)
            }
        } catch let error as AppError where error.status.code < 500 {
            return try await studentPage(id, context, problem: error, typed: form)
        }
    }

    /// The photo chosen on the student's page (campus admin.js): the image as the body and the CSRF token in
    /// a header, answered as the API answers it.
    func uploadPhoto(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let bytes = try await JSONBody.collect(request, limit: BlobStore.maxBytes)
        return try .json(try await s.students.setPhoto(try context.uuidParameter("id"), bytes: Array(buffer: bytes)))
    }
}
