import Foundation

/// The signed-in account a request acts for.
public struct Principal: Sendable, Equatable {
    public var accountID: UUID
    public var email: String
    public var name: String
    public var locale: PatioLocale
    public var roles: Set<String>
    /// The session the request authenticated with (revocable on logout).
    public var sessionID: UUID
    public var accountCreatedAt: Date
    /// When the person last proved who they are in this session (sign-in, or re-authentication since):
    /// what adding a way in, such as a passkey, asks to be recent.
    public var authenticatedAt: Date

    public init(
        accountID: UUID, email: String, name: String, locale: PatioLocale, roles: Set<String>, sessionID: UUID, accountCreatedAt: Date,
        authenticatedAt: Date? = nil
    ) {
        self.accountCreatedAt = accountCreatedAt
        self.authenticatedAt = authenticatedAt ?? .distantPast
        self.accountID = accountID
        self.email = email
        self.name = name
        self.locale = locale
        self.roles = roles
        self.sessionID = sessionID
    }

    /// The platform `admin` role holds every module's admin role too.
    public func has(role: String) -> Bool {
        if roles.contains(role) { return true }
        return roles.contains(Role.platformAdmin) && (role == Role.platformAdmin || role.hasSuffix(".admin"))
    }
}

public enum Role {
    public static let platformAdmin = "admin"

    /// `module.role` in lower case letters, digits and dashes, or the platform `admin`.
    public static func isWellFormed(_ role: String) -> Bool {
        if role == platformAdmin { return true }
        let parts = role.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 40 && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
        }
    }
}
