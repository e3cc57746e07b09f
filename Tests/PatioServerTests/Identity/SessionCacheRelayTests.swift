import Foundation
@testable import PatioServer
import Testing

@Suite("Session cache relay: what an announcement heard on the event bus asks of this instance's cache")
struct SessionCacheRelayTests {
    let ana = UUID()

    @Test("another instance's announcement forgets the account; this instance's own, heard back, asks nothing")
    func ownAndOthers() {
        #expect(SessionCacheRelay.request("\(ana.uuidString) instance-b", origin: "instance-a") == .forget(ana))
        #expect(SessionCacheRelay.request("\(ana.uuidString) instance-a", origin: "instance-a") == .nothing)
    }

    @Test("an announcement without an origin (an earlier release) still forgets; one that cannot be read forgets everything")
    func unreadable() {
        #expect(SessionCacheRelay.request(ana.uuidString, origin: "instance-a") == .forget(ana))
        for type in ["", " ", "not-an-id instance-b", "instance-a", "\(ana.uuidString.dropLast()) instance-b"] {
            #expect(SessionCacheRelay.request(type, origin: "instance-a") == .forgetAll, "\(type)")
        }
    }
}
