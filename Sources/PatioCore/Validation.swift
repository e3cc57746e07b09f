import Foundation

/// Collects field errors so a form answers every problem at once, not one per round-trip.
public struct Validator: Sendable {
    public private(set) var errors: [FieldError] = []

    public init(errors: [FieldError] = []) {
        self.errors = errors
    }

    /// `code` names the rule that failed (`name_length`), the key pages translate `message` by.
    public mutating func add(_ field: String, _ message: String, code: String? = nil) {
        errors.append(FieldError(field: field, message: message, code: code))
    }

    public mutating func check(_ condition: Bool, _ field: String, _ message: String, code: String? = nil) {
        if !condition { add(field, message, code: code) }
    }

    /// Throws `validation_failed` with every collected error, if any.
    public func validate() throws {
        if !errors.isEmpty { throw AppError.validation(errors) }
    }
}

public enum EmailAddress {
    /// Normalises for uniqueness: trimmed and lower-cased.
    public static func normalise(_ email: String) -> String {
        email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    /// A deliberately simple shape check: one `@`, something before, a dot in the domain, no spaces.
    public static func isValid(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, email.count <= 254 else { return false }
        let domain = parts[1]
        guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix(".") else { return false }
        return !email.contains(where: { $0.isWhitespace })
    }
}

public enum PasswordPolicy {
    public static let minimumLength = 10
    public static let maximumLength = 72  // bcrypt reads at most 72 bytes

    /// Returns the rule's code and message when the password is not acceptable.
    public static func problem(with password: String) -> (code: String, message: String)? {
        if password.count < minimumLength { return ("password_too_short", "Use at least \(minimumLength) characters.") }
        if password.utf8.count > maximumLength { return ("password_too_long", "Use at most \(maximumLength) bytes.") }
        return nil
    }
}
