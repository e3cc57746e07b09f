import Crypto
import Foundation
import Synchronization

/// The signed token (ES256 JWT) every push to APNs carries, made again only when Apple's limits ask.
///
/// Apple refuses a token older than an hour (`ExpiredProviderToken`) and one replaced more often than every
/// 20 minutes (`TooManyProviderTokenUpdates`): the token is kept for 45 minutes, so it is renewed well
/// inside the hour and never more often than Apple allows.
public final class APNsProviderToken: Sendable {
    public static let lifetime: TimeInterval = 45 * 60
    /// Apple's least time between two tokens.
    public static let shortestRenewal: TimeInterval = 20 * 60

    private let credentials: APNsCredentials
    private let current = Mutex<(token: String, issuedAt: Date)?>(nil)

    public init(credentials: APNsCredentials) {
        self.credentials = credentials
    }

    /// The token to send at `now`: the kept one while it is young enough, a new one otherwise. Made under
    /// the lock: pushes sent at once must not each sign their own (ECDSA signatures differ every time, and
    /// Apple counts each as a renewal).
    public func token(now: Date) throws -> String {
        try current.withLock { kept in
            if let kept, now >= kept.issuedAt, now.timeIntervalSince(kept.issuedAt) < Self.lifetime { return kept.token }
            // Whole seconds: `iat` is an integer, and the age above is measured from it.
            let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            let token = try sign(issuedAt: issuedAt)
            kept = (token, issuedAt)
            return token
        }
    }

    /// Apple called `token` expired (clocks disagree): the next push gets a new one, but not sooner than
    /// Apple allows a renewal.
    public func expired(_ token: String, now: Date) {
        current.withLock { kept in
            if let held = kept, held.token == token, now.timeIntervalSince(held.issuedAt) >= Self.shortestRenewal { kept = nil }
        }
    }

    private func sign(issuedAt: Date) throws -> String {
        let header = #"{"alg":"ES256","kid":"\#(credentials.keyID)"}"#
        let claims = #"{"iss":"\#(credentials.teamID)","iat":\#(Int(issuedAt.timeIntervalSince1970))}"#
        let signingInput = Data(header.utf8).base64URLEncodedString() + "." + Data(claims.utf8).base64URLEncodedString()
        let signature = try credentials.signingKey().signature(for: Data(signingInput.utf8)).rawRepresentation
        return signingInput + "." + signature.base64URLEncodedString()
    }
}
