import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// School services' students: the list with search and the form that opens a student; one student's page
/// with their photo, the personal data the school keeps, and the kardex with the form that adds a line by
/// hand (an equivalence, an ETS). Every form answers its page again, with a notice or the refusal's messages.
extension CampusPageHandlers {
    func students(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await studentsPage(context, query: request.pageQuery.text("q") ?? "")
    }

    private func studentsPage(_ context: PatioRequestContext, query: String = "", problem: AppError? = nil, notice: String? = nil, typed: [String: String] = [:]) async throws -> Response {
        let students = try await s.students.list(query: query)
        let careers = Dictionary(uniqueKeysWithValues: try await s.record.careers().map { ($0.id, $0.code) })
        let plans = try await s.record.plans().map { ["id": $0.id.uuidString, "name": "\(careers[$0.careerId] ?? "") \($0.code)"] }
        return page("campus_admin_students", "cam_students", [
            "students": students.map { ["id": $0.id.uuidString, "name": $0.name, "boleta": $0.boleta, "career": $0.career.code, "plan": $0.planCode] },
            "hasStudents": !students.isEmpty, "query": query, "plans": plans, "typed": typed,
            "emptyText": pages.emptyList("cam_no_students", noMatches: "cam_no_students_for", search: query, context),
        ], context, problem: problem, notice: notice)
    }

    /// Opens a student: their Patio account (role Estudiante) and the school's record of them.
    func createStudent(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        let input = StudentService.Input(email: form.text("email"), password: form["password"], name: form.text("name"), boleta: form.text("boleta"),
                                         planId: form.text("planId").flatMap(UUID.init(uuidString:)))
        do {
            let student = try await s.students.create(input)
            return try await studentsPage(context, query: student.boleta, notice: String(format: pages.text("cam_student_created", context), student.name))
        } catch let error as AppError {
            // What was typed stays in the form, except the password.
            return try await studentsPage(context, problem: error, typed: form.values)
        }
    }

    func student(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await studentPage(try context.uuidParameter("id"), context)
    }

    /// `line`: a refused kardex line as typed, shown again in its form.
    private func studentPage(_ id: UUID, _ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil, line: [String: String] = [:]) async throws -> Response {
        let model = try await s.students.find(id)
        let student = try await s.students.view(model)
        let personal = s.students.personalData(model)
        var data = kardexData(try await s.kardex.report(model, search: nil), context)
        data["student"] = ["id": student.id.uuidString, "name": student.name, "email": student.email, "boleta": student.boleta, "school": student.school.name, "hasPhoto": student.hasPhoto]
        data["groups"] = personalGroups(personal, context)
        data["personalFields"] = personal.fields.map { ["name": "\($0.group).\($0.name)", "label": pages.text("cam_f_\($0.group).\($0.name)", context), "value": $0.value ?? ""] }
        data["evaluations"] = KardexService.evaluations.map { ["value": $0, "selected": $0 == line["evaluation"]] }
        data["line"] = line
        if let link = try await s.saesRecord.link(accountID: model.accountID) {
            let time = { (date: Date) in PageFormat.dateTime(date, in: SchoolCalendar.zone, locale: context.locale) }
            data["saesLink"] = [
                "boleta": link.boleta ?? "", "school": link.schoolName, "status": pages.text("cam_saes_status_\(link.status)", context),
                "linkedAt": link.linkedAt.map(time) ?? "", "syncedAt": link.syncedAt.map(time) ?? pages.text("cam_saes_never", context),
                "boletaDiffers": link.boleta.map { $0 != student.boleta } ?? false,
            ]
        }
        return page("campus_admin_student", "cam_students", data, context, problem: problem, notice: notice)
    }

    /// The form holds every field; what it leaves empty is erased, as the API's replace does.
    func updateStudentPersonal(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            _ = try await s.students.replacePersonalData(id, PersonalData(paths: form.values))
            return try await studentPage(id, context, notice: pages.text("cam_saved", context))
        } catch let error as AppError {
            return try await studentPage(id, context, problem: error)
        }
    }

    func addKardexLine(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let id = try context.uuidParameter("id")
        let form = try await FormBody.parse(request)
        do {
            let line = try await s.kardex.addLine(studentID: id, .init(clave: form.text("clave"), date: form.text("date"), period: form.text("period"),
                                                                        evaluation: form.text("evaluation"), grade: form.text("grade")))
            return try await studentPage(id, context, notice: String(format: pages.text("cam_line_added", context), line.subject))
        } catch let error as AppError {
            return try await studentPage(id, context, problem: error, line: form.values)
        }
    }

    /// The photo chosen on the student's page (campus admin.js): the image as the body and the CSRF token in
    /// a header, answered as the API answers it.
    func uploadPhoto(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let bytes = try await JSONBody.collect(request, limit: BlobStore.maxBytes)
        return try .json(try await s.students.setPhoto(try context.uuidParameter("id"), bytes: Array(buffer: bytes)))
    }
}
