@testable import PatioCore
import Testing

@Suite("WebSocket origin check")
struct WebSocketOriginTests {
    @Test("a page from the host and port the socket was opened on is the same origin, whatever the scheme")
    func sameOrigin() {
        #expect(WebSocketOrigin.matches("http://localhost:8080", host: "localhost:8080"))
        #expect(WebSocketOrigin.matches("https://patio.example", host: "patio.example"))
        #expect(WebSocketOrigin.matches("https://Patio.Example", host: "patio.example:443"))
    }

    @Test("another host, another port, a look-alike or no host at all is refused")
    func otherOrigins() {
        #expect(!WebSocketOrigin.matches("https://evil.example", host: "patio.example"))
        #expect(!WebSocketOrigin.matches("http://localhost:9999", host: "localhost:8080"))
        #expect(!WebSocketOrigin.matches("https://patio.example.evil.example", host: "patio.example"))
        #expect(!WebSocketOrigin.matches("null", host: "patio.example"))
        #expect(!WebSocketOrigin.matches("https://patio.example", host: nil))
    }
}
