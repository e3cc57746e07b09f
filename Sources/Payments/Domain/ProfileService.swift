import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity

/// A person's InterPay profile as the apps see it.
struct ProfileView: Codable, Sendable {
    var accountId: UUID
    var name: String
    var email: String
    var role: String
    var currency: String
    var businessName: String?
    var category: String?
    var latitude: Double?
    var longitude: Double?
}

struct PreferencesView: Codable, Sendable {
    var preferredCurrency: String
    var language: String
    var darkTheme: Bool
    var usePasskey: Bool
}

/// Self sign-up (account, profile and wallet in one write) and preferences.
struct ProfileService: Sendable {
    let database: PatioDatabase
    let accounts: AccountService
    let ledger: Ledger
    let clock: PatioClock
    let throttle: PaymentsThrottle
    /// How many sign-ups one client address may make per hour.
    let signupRule: PaymentsThrottle.Rule

    static let notAPaymentsUser = AppError(.forbidden, code: "not_a_payments_user", detail: "This account has no InterPay profile.")

    struct SignupInput: Codable, Sendable {
        var name: String?
        var email: String?
        var password: String?
        var role: String?
        var currency: String?
        var businessName: String?
        var category: String?
        var latitude: Double?
        var longitude: Double?
        var language: String?
    }

    /// Opens an account with an InterPay profile and an empty wallet. `ip` is the client's address when the
    /// sign-up comes from outside (API or page): every sign-up that passes validation counts against it —
    /// those that find the email taken too, so nobody can test more than a few emails an hour from one
    /// address — and the one past the limit is refused with 429 before any password is hashed.
    func signup(_ input: SignupInput, ip: String? = nil) async throws -> ProfileView {
        let role = input.role == "business" ? PaymentsRoles.business : input.role == "customer" ? PaymentsRoles.customer : nil
        let account = NewAccount(
            email: input.email ?? "", name: input.name ?? "", locale: input.language, password: input.password ?? "", roles: role.map { [$0] } ?? [])
        var validator = Validator(errors: accounts.validationErrors(for: account))
        validator.check(role != nil, "role", "Choose business or customer.", code: "role_choice")
        let currency = Currency.normalise(input.currency)
        validator.check(
            currency != nil, "currency", "Choose one of: \(Currency.supported.sorted().joined(separator: ", ")).", code: "currency_choice")
        if role == PaymentsRoles.business {
            validator.check(
                (1...120).contains(input.businessName?.trimmingCharacters(in: .whitespaces).count ?? 0), "businessName", "Enter the business name.",
                code: "business_name_length")
            validator.check(
                (1...60).contains(input.category?.trimmingCharacters(in: .whitespaces).count ?? 0), "category", "Enter the business category.",
                code: "category_length")
        }
        if let latitude = input.latitude { validator.check((-90...90).contains(latitude), "latitude", "Use -90 to 90.", code: "latitude_range") }
        if let longitude = input.longitude {
            validator.check((-180...180).contains(longitude), "longitude", "Use -180 to 180.", code: "longitude_range")
        }
        validator.check(
            (input.latitude == nil) == (input.longitude == nil), "longitude", "Give both latitude and longitude, or neither.",
            code: "coordinates_pair")
        try validator.validate()
        if let ip { _ = try await throttle.reserve(signupRule, account: nil, ip: ip) }
        let (kind, now, ledger) = (input.role!, clock.now(), ledger)
        let (businessName, category) =
            role == PaymentsRoles.business
            ? (input.businessName?.trimmingCharacters(in: .whitespaces), input.category?.trimmingCharacters(in: .whitespaces)) : (nil, nil)
        let (latitude, longitude) = (input.latitude, input.longitude)
        let (profile, view) = try await accounts.create(account) { created, db in
            let profile = PaymentsProfileModel()
            profile.id = UUID()
            profile.accountID = created.id
            profile.kind = kind
            profile.currency = currency!
            profile.businessName = businessName
            profile.category = category
            profile.latitude = latitude
            profile.longitude = longitude
            profile.preferredCurrency = currency!
            profile.darkTheme = false
            profile.usePasskey = false
            profile.createdAt = now
            try await profile.create(on: db)
            _ = try await ledger.wallet(owner: created.id, currency: currency!, on: db)
            return (profile, created)
        }
        return Self.view(profile, name: view.name, email: view.email)
    }

    static func view(_ profile: PaymentsProfileModel, name: String, email: String) -> ProfileView {
        ProfileView(
            accountId: profile.accountID, name: name, email: email, role: profile.kind, currency: profile.currency,
            businessName: profile.businessName, category: profile.category, latitude: profile.latitude, longitude: profile.longitude)
    }

    /// The caller's profile; 403 for an account that never signed up to InterPay.
    func profile(_ principal: Principal) async throws -> PaymentsProfileModel {
        guard let profile = try await PaymentsProfileModel.query(on: try database.reader).filter(\.$accountID == principal.accountID).first() else {
            throw Self.notAPaymentsUser
        }
        return profile
    }

    /// The profile of any account (admin routes).
    func profile(accountID: UUID) async throws -> PaymentsProfileModel {
        guard let profile = try await PaymentsProfileModel.query(on: try database.reader).filter(\.$accountID == accountID).first() else {
            throw AppError.notFound(code: "payments_profile_not_found", "No InterPay profile belongs to this account.")
        }
        return profile
    }

    func preferences(_ principal: Principal) async throws -> PreferencesView {
        let profile = try await profile(principal)
        return PreferencesView(
            preferredCurrency: profile.preferredCurrency, language: principal.locale.rawValue, darkTheme: profile.darkTheme,
            usePasskey: profile.usePasskey)
    }

    struct PreferencesInput: Codable, Sendable {
        var preferredCurrency: String?
        var language: String?
        var darkTheme: Bool?
        var usePasskey: Bool?
    }

    /// Saves the preferences given; absent ones keep their value.
    func updatePreferences(_ principal: Principal, _ input: PreferencesInput) async throws -> PreferencesView {
        var validator = Validator()
        let currency = input.preferredCurrency.map { Currency.normalise($0) }
        if let currency { validator.check(currency != nil, "preferredCurrency", "Choose a supported currency.", code: "currency_choice") }
        if let language = input.language {
            validator.check(PatioLocale(rawValue: language) != nil, "language", "Use es or en.", code: "locale_choice")
        }
        try validator.validate()
        let profileID = try await profile(principal).id!
        if let language = input.language { _ = try await accounts.update(id: principal.accountID, name: nil, locale: language) }
        try await database.write { db in
            var update = PaymentsProfileModel.query(on: db).filter(\.$id == profileID)
            var changed = false
            if let currency = currency ?? nil { update = update.set(\.$preferredCurrency, to: currency); changed = true }
            if let dark = input.darkTheme { update = update.set(\.$darkTheme, to: dark); changed = true }
            if let passkey = input.usePasskey { update = update.set(\.$usePasskey, to: passkey); changed = true }
            if changed { try await update.update() }
        }
        let refreshed = try await profile(principal)
        return PreferencesView(
            preferredCurrency: refreshed.preferredCurrency, language: input.language ?? principal.locale.rawValue,
            darkTheme: refreshed.darkTheme, usePasskey: refreshed.usePasskey)
    }
}
