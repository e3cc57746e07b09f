import Foundation
import Testing
@testable import Campus

@Suite("The schedule receipt, as a PDF reader shows it")
struct ScheduleReceiptTests {
    static let header = ScheduleReceipt.Header(
        school: "Escuela Superior de Cómputo", studentName: "Ana Sofía Martínez López",
        boleta: "2022630101", career: "Ingeniería en Sistemas Computacionales", period: "2026/1",
        issuedOn: "25/11/2026")

    /// A week of `count` classes, each a subject of its own, so every one can be looked for in the text.
    static func schedule(classes count: Int) -> Schedule {
        let entries = (0..<count).map { index in
            Schedule.Entry(
                weekday: 1 + index % 6, startsAt: "07:00", endsAt: "08:30", clave: "C\(index)", subject: "Materia número \(index + 1)",
                teacher: "Docente \(index + 1)", group: "3CM\(index % 9 + 1)", building: "1", room: "\(100 + index)",
                colour: Schedule.colour(for: "C\(index)"))
        }
        return Schedule(period: nil, entries: entries)
    }

    /// The receipt's text per page, as poppler's `pdftotext` reads it (pages end with a form feed).
    static func pages(of schedule: Schedule) throws -> [String] {
        let folder = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("horario.pdf")
        try Data(
            ScheduleReceipt.render(
                header, schedule: schedule, verifyURL: "https://patio.example/campus/receipt/abc",
                createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        ).write(to: pdf)
        let text = try ExternalTool.run("pdftotext", ["-layout", pdf.path, "-"], package: "poppler-utils")
        #expect(text.status == 0, "pdftotext refused the receipt: \(text.errors)")
        return text.output.split(separator: "\u{0C}", omittingEmptySubsequences: true)
            .map(String.init).filter { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    }

    @Test("a usual week fits on one page with every class on it")
    func onePage() throws {
        let pages = try Self.pages(of: Self.schedule(classes: 25))
        #expect(pages.count == 1)
        for index in 1...25 { #expect(pages.joined().contains("Materia número \(index) "), "class \(index) is missing") }
    }

    @Test("a timetable longer than a page goes on over further pages, titles repeated, no class left off")
    func longTimetable() throws {
        let pages = try Self.pages(of: Self.schedule(classes: 90))
        #expect(pages.count >= 2)
        let all = pages.joined()
        for index in 1...90 { #expect(all.contains("Materia número \(index) "), "class \(index) is missing from the receipt") }
        for page in pages.dropFirst() {
            #expect(page.contains("2022630101") && page.contains("(continúa)") && page.contains("Profesor"), "a later page lacks its heading")
        }
        for page in pages { #expect(page.contains("Escanea el código QR para comprobar"), "a page lacks the footer that explains the QR code") }
    }

    @Test("a period without classes says so instead of showing an empty table")
    func empty() throws {
        let pages = try Self.pages(of: Self.schedule(classes: 0))
        #expect(pages.count == 1 && pages[0].contains("Sin clases inscritas en este periodo."))
    }
}
