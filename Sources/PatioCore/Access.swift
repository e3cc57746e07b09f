import HTTPTypes
import Hummingbird

/// Who may call a route. Every route Patio serves declares one.
public enum Access: Sendable, Equatable, CustomStringConvertible {
    /// Anyone, signed in or not.
    case everyone
    /// Any signed-in, active account.
    case signedIn
    /// Accounts holding this role (platform `admin` holds every `*.admin`).
    case role(String)
    /// Accounts holding at least one of these roles (everyone in a module, whatever their part in it).
    case anyRole([String])
    /// Monitoring scrapers: with a token configured, a bearer of that token; without one, only a caller on
    /// this machine's loopback that came through no proxy.
    case monitoring(MonitoringAccess)

    public var description: String {
        switch self {
        case .everyone: "everyone"
        case .signedIn: "signed-in"
        case .role(let role): "role \(role)"
        case .anyRole(let roles): "any of \(roles.joined(separator: ", "))"
        case .monitoring(let access): access.tokenDigest == nil ? "monitoring (loopback only)" : "monitoring (bearer token)"
        }
    }
}

/// How monitoring endpoints (`/metrics`) are protected; only the token's digest is kept.
public struct MonitoringAccess: Sendable, Equatable {
    public let tokenDigest: String?

    public init(token: String?) {
        tokenDigest = token.flatMap { $0.isEmpty ? nil : SecureToken.digest($0) }
    }
}

extension MonitoringAccess {
    /// Refuses a caller that is neither the token's bearer (when there is a token) nor, without one, a
    /// process on this machine reaching Patio directly. A request relayed by a local reverse proxy carries
    /// forwarding headers and is refused, so a proxy in front of Patio does not publish the metrics.
    func authorize(_ request: Request, peer: String?) throws {
        if let tokenDigest {
            guard let sent = BearerToken.from(request.headers[.authorization]), SecureToken.constantTimeEquals(SecureToken.digest(sent), tokenDigest)
            else {
                throw AppError(
                    .unauthorized, code: "monitoring_token_required", detail: "Send the monitoring token as a bearer token.",
                    headers: ["WWW-Authenticate": "Bearer"])
            }
            return
        }
        let forwarded = ["X-Forwarded-For", "Forwarded", "X-Real-IP"].contains { request.headers[HTTPField.Name($0)!] != nil }
        guard let peer, Self.isLoopback(peer), !forwarded else {
            throw AppError(
                .forbidden, code: "monitoring_loopback_only",
                detail: "Metrics are served only on this machine's loopback; set PATIO_METRICS_TOKEN to scrape from elsewhere.")
        }
    }

    static func isLoopback(_ address: String) -> Bool {
        address == "::1" || address.hasPrefix("127.") || address.hasPrefix("::ffff:127.")
    }
}
