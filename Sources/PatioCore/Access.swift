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

    public var description: String {
        switch self {
        case .everyone: "everyone"
        case .signedIn: "signed-in"
        case .role(let role): "role \(role)"
        case .anyRole(let roles): "any of \(roles.joined(separator: ", "))"
        }
    }
}
