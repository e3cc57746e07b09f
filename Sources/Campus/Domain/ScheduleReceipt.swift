import Foundation
import PDFDocument
import QRCode

/// The schedule receipt (SAES's "comprobante de horario"), written by Patio as an A4 PDF: the school, the
/// student, boleta, career and period, the timetable, and a QR code that opens Patio's check of the receipt.
/// A timetable longer than the first page goes on over further pages, each with the column titles again, so
/// no class is ever left off.
enum ScheduleReceipt {
    struct Header: Sendable {
        var school: String
        var studentName: String
        var boleta: String
        var career: String
        var period: String
        var issuedOn: String
    }

    static let days = ["", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"]

    static func render(_ header: Header, schedule: Schedule, verifyURL: String, createdAt: Date) -> [UInt8] {
        var page = PDFPage()
        let margin = 40.0, width = PDFPage.a4Width - 2 * margin
        let accent = PDFColor(hex: "#7f1d3f") ?? .black
        page.text("Comprobante de horario", x: margin, y: 50, size: 18, font: .bold, color: accent)
        page.text(header.school, x: margin, y: 70, size: 10, maxWidth: width - 130)
        var y = 100.0
        for (label, value) in [
            ("Alumno", header.studentName), ("Boleta", header.boleta), ("Carrera", header.career), ("Periodo", header.period),
            ("Emitido", header.issuedOn),
        ] {
            page.text(label, x: margin, y: y, size: 10, font: .bold)
            page.text(value, x: margin + 70, y: y, size: 10, maxWidth: width - 200)
            y += 16
        }
        if let qr = try? QRCode(text: verifyURL, correction: .medium) {
            let cell = 110.0 / Double(qr.size + 8)
            page.cells(x: PDFPage.a4Width - margin - 110 + 4 * cell, y: 40 + 4 * cell, cellSize: cell, count: qr.size) { qr.isDark(x: $0, y: $1) }
            page.text("Verificar", x: PDFPage.a4Width - margin - 78, y: 160, size: 8, color: .grey)
        }
        y = max(y, 180) + 10
        // The timetable: one row per class, by day and time.
        let columns: [(String, Double)] = [("Día", 58), ("Horario", 72), ("Materia", 170), ("Grupo", 44), ("Profesor", 110), ("Salón", 61)]
        let footer = "Escanea el código QR para comprobar que este horario es auténtico y vigente."
        func columnTitles(on page: inout PDFPage, at y: Double) {
            var x = margin
            page.rectangle(x: margin, y: y - 12, width: width, height: 18, fill: PDFColor(hex: "#f3e8ec"))
            for (title, columnWidth) in columns {
                page.text(title, x: x + 4, y: y, size: 9, font: .bold)
                x += columnWidth
            }
        }
        var pages: [PDFPage] = []
        columnTitles(on: &page, at: y)
        y += 18
        for entry in schedule.entries {
            if y > PDFPage.a4Height - 60 {
                pages.append(page)
                page = PDFPage()
                page.text(
                    "Comprobante de horario · \(header.boleta) · \(header.period) (continúa)", x: margin, y: 40, size: 10, font: .bold, color: accent,
                    maxWidth: width)
                y = 70
                columnTitles(on: &page, at: y)
                y += 18
            }
            let cells = [
                days[safe: entry.weekday] ?? "", "\(entry.startsAt)–\(entry.endsAt)", entry.subject, entry.group, entry.teacher ?? "—",
                "\(entry.building)-\(entry.room)",
            ]
            var x = margin
            page.rectangle(x: margin, y: y - 11, width: 4, height: 15, fill: PDFColor(hex: entry.colour))
            for ((_, columnWidth), value) in zip(columns, cells) {
                page.text(value, x: x + 6, y: y, size: 9, maxWidth: columnWidth - 8)
                x += columnWidth
            }
            page.line(fromX: margin, fromY: y + 5, toX: margin + width, toY: y + 5, color: PDFColor(hex: "#e5e7eb") ?? .grey)
            y += 17
        }
        if schedule.entries.isEmpty { page.text("Sin clases inscritas en este periodo.", x: margin, y: y, size: 10, color: .grey) }
        pages.append(page)
        var document = PDFDocument(title: "Comprobante de horario \(header.boleta) \(header.period)", author: header.school, creationDate: createdAt)
        // Every page has the band across its top and the footer that says what the QR code is for.
        for var page in pages {
            page.rectangle(x: 0, y: 0, width: PDFPage.a4Width, height: 8, fill: accent)
            page.text(footer, x: margin, y: PDFPage.a4Height - 30, size: 8, color: .grey)
            document.add(page)
        }
        return document.render()
    }
}
