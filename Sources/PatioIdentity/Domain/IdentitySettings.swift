import Foundation

/// Tunables of sign-in and sessions, with the defaults Patio ships.
public struct IdentitySettings: Sendable {
    /// How long a session lives without use; each use slides it forward.
    public var sessionLifetime: TimeInterval = 30 * 24 * 3600
    /// Sliding expiry writes at most this often per session, so reads stay reads.
    public var sessionRefreshInterval: TimeInterval = 3600
    /// Failed sign-ins allowed per email inside `throttleWindow` before 429.
    public var maxFailuresPerEmail = 5
    /// Failed sign-ins allowed per client IP inside `throttleWindow` before 429.
    public var maxFailuresPerIP = 20
    public var throttleWindow: TimeInterval = 15 * 60
    /// How many proxies of your own stand in front of Patio (`PATIO_TRUST_PROXY`); 0 trusts no
    /// `X-Forwarded-For` at all. Only the addresses those proxies appended are believed.
    public var trustedProxyHops = 0
    /// Mark cookies `Secure` (when served over https).
    public var secureCookies = false
    /// The origin passkeys are used from (`PATIO_PUBLIC_URL`, else `http://localhost:<port>`); its host is the RP id.
    public var passkeyOrigin = "http://localhost:8080"
    /// Passkeys must be unlocked (Face ID, Touch ID, a PIN), not only touched: `PATIO_PASSKEY_USER_VERIFICATION`.
    public var passkeyRequiresUserVerification = true
    /// How recent a sign-in or re-authentication must be to add a passkey to the account: a session stolen
    /// later cannot plant a way in that outlives a password change.
    public var reauthenticationWindow: TimeInterval = 300
    /// How long a passkey challenge may be answered.
    public var passkeyChallengeLifetime: TimeInterval = 300

    public init() {}
}
