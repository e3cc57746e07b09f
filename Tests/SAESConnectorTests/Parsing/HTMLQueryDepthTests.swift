import CLibXML2
import Testing
@testable import HTMLQuery

@Suite("HTMLQuery: reading the text of a tree deeper than any stack")
struct HTMLQueryDepthTests {
    @Test("the text under 200,000 nested elements (built directly, past libxml2's parsing depth) is read, <br> and scripts included")
    func deepTree() throws {
        let document = HTMLDocument(html: "<html><body><p id=\"top\">arriba</p></body></html>")
        let top = try #require(document.first("//p[@id='top']"))
        var parent: xmlNodePtr = top.node
        for level in 0..<200_000 {
            let name = level % 3 == 0 ? "table" : "div"
            let child = try #require(xmlNewNode(nil, name))
            xmlAddChild(parent, child)
            parent = child
        }
        xmlAddChild(parent, xmlNewText("fondo"))
        xmlAddChild(parent, xmlNewNode(nil, "br"))
        let script = try #require(xmlNewNode(nil, "script"))
        xmlAddChild(script, xmlNewText("oculto"))
        xmlAddChild(parent, script)
        xmlAddChild(parent, xmlNewText("final"))
        #expect(top.text == "arriba" + "fondo\nfinal")
        #expect(document.text.hasSuffix("fondo\nfinal"))
        #expect(top.cleanText == "arribafondo final")
    }
}
