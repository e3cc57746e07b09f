import Foundation
import PatioCore
import PatioPlatform

/// What the student's own pages and API answer, built once per request from the services.
struct StudentRecord: Sendable {
    let s: CampusServices

    var links: StudentLinks { StudentLinks(secrets: s.secrets, students: s.students) }
    var schedules: ScheduleService { ScheduleService(database: s.database, reader: s.reader, record: s.record) }

    // A student who linked SAES reads each page from SAES once it has been read there (the last good reading
    // when the latest failed); until then, and for an earlier period named explicitly, from the school's record.

    /// The student's SAES readings, nil when they have not linked it. A page that shows several parts of the
    /// record (the home page) reads them once and passes them to each part.
    func saesReadings(_ student: StudentModel) async throws -> SAESRecordView? {
        try await s.saesRecord.linkedRecord(accountID: student.accountID)
    }

    /// The grades of `periodID`, or of the current period when nil.
    func grades(_ student: StudentModel, periodID: UUID? = nil) async throws -> GradeReport {
        try await grades(student, periodID: periodID, saes: periodID == nil ? try await saesReadings(student) : nil)
    }

    /// The grades, with the student's SAES readings already read.
    func grades(_ student: StudentModel, periodID: UUID? = nil, saes: SAESRecordView?) async throws -> GradeReport {
        // The current period is read only when there are SAES grades to show in it.
        if periodID == nil, let saes, saes.grades != nil, let report = saes.gradeReport(in: try await currentPeriod()) { return report }
        return try await s.reader.grades(student: student, periodID: periodID)
    }

    /// The week of `periodID`, or of the current period when nil.
    func schedule(_ student: StudentModel, periodID: UUID? = nil) async throws -> Schedule {
        try await schedule(student, periodID: periodID, saes: periodID == nil ? try await saesReadings(student) : nil)
    }

    /// The week, with the student's SAES readings already read.
    func schedule(_ student: StudentModel, periodID: UUID? = nil, saes: SAESRecordView?) async throws -> Schedule {
        if periodID == nil, let saes, saes.schedule != nil, let week = saes.scheduleReport(in: try await currentPeriod()) { return week }
        return try await schedules.schedule(student: student, periodID: periodID)
    }

    /// The week and the grades of the current `period` (read by the caller, who may need it for more), for a
    /// page that shows both: from SAES when linked and read, otherwise from one reading of the school's record.
    func currentTerm(_ student: StudentModel, saes: SAESRecordView?, period: PeriodModel?) async throws -> (schedule: Schedule, grades: GradeReport) {
        let view = period.map(RecordService.view)
        let week = saes?.scheduleReport(in: view), grades = saes?.gradeReport(in: view)
        if let week, let grades { return (week, grades) }
        // A part not read from SAES (yet) comes from one reading of the school's record.
        let school = try await schedules.term(student: student, period: period)
        return (week ?? school.schedule, grades ?? school.grades)
    }

    /// The kardex, searched by clave or subject when `search` is given.
    func kardex(_ student: StudentModel, search: String?) async throws -> KardexReport {
        try await kardex(student, search: search, saes: try await saesReadings(student))
    }

    /// The kardex, with the student's SAES readings already read.
    func kardex(_ student: StudentModel, search: String?, saes: SAESRecordView?) async throws -> KardexReport {
        if let saes, let kardex = saes.kardex {
            return SAESRecordMapping.kardex(kardex, credits: saes.credits, search: search, source: saes.source(page: "kardex"))
        }
        return try await s.kardex.report(student, search: search)
    }

    /// The personal data with where it came from.
    func personalData(_ student: StudentModel) async throws -> (data: PersonalData, source: RecordSource) {
        if let saes = try await saesReadings(student), let fields = saes.personalData {
            return (PersonalData(paths: fields), saes.source(page: "personal_data"))
        }
        return (s.students.personalData(student), .school)
    }

    static let personalDataFromSAES = AppError(
        .conflict, code: "personal_data_from_saes",
        detail:
            """
            Your personal data is read from your SAES: change it there. A change made in Patio would go to a copy no page shows, and the next \
            reading would hide it.
            """
    )

    /// The student's own change to their personal data, field by field. With SAES linked every group is read
    /// from SAES (address and contact too), so any change is refused with 409 `personal_data_from_saes`:
    /// it would only reach the school's copy, which no page shows while the link lasts.
    func updatePersonalData(_ student: StudentModel, _ patch: PersonalDataPatch) async throws -> PersonalData {
        if try await s.saesRecord.link(accountID: student.accountID) != nil {
            guard patch.isEmpty else { throw Self.personalDataFromSAES }
            return try await personalData(student).data
        }
        return try await s.students.updateOwn(student, patch)
    }

    /// The student's photo: the one school services took, else the one SAES shows; 404 `photo_not_found`.
    func photo(_ student: StudentModel) async throws -> BlobStore.Blob {
        if student.photoBlob == nil, let photo = try await s.saesRecord.photo(accountID: student.accountID) { return photo }
        return try await s.students.photo(student)
    }

    private func hasPhoto(_ student: StudentModel, _ view: StudentView) async throws -> Bool {
        if view.hasPhoto { return true }
        return try await s.saesRecord.photo(accountID: student.accountID) != nil
    }

    private func currentPeriod() async throws -> PeriodView? {
        try await s.record.currentPeriod().map(RecordService.view)
    }

    func credential(_ student: StudentModel, base: String) async throws -> StudentLinks.Credential {
        let view = try await s.students.view(student)
        let status = try await s.reader.isEnrolledToday(student, today: SchoolCalendar.today(s.clock))
        let token = try await links.credentialToken(student)
        return StudentLinks.Credential(
            name: view.name, boleta: view.boleta, career: view.career.name, school: view.school.name, enrolled: status.enrolled,
            period: status.period?.code, hasPhoto: try await hasPhoto(student, view), verifyURL: base + "/campus/credential/" + token)
    }

    func feedURL(_ student: StudentModel, base: String) async throws -> String {
        base + "/campus/calendar/" + (try await links.feedToken(student)) + ".ics"
    }

    /// The `.ics` behind a feed link.
    func feed(token: String) async throws -> String {
        let student = try await links.feedStudent(token)
        let week = try await schedule(student)
        let calendar = try await s.record.calendar(periodID: week.period?.id)
        let name = try await s.students.view(student).name
        return CalendarFeed.render(schedule: week, calendar: calendar, studentName: name, stamp: s.clock.now())
    }

    /// The schedule receipt PDF of the current period. Its QR link carries a digest of what it prints.
    func receipt(_ student: StudentModel, base: String) async throws -> [UInt8] {
        let view = try await s.students.view(student)
        let week = try await schedule(student)
        guard let period = week.period else {
            throw AppError.notFound(code: "no_current_period", "There is no current period to issue a receipt for.")
        }
        let content = ReceiptContent(student: view, schedule: week, period: period.code)
        let token = try await links.receiptToken(student, periodID: period.id, digest: content.digest)
        let header = ScheduleReceipt.Header(
            school: view.school.name, studentName: view.name, boleta: view.boleta, career: view.career.name,
            period: period.code, issuedOn: SchoolCalendar.today(s.clock).description)
        return ScheduleReceipt.render(header, schedule: week, verifyURL: base + "/campus/receipt/" + token, createdAt: s.clock.now())
    }

    /// What scanning a receipt's QR shows: whether Patio issued it, whether the student still is one and is
    /// enrolled in its period, and what the record holds now for that receipt — the same content, built the
    /// same way as when it was printed, so when its digest matches the link's the page shows what was printed.
    func checkReceipt(_ token: String) async throws -> ReceiptCheck {
        guard let link = try await links.receiptLink(token), let student = try? await s.students.find(link.studentID),
            let period = try? await s.record.period(link.periodID)
        else { return .notAuthentic }
        guard try await s.students.isCurrent(student) else {
            return ReceiptCheck(authentic: true, valid: false, enrolled: false, period: period.code, matchesPrinted: nil, content: nil)
        }
        // The receipt of the current period printed the week the student's schedule page shows (SAES's once
        // linked); one of another period, the school's record of it.
        let week: Schedule
        if try await s.record.currentPeriod()?.id == period.id {
            week = try await schedule(student)
        } else {
            week = try await schedules.schedule(student: student, periodID: period.id!)
        }
        let content = ReceiptContent(student: try await s.students.view(student), schedule: week, period: period.code)
        let enrolled =
            try await !s.reader.enrolments(student: student, periodID: period.id!).isEmpty || (week.source.kind == .saes && !week.entries.isEmpty)
        let matches = link.digest.map { $0 == content.digest }
        return ReceiptCheck(
            authentic: true, valid: enrolled && matches != false, enrolled: enrolled, period: period.code, matchesPrinted: matches, content: content)
    }

    /// What scanning a credential's QR shows: valid while the student still is one and is enrolled today;
    /// with their name and photo while the link is genuine and they still are a student.
    func checkCredential(_ token: String) async throws -> StudentLinks.CredentialCheck {
        let today = SchoolCalendar.today(s.clock)
        guard let student = try await links.credentialStudent(token) else {
            return StudentLinks.CredentialCheck(valid: false, checkedOn: today.description)
        }
        let view = try await s.students.view(student)
        let enrolled = try await s.reader.isEnrolledToday(student, today: today).enrolled
        return StudentLinks.CredentialCheck(
            valid: enrolled, checkedOn: today.description, name: view.name, hasPhoto: try await hasPhoto(student, view))
    }

    /// The photo the credential check shows, while the link is genuine and the student still is one;
    /// otherwise 404 `photo_not_found`, as for a student without one.
    func credentialPhoto(_ token: String) async throws -> BlobStore.Blob {
        guard let student = try await links.credentialStudent(token) else {
            throw AppError.notFound(code: "photo_not_found", "There is no photo of this student.")
        }
        return try await photo(student)
    }
}
