import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity

/// The student's grades for a period, as SAES's grades page shows them and better: per group the five
/// grades, the average of the numeric partials so far (or pending), whether the final passes; for the period
/// the general average of the numeric finals and how many subjects are approved.
struct GradeReport: Codable, Sendable, Equatable {
    struct Row: Codable, Sendable, Equatable {
        /// The Campus group; nil for a row read from SAES, whose groups Patio does not hold.
        var groupId: UUID?
        var groupCode: String
        var clave: String
        var subject: String
        var teacher: String?
        var partial1: String?
        var partial2: String?
        var partial3: String?
        var extraordinary: String?
        var final: String?
        /// The average of the numeric partials; nil (pending) until one is captured.
        var average: String?
        /// Nil while there is no final.
        var passed: Bool?
    }

    var period: PeriodView?
    var rows: [Row]
    /// The average of the numeric finals; nil (pending) until one is captured.
    var generalAverage: String?
    /// Finals of 6 or more.
    var approved: Int
    /// Subjects still without a final.
    var pending: Int
    var source: RecordSource = .school

    /// Builds the report from a student's enrolments (with each group's code, subject and teacher).
    static func make(period: PeriodView?, rows enrolments: [(EnrolmentModel, GroupModel, SubjectModel, String?)]) -> GradeReport {
        make(
            period: period, source: .school,
            rows: enrolments.map { enrolment, group, subject, teacher in
                Row(
                    groupId: group.id, groupCode: group.code, clave: subject.clave, subject: subject.name, teacher: teacher,
                    partials: [enrolment.partial1, enrolment.partial2, enrolment.partial3], extraordinary: enrolment.extraordinary,
                    final: enrolment.final)
            })
    }

    /// Builds the report from rows of grades as captured (`8.5`, `NP` or nil), whatever their source: the row
    /// averages, the general average and the counts are worked out here, the same way for both.
    static func make(period: PeriodView?, source: RecordSource, rows: [Row]) -> GradeReport {
        let rows = rows.sorted { ($0.subject, $0.groupCode) < ($1.subject, $1.groupCode) }
        let finals = rows.map { $0.final.flatMap(Grade.init) }
        return GradeReport(
            period: period, rows: rows, generalAverage: GradeAverage(finals)?.text,
            approved: finals.filter { $0?.passes == true }.count, pending: finals.filter { $0 == nil }.count, source: source)
    }
}

extension GradeReport.Row {
    /// A row from its grades as captured; the average of the numeric partials and whether the final passes
    /// follow from them.
    init(
        groupId: UUID?, groupCode: String, clave: String, subject: String, teacher: String?,
        partials: [String?], extraordinary: String?, final: String?
    ) {
        let partials = (0..<3).map { $0 < partials.count ? partials[$0] : nil }
        self.init(
            groupId: groupId, groupCode: groupCode, clave: clave, subject: subject, teacher: teacher,
            partial1: partials[0], partial2: partials[1], partial3: partials[2], extraordinary: extraordinary, final: final,
            average: GradeAverage(partials.map { $0.flatMap(Grade.init) })?.text,
            passed: final.flatMap(Grade.init).map(\.passes))
    }
}

/// Reads a student's record for their pages and the API: grades of a period and the groups behind them.
struct RecordReader: Sendable {
    let database: PatioDatabase
    let directory: AccountDirectory
    let record: RecordService

    /// The student's enrolments in `periodID` with each group, subject and teacher name.
    func enrolments(student: StudentModel, periodID: UUID) async throws -> [(EnrolmentModel, GroupModel, SubjectModel, String?)] {
        let db = try database.reader
        let enrolments = try await EnrolmentModel.query(on: db).filter(\.$studentID == student.id!).filter(\.$periodID == periodID).all()
        let groups = try await GroupModel.query(on: db).filter(\.$id ~~ enrolments.map(\.groupID)).all()
        let subjects = try await SubjectModel.query(on: db).filter(\.$id ~~ enrolments.map(\.subjectID)).all()
        let teachers = try await directory.entries(groups.compactMap(\.teacherAccountID))
        let groupByID = Dictionary(uniqueKeysWithValues: groups.map { ($0.id!, $0) })
        let subjectByID = Dictionary(uniqueKeysWithValues: subjects.map { ($0.id!, $0) })
        return enrolments.compactMap { enrolment in
            guard let group = groupByID[enrolment.groupID], let subject = subjectByID[enrolment.subjectID] else { return nil }
            return (enrolment, group, subject, group.teacherAccountID.flatMap { teachers[$0]?.name })
        }
    }

    /// The grades of `periodID`, or of the current period when nil.
    func grades(student: StudentModel, periodID: UUID?) async throws -> GradeReport {
        let period: PeriodModel?
        if let periodID { period = try await record.period(periodID) } else { period = try await record.currentPeriod() }
        guard let period else { return GradeReport.make(period: nil, rows: []) }
        return GradeReport.make(period: RecordService.view(period), rows: try await enrolments(student: student, periodID: period.id!))
    }

    /// Whether the student is enrolled in the period running today.
    func isEnrolledToday(_ student: StudentModel, today: LocalDate) async throws -> (enrolled: Bool, period: PeriodModel?) {
        let text = today.description
        let periods = try await PeriodModel.query(on: try database.reader).filter(\.$startsOn <= text).filter(\.$endsOn >= text).all()
        for period in periods {
            let count = try await EnrolmentModel.query(on: try database.reader).filter(\.$studentID == student.id!).filter(\.$periodID == period.id!)
                .count()
            if count > 0 { return (true, period) }
        }
        return (false, periods.first)
    }
}
