import Foundation
import PatioKit
import Testing

@Suite("Passkeys: Patio's half of the ceremony, shaped for AuthenticationServices")
struct PasskeyTests {
    @Test("a sign-in challenge names Patio's relying party and a fresh challenge; a forged assertion is refused and starts no session")
    func signIn() async throws {
        try await RunningPatio.with { server in
            let patio = server.client()
            let first = try await patio.passkeySignInChallenge()
            let second = try await patio.passkeySignInChallenge()
            #expect(!first.relyingPartyID.isEmpty && first.challenge.count >= 16 && first.challenge != second.challenge)
            do {
                try await patio.signInWithPasskey(
                    credentialID: Data(repeating: 1, count: 16), clientDataJSON: Data("{}".utf8),
                    authenticatorData: Data(repeating: 0, count: 37), signature: Data([0x30, 0x00]), userID: nil)
                Issue.record("a forged passkey assertion signed in")
            } catch PatioError.problem(let problem) {
                #expect((400..<500).contains(problem.status))
            }
            #expect(await patio.session.isSignedIn == false)
        }
    }

    @Test("a registration challenge carries the account as user id and name, right after signing in")
    func registration() async throws {
        try await RunningPatio.with { server in
            let patio = try await server.signedIn("alumna@demo.patio")
            let challenge = try await patio.passkeyRegistrationChallenge()
            #expect(challenge.userName == "alumna@demo.patio" && challenge.userID.count == 16 && !challenge.challenge.isEmpty)
            #expect(challenge.excludedCredentialIDs.isEmpty)
        }
    }
}
