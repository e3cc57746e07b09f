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
    /// Trust the first `X-Forwarded-For` address (only behind a proxy that sets it).
    public var trustForwardedFor = false
    /// Mark cookies `Secure` (when served over https).
    public var secureCookies = false

    public init() {}
}
