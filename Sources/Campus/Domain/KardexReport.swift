import Foundation

/// A student's kardex as the page shows it: lines by semester, each semester's average and the cumulative
/// average up to it, the overall average, approved subjects and credits earned of the plan's total.
///
/// Averages count numeric grades only (`NP` is left out); a subject counts as approved once any of its lines
/// has 6 or more, and its credits count once.
struct KardexReport: Codable, Sendable, Equatable {
    struct Line: Codable, Sendable, Equatable {
        /// The kardex line Campus keeps; nil for a line read from SAES.
        var id: UUID?
        var clave: String
        var subject: String
        var semester: Int
        var credits: Double
        var date: String
        var period: String
        var evaluation: String
        var grade: String
        var passed: Bool
    }

    struct Semester: Codable, Sendable, Equatable {
        var semester: Int
        var lines: [Line]
        var average: String?
        /// The average of every numeric grade up to and including this semester.
        var cumulativeAverage: String?
        var approved: Int
    }

    var career: String
    var plan: String
    var semesters: [Semester]
    var overallAverage: String?
    var approvedSubjects: Int
    var creditsEarned: Double
    var creditsTotal: Double
    var source: RecordSource = .school

    /// One line before the report is worked out, whatever its source.
    struct Entry: Sendable {
        var id: UUID?
        var clave: String
        var subject: String
        var semester: Int
        var creditsHundredths: Int
        var takenOn: String
        var periodCode: String
        var evaluation: String
        var grade: String
    }

    static func make(career: String, plan: String, entries: [Entry], planCreditsHundredths: Int, search: String?, source: RecordSource = .school)
        -> KardexReport
    {
        let all = entries.sorted { ($0.semester, $0.clave, $0.takenOn) < ($1.semester, $1.clave, $1.takenOn) }
        let grades = all.map { Grade($0.grade) }
        var approvedCredits: [String: Int] = [:]
        for (line, grade) in zip(all, grades) where grade?.passes == true { approvedCredits[line.clave] = line.creditsHundredths }
        let folded = search.map(CampusText.folded).flatMap { $0.isEmpty ? nil : $0 }
        var semesters: [Semester] = []
        var cumulative: [Grade?] = []
        for number in Set(all.map(\.semester)).sorted() {
            let pairs = zip(all, grades).filter { $0.0.semester == number }
            cumulative += pairs.map(\.1)
            let shown = pairs.filter { line, _ in
                folded.map { CampusText.folded(line.clave).contains($0) || CampusText.folded(line.subject).contains($0) } ?? true
            }
            guard !shown.isEmpty else { continue }
            semesters.append(
                Semester(
                    semester: number,
                    lines: shown.map { line, grade in
                        Line(
                            id: line.id, clave: line.clave, subject: line.subject, semester: line.semester,
                            credits: Credits.decimal(line.creditsHundredths),
                            date: line.takenOn, period: line.periodCode, evaluation: line.evaluation, grade: line.grade,
                            passed: grade?.passes ?? false)
                    },
                    average: GradeAverage(pairs.map(\.1))?.text,
                    cumulativeAverage: GradeAverage(cumulative)?.text,
                    approved: Set(pairs.filter { $0.1?.passes == true }.map(\.0.clave)).count))
        }
        return KardexReport(
            career: career, plan: plan, semesters: semesters, overallAverage: GradeAverage(grades)?.text,
            approvedSubjects: approvedCredits.count, creditsEarned: Credits.decimal(approvedCredits.values.reduce(0, +)),
            creditsTotal: Credits.decimal(planCreditsHundredths), source: source)
    }
}
