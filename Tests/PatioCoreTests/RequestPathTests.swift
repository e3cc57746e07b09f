import PatioCore
import Testing

@Suite("Request classification")
struct RequestPathTests {
    @Test("API calls are recognised however many slashes the router ignores")
    func apiPaths() {
        #expect(RequestPath.isAPI("/api/v1/me"))
        #expect(RequestPath.isAPI("//api/v1/me"))
        #expect(RequestPath.isAPI("///api//v1/me"))
        #expect(RequestPath.isAPI("/api"))
    }

    @Test("pages are not API calls, nor are look-alikes")
    func pages() {
        #expect(!RequestPath.isAPI("/"))
        #expect(!RequestPath.isAPI("/academy/me"))
        #expect(!RequestPath.isAPI("/apix/v1"))
        #expect(!RequestPath.isAPI("/x/api/v1"))
        #expect(RequestPath.normalised("//api///v1/") == "/api/v1")
    }
}
