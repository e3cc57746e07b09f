@testable import PatioIdentity
import Testing

@Suite("Client address behind proxies")
struct ClientAddressTests {
    @Test("the client is the entry the configured number of proxies appended, counted from the right")
    func countsFromTheRight() {
        #expect(ClientAddress.fromForwardedChain(["10.1.1.1", "203.0.113.7"], proxyHops: 1) == "203.0.113.7")
        #expect(ClientAddress.fromForwardedChain(["10.1.1.1", "203.0.113.7", "192.0.2.10"], proxyHops: 2) == "203.0.113.7")
        #expect(ClientAddress.fromForwardedChain(["2001:db8::1"], proxyHops: 1) == "2001:db8::1")
    }

    @Test("a chain shorter than the proxies, no proxies, or an entry that is not an address gives nothing to trust")
    func nothingToTrust() {
        #expect(ClientAddress.fromForwardedChain(["203.0.113.7"], proxyHops: 2) == nil)
        #expect(ClientAddress.fromForwardedChain(["203.0.113.7"], proxyHops: 0) == nil)
        #expect(ClientAddress.fromForwardedChain([], proxyHops: 1) == nil)
        #expect(ClientAddress.fromForwardedChain(["evil.example"], proxyHops: 1) == nil)
        #expect(ClientAddress.fromForwardedChain([""], proxyHops: 1) == nil)
    }
}
