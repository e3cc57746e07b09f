import Foundation
import Testing
@testable import Campus

@Suite("The kardex: semester and cumulative averages, approved subjects and credits")
struct KardexReportTests {
    func line(_ clave: String, _ semester: Int, _ grade: String, credits: Int = 750, evaluation: String = "ORD") -> KardexReport.Entry {
        KardexReport.Entry(
            id: UUID(), clave: clave, subject: "Materia \(clave)", semester: semester, creditsHundredths: credits, takenOn: "2024-06-10",
            periodCode: "2024/2", evaluation: evaluation, grade: grade)
    }

    @Test("a subject failed then passed counts once as approved and earns its credits once; NP is left out of averages")
    func counting() {
        let report = KardexReport.make(
            career: "ISC", plan: "2020",
            entries: [
                line("A", 1, "9"), line("B", 1, "5"), line("B", 1, "7", evaluation: "ETS"), line("C", 1, "NP", credits: 450),
                line("D", 2, "8.5", credits: 600), line("E", 2, "10"),
            ], planCreditsHundredths: 30_000, search: nil)
        #expect(report.approvedSubjects == 4)
        #expect(report.creditsEarned == 28.5)
        #expect(report.creditsTotal == 300)
        #expect(report.semesters.map(\.average) == ["7.00", "9.25"])
        // Semester 2's cumulative average counts 9, 5, 7, 8.5 and 10.
        #expect(report.semesters.map(\.cumulativeAverage) == ["7.00", "7.90"])
        #expect(report.overallAverage == "7.90")
        #expect(report.semesters.map(\.approved) == [2, 2])
    }

    @Test("search narrows the lines shown (accents and case ignored) but not the averages")
    func search() {
        var lines = [line("A", 1, "9"), line("B", 2, "7")]
        lines[1].subject = "Cálculo Aplicado"
        let report = KardexReport.make(career: "ISC", plan: "2020", entries: lines, planCreditsHundredths: 0, search: "calculo")
        #expect(report.semesters.map(\.semester) == [2])
        #expect(report.overallAverage == "8.00")
        #expect(KardexReport.make(career: "", plan: "", entries: [], planCreditsHundredths: 0, search: nil).overallAverage == nil)
    }
}
