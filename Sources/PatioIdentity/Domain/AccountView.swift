import Foundation
import PatioCore

/// An account as the API and pages show it (never with its password hash).
public struct AccountView: Codable, Sendable, Equatable {
    public var id: UUID
    public var email: String
    public var name: String
    public var locale: String
    public var isActive: Bool
    public var roles: [String]
    public var createdAt: Date

    /// The signed-in account, straight from its session (no further query).
    public init(_ principal: Principal) {
        id = principal.accountID
        email = principal.email
        name = principal.name
        locale = principal.locale.rawValue
        isActive = true
        roles = principal.roles.sorted()
        createdAt = principal.accountCreatedAt
    }

    init(_ model: AccountModel, roles: [String]) {
        self.init(
            id: model.id!, email: model.email, name: model.name, locale: model.locale, isActive: model.isActive, roles: roles,
            createdAt: model.createdAt)
    }

    init(id: UUID, email: String, name: String, locale: String, isActive: Bool, roles: [String], createdAt: Date) {
        self.id = id
        self.email = email
        self.name = name
        self.locale = locale
        self.isActive = isActive
        self.roles = roles.sorted()
        self.createdAt = createdAt
    }
}
