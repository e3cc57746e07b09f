import Foundation
import Hummingbird
import PatioCore
import PatioWeb

/// Every `/academy/…` page and its access rule, in one place. A form posts to the address of the page it is
/// on (several forms on one page name themselves in a `form` or id field), and removing, unenrolling or
/// refunding asks first (docs/web-pages.md).
enum AcademyPages {
    static func register(on routes: PatioRoutes, services: AcademyServices, web: WebRenderer) {
        let renderer = ModulePages(web: web, strings: AcademyStrings.all, accent: "#b4235a") { context in
            [
                "isAdmin": context.principal?.has(role: AcademyRoles.admin) ?? false,
                "isStudent": context.principal?.has(role: AcademyRoles.student) ?? false,
            ]
        }
        let student = StudentPages(s: services, r: renderer)
        let catalogue = AdminCataloguePages(s: services, r: renderer)
        let people = AdminStudentPages(s: services, r: renderer)
        let money = AdminPaymentPages(s: services, r: renderer)
        let admin = Access.role(AcademyRoles.admin)
        let studentRole = Access.role(AcademyRoles.student)

        routes.get("/academy", .everyone, student.landing)
        routes.get("/academy/classes", .everyone, student.browse)
        routes.get("/academy/me", studentRole, student.myClasses)
        routes.get("/academy/me/attendances", studentRole, student.history)
        routes.get("/academy/checkin", studentRole, student.checkInForm)
        routes.post("/academy/checkin", studentRole, student.checkIn)

        routes.get("/academy/admin", admin, catalogue.today)
        routes.get("/academy/admin/settings", admin, catalogue.settings)
        routes.post("/academy/admin/settings", admin, catalogue.saveSettings)
        routes.get("/academy/admin/locations", admin, catalogue.locations)
        routes.post("/academy/admin/locations", admin, catalogue.saveLocation)
        routes.post("/academy/admin/locations/{id}/delete", admin, catalogue.deleteLocation)
        routes.get("/academy/locations/{id}/qr", admin, catalogue.roomScreen)
        routes.get("/academy/admin/classes", admin, catalogue.classes)
        routes.post("/academy/admin/classes", admin, catalogue.createClass)
        routes.get("/academy/admin/classes/{id}", admin, catalogue.classDetail)
        routes.post("/academy/admin/classes/{id}", admin, catalogue.saveClass)
        routes.post("/academy/admin/classes/{id}/delete", admin, catalogue.deleteClass)
        routes.post("/academy/admin/schedules/{id}/delete", admin, catalogue.deleteSchedule)
        routes.get("/academy/admin/schedules/{id}/attendance", admin, catalogue.sessionAttendance)
        routes.get("/academy/admin/packs", admin, catalogue.packs)
        routes.post("/academy/admin/packs", admin, catalogue.createPack)
        routes.post("/academy/admin/packs/{id}/delete", admin, catalogue.deletePack)

        routes.get("/academy/admin/students", admin, people.list)
        routes.get("/academy/admin/students/new", admin, people.newForm)
        routes.post("/academy/admin/students/new", admin, people.create)
        routes.get("/academy/admin/students/{id}", admin, people.detail)
        routes.post("/academy/admin/students/{id}", admin, people.save)
        routes.post("/academy/admin/students/{id}/deactivate", admin, people.deactivate)
        routes.post("/academy/admin/students/{id}/activate", admin, people.activate)
        routes.get("/academy/admin/enrolments/{id}", admin, people.ledger)
        routes.post("/academy/admin/enrolments/{id}/unenrol", admin, people.unenrol)
        routes.get("/academy/admin/payments", admin, money.list)
        routes.post("/academy/admin/payments", admin, money.refund)
        routes.get("/academy/admin/payments.csv", admin, money.csv)
    }
}
