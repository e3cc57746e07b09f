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

    /// Builds the report from a student's seats (with each group's code, subject and teacher).
    static func make(period: PeriodView?, seats: [EnrolledGroup]) -> GradeReport {
        make(
            period: period, source: .school,
            rows: seats.map { seat in
                Row(
                    groupId: seat.groupID, groupCode: seat.groupCode, clave: seat.clave, subject: seat.subject, teacher: seat.teacher,
                    partials: seat.partials, extraordinary: seat.extraordinary, final: seat.final)
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

    /// The student's seats in `periodID` with each group, subject and teacher name.
    func enrolments(student: StudentModel, periodID: UUID) async throws -> [EnrolledGroup] {
        var seats = try await EnrolledGroup.rows(student: student.id!, period: periodID, on: try database.reader)
        let teachers = try await directory.entries(seats.compactMap(\.teacherAccountID))
        for index in seats.indices { seats[index].teacher = seats[index].teacherAccountID.flatMap { teachers[$0]?.name } }
        return seats
    }

    /// The grades of `periodID`, or of the current period when nil.
    func grades(student: StudentModel, periodID: UUID?) async throws -> GradeReport {
        let period: PeriodModel?
        if let periodID { period = try await record.period(periodID) } else { period = try await record.currentPeriod() }
        guard let period else { return GradeReport.make(period: nil, seats: []) }
        return GradeReport.make(period: RecordService.view(period), seats: try await enrolments(student: student, periodID: period.id!))
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
