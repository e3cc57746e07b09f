import PatioCore
import Testing

@Suite("Request classification")
struct RequestPathTests {
    let paths = RequestPath()

    @Test("API calls are recognised however many slashes the router ignores")
    func apiPaths() {
        #expect(paths.isAPI("/api/v1/me"))
        #expect(paths.isAPI("//api/v1/me"))
        #expect(paths.isAPI("///api//v1/me"))
        #expect(paths.isAPI("/api"))
    }

    @Test("pages are not API calls, nor are look-alikes")
    func pages() {
        #expect(!paths.isAPI("/"))
        #expect(!paths.isAPI("/academy/me"))
        #expect(!paths.isAPI("/apix/v1"))
        #expect(!paths.isAPI("/x/api/v1"))
        #expect(RequestPath.normalised("//api///v1/") == "/api/v1")
    }

    @Test("a compatibility contract's prefixes are API calls only where a module declared them")
    func compatPrefixes() {
        let legacy = RequestPath(compatPrefixes: ["/LegacyApp/"])
        #expect(legacy.isAPI("/LegacyApp/api/login") && legacy.isAPI("//LegacyApp//api/login"))
        #expect(!paths.isAPI("/LegacyApp/api/login"))
        #expect(legacy.isForMachines("/LegacyApp/x") && legacy.isForMachines("/openapi.json") && !legacy.isForMachines("/academy"))
    }
}
