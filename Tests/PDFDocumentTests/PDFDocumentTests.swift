import Foundation
import Testing
@testable import PDFDocument

@Suite("PDF writing: structure, text in Windows-1252, metrics")
struct PDFDocumentTests {
    @Test("every cross-reference offset points at its object")
    func crossReference() throws {
        var document = PDFDocument(title: "Prueba (1)", creationDate: Date(timeIntervalSince1970: 0))
        var page = PDFPage()
        page.text("Año ¿Niño? (paréntesis) \\", x: 40, y: 60, size: 12)
        document.add(page)
        document.add(PDFPage())
        let bytes = document.render()
        let text = String(decoding: bytes, as: UTF8.self)
        let xref = try #require(text.range(of: "xref\n"))
        let entries = text[xref.upperBound...].split(separator: "\n").dropFirst(2).prefix(9)
        for (index, entry) in entries.enumerated() {
            let offset = try #require(Int(entry.prefix(10)))
            #expect(String(decoding: bytes[offset..<(offset + 8)], as: UTF8.self).hasPrefix("\(index + 1) 0 obj"))
        }
        #expect(text.contains("/Count 2"))
        #expect(text.contains("(A\\361o \\277Ni\\361o? \\(par\\351ntesis\\) \\\\)"))
    }

    @Test("Helvetica's widths measure text, and a long text is cut with an ellipsis to fit")
    func metrics() {
        #expect(abs(PDFPage.textWidth("Hello", size: 10) - 22.78) < 0.001)
        let fitted = PDFPage.fitted("Formulación y Evaluación de Proyectos Informáticos", size: 9, font: .regular, maxWidth: 100)
        #expect(fitted.hasSuffix("…") && PDFPage.textWidth(fitted, size: 9) <= 100)
    }

    @Test("characters outside Windows-1252 become ?, control characters vanish, and odd numbers never trap")
    func strangeInput() {
        #expect(PDFText.encode("€中\u{7}é") == [0x80, 0x3F, 0xE9])
        var page = PDFPage(width: .nan, height: -1)
        page.text("x", x: .infinity, y: .nan, size: .nan)
        page.rectangle(x: 1e308, y: -1e308, width: .nan, height: 1, fill: .black)
        var document = PDFDocument(title: "\u{0}", creationDate: Date(timeIntervalSince1970: .infinity))
        document.add(page)
        #expect(String(decoding: document.render(), as: UTF8.self).hasSuffix("%%EOF\n"))
    }
}
