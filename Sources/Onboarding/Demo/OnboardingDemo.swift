import Foundation
import PatioIdentity
import PatioPlatform

/// Demo data: HR (`rrhh@demo.patio`), an employee (`nuevo@demo.patio`) with tasks due today, tomorrow and
/// later, and new hires this month and in others. Idempotent: runs once per database.
enum OnboardingDemo {
    static func seed(_ s: OnboardingServices, environment: ModuleEnvironment) async throws {
        let accounts = environment.identity.accounts
        if try await accounts.find(email: "rrhh@demo.patio") == nil {
            _ = try await accounts.create(
                NewAccount(email: "rrhh@demo.patio", name: "Renata Ruiz", password: "demo-password", roles: [OnboardingRoles.admin]))
        }
        let employee: AccountView
        if let existing = try await accounts.find(email: "nuevo@demo.patio") {
            employee = existing
        } else {
            employee = try await accounts.create(
                NewAccount(email: "nuevo@demo.patio", name: "Nicolás Vega", password: "demo-password", roles: [OnboardingRoles.employee]))
        }
        guard try await s.tasks.list(assignee: employee.id).isEmpty else { return }
        let today = try await s.settings.today()
        let hires: [(String, Int, String, String, String?)] = [
            ("Nicolás Vega", 0, "Producto", "Diseñador", "nuevo@demo.patio"),
            ("Lucía Fernández", 3, "Ventas", "Ejecutiva de cuenta", nil),
            ("Omar Castillo", -2, "Ingeniería", "Desarrollador backend", nil),
            ("Sofía Morales", 35, "Finanzas", "Analista", nil),
            ("Diego Ramírez", -40, "Operaciones", "Coordinador", nil),
        ]
        var ids: [UUID] = []
        for (name, offset, team, role, email) in hires {
            let start = today.adding(days: offset)
            // Keep "this month" hires inside the current month whatever day the demo is seeded on.
            let day = (offset.magnitude < 20) ? min(max(start, today.monthSpan.first), today.monthSpan.last) : start
            ids.append(try await s.newHires.create(.init(name: name, startDate: day.description, team: team, role: role, email: email)).id)
        }
        let tasks: [(String, Int, Bool)] = [
            ("Firmar el contrato y el aviso de privacidad", -1, true),
            ("Configurar tu correo y el chat del equipo", 0, false),
            ("Reunión de bienvenida con tu líder", 0, false),
            ("Completar el curso de seguridad", 1, false),
            ("Conocer a tu compañero mentor", 4, false),
            ("Revisar el manual del empleado", 9, false),
        ]
        for (text, offset, done) in tasks {
            _ = try await s.tasks.create(
                .init(text: text, dueDate: today.adding(days: offset).description, isDone: done, assigneeId: employee.id, newHireId: ids[0]))
        }
    }
}
