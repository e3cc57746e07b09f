import SAESConnector
import Testing

@Suite("Which page SAES answered: its crash page, its sign-in page, or the page asked for")
struct PageKindTests {
    @Test("the crash page, the sign-in page and an ordinary page are told apart")
    func kinds() throws {
        #expect(SAESPageKind(html: try Fixture.html("error")) == .serverError)
        #expect(SAESPageKind(html: "<html><head><title>IPN-SAES</title></head><body></body></html>") == .signIn)
        #expect(SAESPageKind(html: try Fixture.html("grades_ctl00")) == .content)
    }

    @Test("the 52 schools: 32 universities and 20 high schools, each with its own portal")
    func schools() {
        #expect(SAESSchool.all.count == 52)
        #expect(SAESSchool.all.filter { $0.level == .university }.count == 32)
        #expect(Set(SAESSchool.all.map(\.code)).count == 52)
        #expect(SAESSchool.named("ESCOM")?.portalURL == "https://www.saes.escom.ipn.mx/")
        #expect(SAESSchool.named("cecyt19")?.name == "CECyT 19")
        #expect(SAESSchool.named("nope") == nil)
    }
}
