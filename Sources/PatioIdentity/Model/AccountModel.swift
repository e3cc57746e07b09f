import FluentKit
import Foundation

/// A person who can sign in. Emails are stored normalised (trimmed, lower-case) and unique.
public final class AccountModel: Model, @unchecked Sendable {
    public static let schema = "accounts"

    @ID(key: .id) public var id: UUID?
    @Field(key: "email") public var email: String
    @Field(key: "name") public var name: String
    /// Lower-cased, accent-folded name and email, for searching "jose" to find "José".
    @Field(key: "search_text") public var searchText: String
    @Field(key: "locale") public var locale: String
    @Field(key: "password_hash") public var passwordHash: String
    @Field(key: "is_active") public var isActive: Bool
    @Field(key: "created_at") public var createdAt: Date
    @Children(for: \.$account) public var grants: [RoleGrantModel]

    public init() {}

    public init(id: UUID = UUID(), email: String, name: String, locale: String, passwordHash: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.name = name
        self.searchText = SearchText.fold("\(name) \(email)")
        self.locale = locale
        self.passwordHash = passwordHash
        self.isActive = true
        self.createdAt = createdAt
    }
}

enum SearchText {
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }
}
