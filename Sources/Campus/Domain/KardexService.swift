import FluentKit
import Foundation
import PatioCore
import PatioData
import SQLKit

/// The kardex: closing a period turns each final into a line, school services add lines by hand
/// (equivalences, ETS), and the student reads theirs with averages and credits.
struct KardexService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    static let evaluations = ["ORD", "EXT", "ETS"]
    /// Rows per INSERT when a period closes: well under every database's limit on bound parameters.
    static let batchSize = 200

    struct ClosingSummary: Codable, Sendable, Equatable {
        var period: PeriodView
        /// Kardex lines written, one per final.
        var linesWritten: Int
        /// Enrolments that had no final and so left no line.
        var withoutFinal: Int
    }

    /// What closing the period would do, without doing it: the lines the finals would write and the
    /// enrolments left without one (school services' page asks with these numbers before closing).
    func closingPreview(periodID: UUID) async throws -> (linesToWrite: Int, withoutFinal: Int) {
        let db = try database.reader
        guard try await PeriodModel.find(periodID, on: db) != nil else { throw RecordService.periodNotFound }
        let enrolments = try await EnrolmentModel.query(on: db).filter(\.$periodID == periodID).count()
        let finals = try await EnrolmentModel.query(on: db).filter(\.$periodID == periodID).filter(\.$final != nil).count()
        return (finals, enrolments - finals)
    }

    /// Closes the period: in one transaction every final becomes a kardex line (`EXT` when the extraordinary
    /// was sat, otherwise `ORD`, dated the period's last day) and the period is marked closed, after which no
    /// grade of it changes. Closing a closed period is 409 `period_closed`.
    func close(periodID: UUID) async throws -> ClosingSummary {
        let now = clock.now()
        return try await database.write { db in
            guard let period = try await PeriodModel.find(periodID, on: db) else { throw RecordService.periodNotFound }
            guard period.closedAt == nil else { throw GradeService.periodClosed }
            let sql = try db.sql
            struct Row: Decodable {
                let student_id: UUID, clave: String, name: String, semester: Int, credits_hundredths: Int
                let extraordinary: String?, final: String?
            }
            let rows = try await sql.raw(
                """
                SELECT e.student_id, s.clave, s.name, s.semester, s.credits_hundredths, e.extraordinary, e.final
                FROM campus_enrolments e JOIN campus_subjects s ON s.id = e.subject_id
                WHERE e.period_id = \(bind: periodID)
                """
            ).all(decoding: Row.self)
            let finals = rows.filter { $0.final != nil }
            var written = 0
            for batch in BoundList.slices(finals, size: Self.batchSize) {
                var insert = sql.insert(into: KardexLineModel.schema)
                    .columns(
                        "id", "student_id", "clave", "subject_name", "semester", "credits_hundredths", "taken_on", "period_code", "evaluation",
                        "grade", "origin", "created_at")
                for row in batch {
                    let evaluation = row.extraordinary == nil ? "ORD" : "EXT"
                    insert = insert.values(
                        SQLBind(UUID()), SQLBind(row.student_id), SQLBind(row.clave), SQLBind(row.name), SQLBind(row.semester),
                        SQLBind(row.credits_hundredths), SQLBind(period.endsOn), SQLBind(period.code), SQLBind(evaluation),
                        SQLBind(row.final ?? ""), SQLBind("closing"), SQLBind(now))
                    written += 1
                }
                try await insert.run()
            }
            period.closedAt = now
            try await period.save(on: db)
            return ClosingSummary(period: RecordService.view(period), linesWritten: written, withoutFinal: rows.count - finals.count)
        }
    }

    struct LineInput: Codable, Sendable {
        var clave: String?
        var date: String?
        var period: String?
        var evaluation: String?
        var grade: String?
    }

    /// A line added by school services for a subject of the student's plan.
    func addLine(studentID: UUID, _ input: LineInput) async throws -> KardexReport.Line {
        guard let line = try await addLines(studentID: studentID, [input]).first else { throw StudentService.notFound }
        return line
    }

    /// Lines added together, all or none (the demo's history; an equivalence that covers several subjects).
    func addLines(studentID: UUID, _ inputs: [LineInput]) async throws -> [KardexReport.Line] {
        var validator = Validator()
        let checked = inputs.map { input in
            let clave = CampusText.required(input.clave, "clave", into: &validator, max: 20).uppercased()
            let date = CampusText.date(input.date, "date", into: &validator)
            let period = CampusText.required(input.period, "period", into: &validator, max: 10)
            validator.check(Self.evaluations.contains(input.evaluation ?? ""), "evaluation", "ORD, EXT or ETS.", code: "evaluation_unknown")
            let grade = input.grade.flatMap(Grade.init)
            validator.check(grade != nil, "grade", "A grade from 0 to 10 with at most one decimal, or NP.", code: "grade_format")
            return (clave: clave, date: date?.description ?? "", period: period, evaluation: input.evaluation ?? "ORD", grade: grade)
        }
        try validator.validate()
        let now = clock.now()
        return try await database.write { db in
            guard let student = try await StudentModel.find(studentID, on: db) else { throw StudentService.notFound }
            let subjects = try await SubjectModel.query(on: db).filter(\.$planID == student.planID).all()
            let byClave = Dictionary(subjects.map { ($0.clave, $0) }, uniquingKeysWith: { first, _ in first })
            var lines: [KardexReport.Line] = []
            for entry in checked {
                guard let subject = byClave[entry.clave] else {
                    throw AppError.validation(
                        field: "clave", "No subject of the student's plan has the clave \(entry.clave).", code: "subject_not_in_plan")
                }
                let line = KardexLineModel()
                line.id = UUID()
                line.studentID = studentID
                line.clave = subject.clave
                line.subjectName = subject.name
                line.semester = subject.semester
                line.creditsHundredths = subject.creditsHundredths
                line.takenOn = entry.date
                line.periodCode = entry.period
                line.evaluation = entry.evaluation
                line.grade = entry.grade?.text ?? ""
                line.origin = "school"
                line.createdAt = now
                try await line.create(on: db)
                lines.append(
                    KardexReport.Line(
                        id: line.id!, clave: line.clave, subject: line.subjectName, semester: line.semester,
                        credits: Credits.decimal(line.creditsHundredths),
                        date: line.takenOn, period: line.periodCode, evaluation: line.evaluation, grade: line.grade,
                        passed: entry.grade?.passes ?? false))
            }
            return lines
        }
    }

    /// The student's kardex. Every student page with the kardex runs this, so it reads with fixed SQL text, the
    /// lines by column place: the lines, and at once the career's name, the plan's code and the plan's credits
    /// in one statement.
    func report(_ student: StudentModel, search: String?) async throws -> KardexReport {
        let sql = try database.reader.sql
        async let linesRead = sql.raw(
            """
            SELECT id, clave, subject_name, semester, credits_hundredths, taken_on, period_code, evaluation, grade
            FROM campus_kardex WHERE student_id = \(bind: student.id!)
            """
        ).all()
        async let planRead = sql.raw(
            """
            SELECT (SELECT name FROM campus_careers WHERE id = \(bind: student.careerID)) AS career,
                   (SELECT code FROM campus_plans WHERE id = \(bind: student.planID)) AS plan,
                   (SELECT CAST(COALESCE(SUM(credits_hundredths), 0) AS BIGINT) FROM campus_subjects
                    WHERE plan_id = \(bind: student.planID)) AS credits
            """
        ).first(decoding: PlanRow.self)
        let lines = try await linesRead.map { row in
            var columns = SQLColumns(row)
            return KardexReport.Entry(
                id: try columns.uuid(0), clave: try columns.string(1), subject: try columns.string(2), semester: try columns.int(3),
                creditsHundredths: try columns.int(4), takenOn: try columns.string(5), periodCode: try columns.string(6),
                evaluation: try columns.string(7), grade: try columns.string(8))
        }
        let plan = try await planRead
        return KardexReport.make(
            career: plan?.career ?? "", plan: plan?.plan ?? "", entries: lines, planCreditsHundredths: plan?.credits ?? 0, search: search)
    }

    private struct PlanRow: Decodable {
        let career: String?
        let plan: String?
        let credits: Int
    }
}
