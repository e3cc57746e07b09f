import FluentKit
import Foundation
import PatioCore
import PatioIdentity
import PatioPlatform

/// The academy demo: two sedes, three classes at different levels with weekly schedules, a price list, the
/// teacher `maestra@demo.patio` and the student `alumna@demo.patio` enrolled with a pack and some attendance.
/// Idempotent: each part is only added when it is missing.
enum AcademyDemo {
    static let password = "demo-password"
    static let adminEmail = "maestra@demo.patio"
    static let studentEmail = "alumna@demo.patio"

    static func seed(services s: AcademyServices, environment: ModuleEnvironment) async throws {
        let accounts = environment.identity.accounts
        if try await accounts.find(email: adminEmail) == nil {
            _ = try await accounts.create(
                NewAccount(email: adminEmail, name: "Maestra Rosa Elvira", locale: "es", password: password, roles: [AcademyRoles.admin]))
        }
        guard try await s.catalogue.locations(includeArchived: true).isEmpty else { return }
        _ = try await s.settings.update(.init(name: "Academia de Marinera Classly", timeZone: "America/Lima", currency: "PEN"))

        let sanBorja = try await s.catalogue.createLocation(.init(name: "San Borja", address: "Av. San Luis 2450, San Borja"))
        let miraflores = try await s.catalogue.createLocation(.init(name: "Miraflores", address: "Calle Berlín 380, Miraflores"))
        let limena = try await s.catalogue.createClass(
            .init(
                locationId: sanBorja.id, name: "Marinera Limeña Avanzado",
                description: "Figuras, pañuelo y zapateo de competencia.", level: "advanced", capacity: 20))
        let nortena = try await s.catalogue.createClass(
            .init(
                locationId: sanBorja.id, name: "Marinera Norteña Intermedio",
                description: "Coreografía y desplazamientos en pareja.", level: "intermediate", capacity: 16))
        let basico = try await s.catalogue.createClass(
            .init(
                locationId: miraflores.id, name: "Marinera para Principiantes",
                description: "Pasos básicos, postura y ritmo.", level: "beginner", capacity: nil))
        let tuesday = try await s.catalogue.addSchedule(classID: limena.id, .init(weekday: 2, startTime: "19:00", endTime: "20:30"))
        _ = try await s.catalogue.addSchedule(classID: limena.id, .init(weekday: 4, startTime: "19:00", endTime: "20:30"))
        _ = try await s.catalogue.addSchedule(classID: nortena.id, .init(weekday: 1, startTime: "18:00", endTime: "19:30"))
        _ = try await s.catalogue.addSchedule(classID: nortena.id, .init(weekday: 3, startTime: "18:00", endTime: "19:30"))
        _ = try await s.catalogue.addSchedule(classID: basico.id, .init(weekday: 6, startTime: "10:00", endTime: "11:30"))

        _ = try await s.catalogue.createPack(.init(name: "Clase suelta", classes: 1, price: 3500))
        _ = try await s.catalogue.createPack(.init(name: "Pack 4 clases", classes: 4, price: 12000, validDays: 30))
        let eight = try await s.catalogue.createPack(.init(name: "Pack 8 clases", classes: 8, price: 22000, validDays: 60))

        let student: StudentView
        if let account = try await accounts.find(email: studentEmail), let existing = try await s.students.find(accountID: account.id) {
            student = existing
        } else {
            student = try await s.students.create(
                .init(
                    name: "Lucía Quispe Rojas", email: studentEmail, dni: "71234567",
                    phone: "987 654 321", birthdate: "2003-06-14", password: password))
        }
        let receipt = try await s.enrolments.recordPayment(.init(studentId: student.id, scheduleId: tuesday.id, packId: eight.id), actor: nil)
        try await pastAttendance(
            enrolment: receipt.enrolment.id, student: student.id, schedule: tuesday, location: sanBorja.id, services: s, environment: environment)
    }

    /// Three earlier Tuesday sessions, checked in five minutes after the start.
    private static func pastAttendance(
        enrolment: UUID, student: UUID, schedule: ScheduleView, location: UUID, services s: AcademyServices, environment: ModuleEnvironment
    ) async throws {
        let calendar = try await s.settings.current().calendar
        let now = environment.clock.now()
        let start = ClockTime.minutes(schedule.startTime)!
        var day = calendar.adding(days: -1, to: calendar.day(of: now))
        var sessions: [String] = []
        while sessions.count < 3 {
            if calendar.weekday(ofDay: day) == schedule.weekday { sessions.append(day) }
            day = calendar.adding(days: -1, to: day)
        }
        let dates = sessions.reversed()
        try await environment.database.write { db in
            var ledger = try await LedgerSession.open(enrolment: enrolment, now: now, on: db)
            for session in dates {
                let attendance = AttendanceModel()
                attendance.id = UUID()
                attendance.enrolmentID = enrolment
                attendance.studentID = student
                attendance.scheduleID = schedule.id
                attendance.locationID = location
                attendance.sessionDate = session
                attendance.checkedInAt = calendar.instant(day: session, minute: start + 5) ?? now
                try await attendance.create(on: db)
                try await ledger.consume(1, kind: .attendance, attendance: attendance.id, note: session, actor: nil)
            }
        }
    }
}
