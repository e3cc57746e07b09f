import HTMLQuery
import Testing

@Suite("HTMLQuery: libxml2's forgiving HTML parser with XPath")
struct HTMLDocumentTests {
    @Test("broken markup is recovered as a browser would: unclosed cells and rows still make a table")
    func recovers() {
        let document = HTMLDocument(html: "<table id=t><tr><td>a<td>b<tr><td>c</table><p>after")
        let rows = document.select("//table[@id='t']//tr")
        #expect(rows.count == 2)
        #expect(rows.first?.children.map(\.text) == ["a", "b"])
        #expect(document.first("//p")?.text == "after")
    }

    @Test("text decodes entities, makes <br> a line break, skips scripts; cleanText collapses spaces and non-breaking spaces")
    func text() {
        let cell = HTMLDocument(html: "<td id=c> 7:00&nbsp;-&nbsp;8:30<br/>Edif: 2 &amp; Sal&oacute;n<script>alert(1)</script> </td>").first(
            "//*[@id='c']")
        #expect(cell?.text.contains("\n") == true)
        #expect(cell?.text.contains("alert") == false)
        #expect(cell?.cleanText == "7:00 - 8:30 Edif: 2 & Salón")
        #expect(HTMLText.folded("  Miércoles\u{A0}SALÓN ") == "miercoles salon")
    }

    @Test("relative XPath stays inside the element; attributes read, missing ones are nil; a bad expression selects nothing")
    func queries() {
        let document = HTMLDocument(html: "<div id=a><span class=x title='uno'>1</span></div><div id=b><span class=x>2</span></div>")
        let second = document.first("//div[@id='b']")
        #expect(second?.select(".//span").map(\.text) == ["2"])
        #expect(document.first("//span")?.attribute("title") == "uno")
        #expect(document.first("//span")?.attribute("nope") == nil)
        #expect(document.select("//[[[").isEmpty)
    }

    @Test("empty text, plain text and invalid UTF-8 give a document without trapping")
    func anyInput() {
        #expect(HTMLDocument(html: "").select("//td").isEmpty)
        #expect(HTMLDocument(html: "just words").text == "just words")
        #expect(HTMLDocument(html: String(decoding: [0xFF, 0xFE, 0x3C, 0x74, 0x64, 0x3E, 0xC3], as: UTF8.self)).select("//td").count <= 1)
    }

    @Test(
        """
        collapsing spaces: every run of white space of any kind becomes one space and the ends are trimmed, as splitting on white space and \
        joining does
        """
    )
    func collapsingSpaces() {
        let pieces = ["a", "Sal", "ón", "7:00", " ", "  ", "\u{A0}", "\n", "\r\n", "\t", "\u{2003}", "\u{3000}", "é", "-", "\u{200B}"]
        var state: UInt64 = 0x5EED
        var checked = 0
        for _ in 0..<3_000 {
            var text = ""
            state = state &* 6364136223846793005 &+ 1442695040888963407
            for step in 0..<Int(state >> 60) {
                text += pieces[Int((state >> UInt64(step * 4)) & 0xF) % pieces.count]
            }
            let reference = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            #expect(HTMLText.collapsingSpaces(text) == reference, "\(Array(text.unicodeScalars))")
            checked += reference != text ? 1 : 0
        }
        // Most generated texts had white space to collapse: the comparison is not between unchanged texts.
        #expect(checked > 1_000)
        #expect(HTMLText.collapsingSpaces(" \u{A0}Edif:\n 2 \t- Salón: \r\n109\u{A0}") == "Edif: 2 - Salón: 109")
    }
}
