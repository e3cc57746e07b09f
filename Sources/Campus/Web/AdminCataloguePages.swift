import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// School services' catalogue: schools, their careers and study plans with each plan's subjects, and the forms
/// that add one of each by hand (the CSV import on the admin page adds many subjects at once).
extension CampusPageHandlers {
    func catalogue(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        try await cataloguePage(context)
    }

    private func cataloguePage(_ context: PatioRequestContext, problem: AppError? = nil, notice: String? = nil, typed: [String: String] = [:]) async throws -> Response {
        let schools = try await s.record.schools()
        let careers = try await s.record.careers()
        let plans = try await s.record.plans()
        var planRows: [[String: Any]] = []
        for plan in plans {
            let subjects = try await s.record.subjects(planID: plan.id)
            let career = careers.first { $0.id == plan.careerId }
            planRows.append(["id": plan.id.uuidString, "name": "\(career?.code ?? "") \(plan.code)", "credits": Self.decimal(plan.totalCredits),
                             "subjects": subjects.map { ["clave": $0.clave, "name": $0.name, "semester": $0.semester] }, "subjectCount": subjects.count])
        }
        return page("campus_admin_catalogue", "cam_catalogue", [
            "schools": schools.map { school in
                ["id": school.id.uuidString, "code": school.code, "name": school.name,
                 "careers": careers.filter { $0.schoolId == school.id }.map { ["code": $0.code, "name": $0.name] }]
            },
            "careers": careers.map { ["id": $0.id.uuidString, "name": "\($0.code) · \($0.name)"] },
            "plans": planRows, "hasSchools": !schools.isEmpty, "hasCareers": !careers.isEmpty, "hasPlans": !plans.isEmpty, "typed": typed,
        ], context, problem: problem, notice: notice)
    }

    /// Each form names what it adds in `what`: a school, a career, a plan or a subject.
    func addToCatalogue(_ request: Request, _ context: PatioRequestContext) async throws -> Response {
        let form = try await FormBody.parse(request)
        func id(_ name: String) -> UUID? { form.text(name).flatMap(UUID.init(uuidString:)) }
        do {
            let added: String
            switch form.text("what") {
            case "school":
                added = try await s.record.createSchool(.init(code: form.text("code"), name: form.text("name"))).name
            case "career":
                added = try await s.record.createCareer(.init(schoolId: id("schoolId"), code: form.text("code"), name: form.text("name"))).name
            case "plan":
                added = try await s.record.createPlan(.init(careerId: id("careerId"), code: form.text("code"))).code
            default:
                // Text that is not a number reaches the service as out of range, so every field's problem shows at once.
                let semester = form.text("semester").map { Int($0) ?? 0 }
                let credits = form.text("credits").map { Double($0.replacingOccurrences(of: ",", with: ".")) ?? -1 }
                added = try await s.record.createSubject(.init(planId: id("planId"), clave: form.text("clave"), name: form.text("name"), semester: semester, credits: credits)).name
            }
            return try await cataloguePage(context, notice: String(format: pages.text("cam_added", context), added))
        } catch let error as AppError {
            return try await cataloguePage(context, problem: error, typed: form.values)
        }
    }
}
