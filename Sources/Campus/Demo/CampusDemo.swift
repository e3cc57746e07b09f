import Foundation
import PatioCore
import PatioIdentity

/// Demo data: an ESCOM-like school with ISC plan 2020, a closed period already in the kardex and the
/// current one with a dozen groups; `docente@demo.patio` teaching two of them and `estudiante@demo.patio`
/// in fifth semester with a full kardex, current grades and a schedule; news, announcements, scholarships
/// and the calendar. Idempotent: nothing is added once the school exists.
enum CampusDemo {
    /// Clave, name, semester, credits.
    static let subjects: [(String, String, Int, Double)] = [
        ("C101", "Fundamentos de Programación", 1, 7.5), ("C102", "Matemáticas Discretas", 1, 7.5), ("C103", "Cálculo", 1, 7.5),
        ("C104", "Comunicación Oral y Escrita", 1, 4.5), ("C105", "Análisis Vectorial", 1, 6), ("C106", "Ingeniería, Ética y Sociedad", 1, 4.5),
        ("C201", "Algoritmos y Estructuras de Datos", 2, 7.5), ("C202", "Álgebra Lineal", 2, 6), ("C203", "Cálculo Aplicado", 2, 6),
        ("C204", "Mecánica y Electromagnetismo", 2, 7.5), ("C205", "Ingeniería Económica", 2, 4.5), ("C206", "Fundamentos Económicos", 2, 4.5),
        ("C301", "Análisis y Diseño de Algoritmos", 3, 7.5), ("C302", "Paradigmas de Programación", 3, 7.5),
        ("C303", "Ecuaciones Diferenciales", 3, 6),
        ("C304", "Bases de Datos", 3, 7.5), ("C305", "Circuitos Eléctricos", 3, 6), ("C306", "Finanzas Empresariales", 3, 4.5),
        ("C401", "Teoría de la Computación", 4, 7.5), ("C402", "Sistemas Operativos", 4, 7.5), ("C403", "Probabilidad y Estadística", 4, 6),
        ("C404", "Análisis y Diseño de Sistemas", 4, 7.5), ("C405", "Electrónica Analógica", 4, 6), ("C406", "Fundamentos de Diseño Digital", 4, 6),
        ("C501", "Compiladores", 5, 7.5), ("C502", "Redes de Computadoras", 5, 7.5), ("C503", "Ingeniería de Software", 5, 7.5),
        ("C504", "Inteligencia Artificial", 5, 7.5), ("C505", "Diseño de Sistemas Digitales", 5, 6),
        ("C506", "Formulación y Evaluación de Proyectos Informáticos", 5, 4.5),
        ("C601", "Sistemas Distribuidos", 6, 7.5), ("C602", "Aplicaciones para Comunicaciones en Red", 6, 6),
        ("C603", "Métodos Cuantitativos para la Toma de Decisiones", 6, 6),
    ]

    /// Weekly times of the current period's morning groups, per fifth-semester subject: (weekday, start, end).
    static let morningSlots: [[(Int, String, String)]] = [
        [(1, "07:00", "08:30"), (3, "07:00", "08:30"), (5, "07:00", "08:30")],
        [(1, "08:30", "10:00"), (3, "08:30", "10:00"), (5, "08:30", "10:00")],
        [(2, "07:00", "08:30"), (4, "07:00", "08:30")],
        [(2, "08:30", "10:00"), (4, "08:30", "10:00"), (6, "09:00", "11:00")],
        [(1, "10:30", "12:00"), (3, "10:30", "12:00")],
        [(2, "10:30", "12:00"), (4, "10:30", "12:00")],
    ]

    static func seed(_ s: CampusServices, accounts: AccountService) async throws {
        guard try await s.record.schools().isEmpty else { return }
        _ = try await account(accounts, "docente@demo.patio", "Mtra. Rocío Hernández Juárez", CampusRoles.teacher)
        _ = try await account(accounts, "jgarcia@demo.patio", "Dr. Jorge García Salinas", CampusRoles.teacher)
        let school = try await s.record.createSchool(.init(code: "escom", name: "Escuela Superior de Cómputo"))
        let career = try await s.record.createCareer(.init(schoolId: school.id, code: "ISC", name: "Ingeniería en Sistemas Computacionales"))
        let plan = try await s.record.createPlan(.init(careerId: career.id, code: "2020"))
        // The record goes in the way a school would load it: CSV files, each applied in one transaction.
        let csv = s.csv
        _ = try await csv.importSubjects(
            planID: plan.id, (["clave,name,semester,credits"] + subjects.map { "\($0.0),\"\($0.1)\",\($0.2),\($0.3)" }).joined(separator: "\n"))
        let today = SchoolCalendar.today(s.clock)
        // The current period runs around today; the previous one ended before it started.
        let current = try await s.record.createPeriod(
            .init(code: periodCode(today), startsOn: today.adding(days: -75).description, endsOn: today.adding(days: 60).description))
        let previousEnd = today.adding(days: -90)
        let previous = try await s.record.createPeriod(
            .init(code: previousCode(current.code), startsOn: previousEnd.adding(days: -140).description, endsOn: previousEnd.description))

        let student = try await s.students.create(
            .init(
                email: "estudiante@demo.patio", password: "demo-password", name: "Ana Sofía Martínez López",
                boleta: "2022630101", planId: plan.id, personal: personal()))
        // Semesters 1 to 3: lines the school keeps (earlier periods), one of them recovered in an ETS.
        let history: [(String, String, String, String)] = [
            ("C101", "9.5", "ORD", "2022/2"), ("C102", "8", "ORD", "2022/2"), ("C103", "6.5", "ORD", "2022/2"), ("C104", "10", "ORD", "2022/2"),
            ("C105", "7", "ORD", "2022/2"), ("C106", "9", "ORD", "2022/2"), ("C201", "8.5", "ORD", "2023/1"), ("C202", "5", "ORD", "2023/1"),
            ("C202", "7", "ETS", "2023/1"), ("C203", "7.5", "ORD", "2023/1"), ("C204", "8", "ORD", "2023/1"), ("C205", "9", "ORD", "2023/1"),
            ("C206", "NP", "ORD", "2023/1"), ("C206", "8", "EXT", "2023/1"), ("C301", "9", "ORD", "2024/1"), ("C302", "8.5", "ORD", "2024/1"),
            ("C303", "7", "ORD", "2024/1"), ("C304", "10", "ORD", "2024/1"), ("C305", "6", "ORD", "2024/1"), ("C306", "8", "ORD", "2024/1"),
        ]
        _ = try await s.kardex.addLines(
            studentID: student.id,
            history.enumerated().map { index, line in
                let year = Int(line.3.prefix(4)) ?? 2023
                return .init(
                    clave: line.0, date: "\(year)-\(index % 2 == 0 ? "06" : "07")-1\(index % 9)", period: line.3, evaluation: line.2, grade: line.1)
            })
        // Classmates, so rosters and group averages are not a class of one.
        let classmates = [
            ("Luis Fernando Ortega Ruiz", "2022630102"), ("Mariana Castillo Peña", "2022630103"), ("Diego Alejandro Vázquez Mora", "2022630104"),
        ]
        for (name, boleta) in classmates {
            let email = name.split(separator: " ").first.map { "\($0.lowercased()).\(boleta.suffix(3))@demo.patio" } ?? "alumno\(boleta)@demo.patio"
            _ = try await s.students.create(
                .init(email: email, password: "demo-password", name: name, boleta: boleta, planId: plan.id, personal: PersonalData()))
        }
        // Semester 4 in the previous period (the student alone), semester 5 now in morning (5CM1) and evening
        // (5CV1) groups; the demo teacher has the first two morning groups.
        let fourth = ["C401", "C402", "C403", "C404", "C405", "C406"], fifth = ["C501", "C502", "C503", "C504", "C505", "C506"]
        var groupLines = ["period,clave,group,shift,quota,teacher_email,weekday,starts_at,ends_at,building,room"]
        for (index, clave) in fourth.enumerated() {
            for slot in morningSlots[index] {
                groupLines.append("\(previous.code),\(clave),4CM1,morning,35,jgarcia@demo.patio,\(slot.0),\(slot.1),\(slot.2),1,10\(index + 1)")
            }
        }
        for (index, clave) in fifth.enumerated() {
            let teacherEmail = index < 2 ? "docente@demo.patio" : "jgarcia@demo.patio"
            for slot in morningSlots[index] {
                groupLines.append("\(current.code),\(clave),5CM1,morning,30,\(teacherEmail),\(slot.0),\(slot.1),\(slot.2),2,20\(index + 1)")
                groupLines.append(
                    "\(current.code),\(clave),5CV1,evening,30,jgarcia@demo.patio,\(slot.0),\(shifted(slot.1)),\(shifted(slot.2)),3,30\(index + 1)")
            }
        }
        _ = try await csv.importGroups(planID: plan.id, groupLines.joined(separator: "\n"))
        let boletas = ["2022630101"] + classmates.map(\.1)
        let enrolments =
            fourth.map { "2022630101,\(previous.code),\($0),4CM1" }
            + boletas.flatMap { boleta in fifth.map { "\(boleta),\(current.code),\($0),5CM1" } }
        _ = try await csv.importEnrolments((["boleta,period,clave,group"] + enrolments).joined(separator: "\n"))

        // The previous period's finals, then its closing: semester 4 reaches the kardex the real way.
        let finals = ["8.7", "9", "7.4", "9.5", "6", "8.2"]
        for group in try await s.groups.list(GroupService.Filter(periodID: previous.id)) {
            guard let index = fourth.firstIndex(of: group.subject.clave) else { continue }
            let entries = try await s.grades.roster(groupID: group.id, for: systemAdmin).map {
                GradeService.Entry(
                    enrolmentId: $0.enrolmentId,
                    changes: [.partial1: finals[index], .partial2: finals[index], .partial3: finals[index], .final: finals[index]])
            }
            _ = try await s.grades.capture(groupID: group.id, entries, by: systemAdmin)
        }
        _ = try await s.kardex.close(periodID: previous.id)

        // Windows: the 1st partial is over, the 2nd is open now, the 3rd and the final come later.
        let now = s.clock.now()
        let day: TimeInterval = 86_400
        for (assessment, opens, closes) in [
            ("partial1", -40.0, -20.0), ("partial2", -3.0, 10.0), ("partial3", 30.0, 45.0), ("extraordinary", 50.0, 55.0), ("final", 45.0, 58.0),
        ] {
            _ = try await s.grades.setWindow(
                periodID: current.id,
                .init(assessment: assessment, opensAt: now.addingTimeInterval(opens * day), closesAt: now.addingTimeInterval(closes * day)))
        }
        let firstPartials = ["8.5", "9", "7", "10", "6.5", "NP"], secondPartials = ["9", nil, "8", nil, nil, nil]
        for group in try await s.groups.list(GroupService.Filter(periodID: current.id, shift: "morning")) {
            guard let index = fifth.firstIndex(of: group.subject.clave) else { continue }
            let roster = try await s.grades.roster(groupID: group.id, for: systemAdmin)
            let entries = roster.enumerated().map { offset, row -> GradeService.Entry in
                row.boleta == "2022630101"
                    ? .init(enrolmentId: row.enrolmentId, changes: [.partial1: firstPartials[index], .partial2: secondPartials[index]])
                    : .init(enrolmentId: row.enrolmentId, changes: [.partial1: ["7.5", "8", "9.5"][offset % 3]])
            }
            _ = try await s.grades.capture(groupID: group.id, entries, by: systemAdmin)
        }
        try await seedContent(s, current: current, today: today)
    }

    /// School services acting for the demo: captures outside any window, as the school may.
    static let systemAdmin = Principal(
        accountID: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xCA, 0x11)), email: "escolares@demo.patio",
        name: "Gestión Escolar", locale: .es, roles: [CampusRoles.admin], sessionID: UUID(), accountCreatedAt: Date(timeIntervalSince1970: 0))

    static func shifted(_ time: String) -> String {
        guard let minutes = CampusText.minutes(time) else { return time }
        return CampusText.clock(minutes + 7 * 60)
    }

    /// IPN names a period by the year it ends and its half: August–January is `/1`, February–July is `/2`.
    static func periodCode(_ date: LocalDate) -> String {
        date.month >= 8 ? "\(date.year + 1)/1" : (date.month == 1 ? "\(date.year)/1" : "\(date.year)/2")
    }

    /// The period before `code`: `2027/1` follows `2026/2`, which follows `2026/1`.
    static func previousCode(_ code: String) -> String {
        let year = Int(code.prefix(4)) ?? 2026
        return code.hasSuffix("/1") ? "\(year - 1)/2" : "\(year)/1"
    }

    static func account(_ accounts: AccountService, _ email: String, _ name: String, _ role: String) async throws -> UUID {
        if let existing = try await accounts.find(email: email) { return existing.id }
        return try await accounts.create(NewAccount(email: email, name: name, locale: "es", password: "demo-password", roles: [role])).id
    }

    static func personal() -> PersonalData {
        var data = PersonalData()
        data.general = .init(curp: "MALA040512MDFRPNA1", rfc: "MALA040512", militaryId: nil, passport: nil, gender: "Femenino")
        data.birth = .init(date: "2004-05-12", nationality: "Mexicana", place: "Ciudad de México")
        data.address = .init(
            street: "Av. Juan de Dios Bátiz", exteriorNumber: "120", interiorNumber: "4B", neighbourhood: "Lindavista",
            postalCode: "07738", state: "Ciudad de México", municipality: "Gustavo A. Madero")
        data.contact = .init(phone: "55 5729 6000", mobile: "55 1234 5678", email: "ana.martinez@alumno.ipn.mx", works: "No", officePhone: nil)
        data.previousSchooling = .init(
            school: "CECyT 9 Juan de Dios Bátiz", state: "Ciudad de México", middleSchoolAverage: "9.2", highSchoolAverage: "8.9")
        data.family = .init(guardian: "Laura López Ramírez", guardianRfc: "LORL750301", father: "Miguel Martínez Soto", mother: "Laura López Ramírez")
        return data
    }

    static func seedContent(_ s: CampusServices, current: PeriodView, today: LocalDate) async throws {
        let content = s.content
        _ = try await content.createPost(
            .init(
                kind: "news", title: "ESCOM gana el concurso nacional de programación",
                body: "El equipo representativo obtuvo el primer lugar en la final nacional celebrada en Guadalajara.", importance: 2,
                schools: ["escom"]))
        _ = try await content.createPost(
            .init(
                kind: "news", title: "Abre la convocatoria de movilidad internacional",
                body: "Consulta los requisitos en la Coordinación de Enlace y Gestión Técnica.", importance: 1))
        _ = try await content.createPost(
            .init(
                kind: "announcement", title: "Captura del segundo parcial",
                body: "Los profesores capturan el segundo parcial hasta el día 10. Revisa tus calificaciones.", category: "academic", importance: 2))
        _ = try await content.createPost(
            .init(
                kind: "announcement", title: "Mantenimiento de SAES el sábado", body: "El sistema no estará disponible de 22:00 a 02:00.",
                category: "maintenance", importance: 1))
        _ = try await content.createPost(
            .init(
                kind: "announcement", title: "Suspensión de clases por simulacro",
                body: "El jueves a las 11:00 se realizará el simulacro; sigue las indicaciones de protección civil.", category: "urgent",
                importance: 3, schools: ["escom"]))
        _ = try await content.createScholarship(
            .init(
                name: "Beca Institucional IPN", description: "Apoyo económico para estudiantes regulares con promedio mínimo de 8.", status: "open",
                amountMinor: 90_000, currency: "MXN", periodicity: "monthly", benefitType: "economic", link: "https://www.ipn.mx/becas/"))
        _ = try await content.createScholarship(
            .init(
                name: "Beca de Transporte", description: "Apoyo para el traslado de estudiantes que viven lejos de su unidad académica.",
                status: "registration_open", amountMinor: 50_000, currency: "MXN", periodicity: "monthly", benefitType: "transport",
                link: "https://www.ipn.mx/becas/"))
        _ = try await content.createScholarship(
            .init(
                name: "Beca Benito Juárez", description: "Beca universal para estudiantes de nivel superior.", status: "upcoming",
                amountMinor: 280_000, currency: "MXN", periodicity: "bimonthly", benefitType: "economic", link: "https://www.gob.mx/becasbenitojuarez"
            ))
        let events: [(String, String, Int, Int)] = [
            ("period_start", "Inicio del periodo \(current.code)", -75, -75), ("vacations", "Vacaciones de invierno", 25, 40),
            ("extraordinary_evaluation", "Exámenes extraordinarios", 50, 55), ("period_end", "Fin del periodo \(current.code)", 60, 60),
            ("other", "Día del Politécnico", 5, 5),
        ]
        for (kind, title, from, to) in events {
            _ = try await s.record.createEvent(
                .init(
                    periodId: current.id, kind: kind, title: title, startsOn: today.adding(days: from).description,
                    endsOn: today.adding(days: to).description))
        }
    }
}
