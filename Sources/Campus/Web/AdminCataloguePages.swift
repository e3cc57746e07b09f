import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// School services' catalogue: schools, their careers and study plans with each plan's subjects, and the forms
/// that add one of each by hand (the CSV import on the admin page adds many subjects at once). Each form posts
/// to the page's own address naming what it adds in `form` (a school, a career, a plan or a subject); the
/// school, career or plan it belongs to is picked by name.
extension CampusPageHandlers {
    enum CatalogueForm: String { case school, career, plan, subject }

    func catalogue(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await cataloguePage(context)
    }

    private func cataloguePage(_ context: PatioRequestContext, problem: AppError? = nil, typed: FormBody? = nil) async throws -> Response {
        let schools = try await s.record.schools()
        let careers = try await s.record.careers()
        let plans = try await s.record.plans()
        let refused = typed.flatMap { Self.catalogueForm($0) }
        func values(_ form: CatalogueForm) -> [String: String] { refused == form ? typed?.values ?? [:] : [:] }
        var planRows: [[String: Any]] = []
        for plan in plans {
            let subjects = try await s.record.subjects(planID: plan.id)
            let career = careers.first { $0.id == plan.careerId }
            planRows.append([
                "id": plan.id.uuidString, "name": "\(career?.code ?? "") \(plan.code)", "credits": Self.decimal(plan.totalCredits),
                "subjects": subjects.map { ["clave": $0.clave, "name": $0.name, "semester": $0.semester] }, "subjectCount": subjects.count,
            ])
        }
        let career = values(.career), plan = values(.plan), subject = values(.subject)
        return page(
            "campus_admin_catalogue", "cam_catalogue",
            [
                "schools": schools.map { school in
                    [
                        "id": school.id.uuidString, "code": school.code, "name": school.name,
                        "careers": careers.filter { $0.schoolId == school.id }.map { ["code": $0.code, "name": $0.name] },
                    ]
                },
                "schoolChoices": Self.options(schools.map { ($0.id.uuidString, "\($0.name) (\($0.code))") }, selected: career["schoolId"]),
                "careerChoices": Self.options(careers.map { ($0.id.uuidString, "\($0.name) (\($0.code))") }, selected: plan["careerId"]),
                "planChoices": try await planChoices(selected: subject["planId"]),
                "plans": planRows, "hasSchools": !schools.isEmpty, "hasCareers": !careers.isEmpty, "hasPlans": !plans.isEmpty,
                "school": values(.school), "career": career, "plan": plan, "subject": subject,
                "schoolOpen": refused == .school, "careerOpen": refused == .career, "planOpen": refused == .plan, "subjectOpen": refused == .subject,
            ], context, problem: problem)
    }

    /// The form's name: `form`, or `what` as the page sent it before.
    private static func catalogueForm(_ form: FormBody) -> CatalogueForm? {
        CatalogueForm(rawValue: form["form"] ?? form["what"] ?? "")
    }

    func addToCatalogue(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        do {
            let added: String
            switch Self.catalogueForm(form) {
            case .school:
                added = try await s.record.createSchool(.init(code: form.text("code"), name: form.text("name"))).name
            case .career:
                added = try await s.record.createCareer(.init(schoolId: form.uuid("schoolId"), code: form.text("code"), name: form.text("name"))).name
            case .plan:
                added = try await s.record.createPlan(.init(careerId: form.uuid("careerId"), code: form.text("code"))).code
            case .subject:
                // Text that is not a number reaches the service as out of range, so every field's problem shows at once.
                let semester = form.text("semester").map { Int($0) ?? 0 }
                let credits = form.text("credits").map { Double($0.replacingOccurrences(of: ",", with: ".")) ?? -1 }
                added = try await s.record.createSubject(
                    .init(planId: form.uuid("planId"), clave: form.text("clave"), name: form.text("name"), semester: semester, credits: credits)
                ).name
            case nil:
                return redirect(to: "/campus/admin/catalogue")
            }
            return redirect(to: "/campus/admin/catalogue", notice: String(format: pages.text("cam_added", context), added))
        } catch let error as AppError where error.status.code < 500 {
            return try await cataloguePage(context, problem: error, typed: form)
        }
    }
}
