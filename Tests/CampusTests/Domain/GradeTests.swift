import Foundation
import Testing
@testable import Campus

@Suite("Grades and averages, as the school writes and counts them")
struct GradeTests {
    @Test("a grade is 0 to 10 with at most one decimal, or NP; a decimal comma is read; anything else is refused")
    func reading() {
        #expect(Grade("8.5") == .tenths(85))
        #expect(Grade(" 10 ") == .tenths(100))
        #expect(Grade("8,5") == .tenths(85))
        #expect(Grade("np") == .notPresented)
        #expect(Grade("0") == .tenths(0))
        for bad in ["10.5", "8.55", "-1", "11", "ocho", "", ".5", "8.", "100", "1e1", "٨"] { #expect(Grade(bad) == nil, "\(bad) should be refused") }
        #expect(Grade("9.0")?.text == "9" && Grade("8.5")?.text == "8.5" && Grade("NP")?.text == "NP")
    }

    @Test("6.0 passes, 5.9 and NP do not")
    func passing() {
        #expect(Grade("6")!.passes && !Grade("5.9")!.passes && !Grade("NP")!.passes)
    }

    @Test("averages count numeric grades only: NP and empty are left out, and nothing numeric is pending (nil)")
    func averages() {
        #expect(GradeAverage([Grade("8"), Grade("NP"), nil, Grade("9")])?.text == "8.50")
        #expect(GradeAverage([Grade("NP"), nil]) == nil)
        #expect(GradeAverage([]) == nil)
        // 8.25 + 9 → 8.625 → 8.63 (half up), and 7 + 8 + 8 → 7.666… → 7.67.
        #expect(GradeAverage([Grade("8.2"), Grade("8.3"), Grade("9"), Grade("9")])?.text == "8.63")
        #expect(GradeAverage([Grade("7"), Grade("8"), Grade("8")])?.text == "7.67")
        #expect(GradeAverage([Grade("10")])?.text == "10.00")
    }

    @Test("the grades report: per group the average of numeric partials, the general average of numeric finals, approved and pending counts")
    func report() {
        func seat(_ p1: String?, _ p2: String?, _ final: String?, group: String, subject: String, teacher: String? = nil) -> EnrolledGroup {
            EnrolledGroup(
                enrolmentID: UUID(), groupID: UUID(), groupCode: group, clave: subject, subject: subject, partials: [p1, p2, nil],
                final: final, teacher: teacher)
        }
        let report = GradeReport.make(
            period: nil,
            seats: [
                seat("8", "NP", "9", group: "A", subject: "S1"),
                seat(nil, nil, nil, group: "B", subject: "S2"),
                seat("5.5", "6.5", "5", group: "C", subject: "S3", teacher: "T"),
                seat("NP", nil, "NP", group: "D", subject: "S4"),
            ])
        #expect(report.rows.map(\.average) == ["8.00", nil, "6.00", nil])
        #expect(report.rows.map(\.passed) == [true, nil, false, false])
        #expect(report.generalAverage == "7.00")
        #expect(report.approved == 1 && report.pending == 1)
    }
}
