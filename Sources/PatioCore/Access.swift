/// Who may call a route. Every route Patio serves declares one.
public enum Access: Sendable, Equatable, CustomStringConvertible {
    /// Anyone, signed in or not.
    case everyone
    /// Any signed-in, active account.
    case signedIn
    /// Accounts holding this role (platform `admin` holds every `*.admin`).
    case role(String)

    public var description: String {
        switch self {
        case .everyone: "everyone"
        case .signedIn: "signed-in"
        case .role(let role): "role \(role)"
        }
    }
}
