import PatioCore

/// A module keeps its own record of a person (a student, an agent) next to their Patio account, which every
/// module shares. The account's name, email and password belong to the account: only its owner or a
/// platform admin changes them. A module's edit that would change one is refused whole with 403
/// `account_fields_not_editable`, each such field marked `account_owned`, before anything is written.
public enum AccountOwnedFields {
    /// Throws when the edit would change the account. `name` is nil for modules that do not edit names at
    /// all; `person` is who the record is about, as the message says it ("student", "agent").
    public static func refuseChanges(name: String?, currentName: String, email: String?, currentEmail: String, password: String?, person: String)
        throws
    {
        let message = "This belongs to the \(person)'s Patio account; the \(person) changes it on their account page, or a platform admin does."
        var fields: [FieldError] = []
        if let name, name.trimmingCharacters(in: .whitespaces) != currentName {
            fields.append(FieldError(field: "name", message: message, code: "account_owned"))
        }
        if let email, EmailAddress.normalise(email) != currentEmail {
            fields.append(FieldError(field: "email", message: message, code: "account_owned"))
        }
        if let password, !password.isEmpty { fields.append(FieldError(field: "password", message: message, code: "account_owned")) }
        guard fields.isEmpty else {
            throw AppError(
                .forbidden, code: "account_fields_not_editable",
                detail: "These fields are the \(person)'s Patio account: the \(person) or a platform admin changes them.", fieldErrors: fields)
        }
    }
}
