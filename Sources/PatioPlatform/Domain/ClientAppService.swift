import Crypto
import FluentKit
import Foundation
import PatioCore
import PatioData

/// The client-app registry: version checks, remote config and feature flags.
public struct ClientAppService: Sendable {
    let database: PatioDatabase
    let clock: PatioClock

    public init(database: PatioDatabase, clock: PatioClock) {
        self.database = database
        self.clock = clock
    }

    private func model(_ slug: String, on db: any Database) async throws -> ClientAppModel {
        guard let app = try await ClientAppModel.query(on: db).filter(\.$slug == slug).first() else {
            throw AppError.notFound(code: "app_not_found", "No client app is called \(slug).")
        }
        return app
    }

    public func versionStatus(app slug: String, current: String?) async throws -> VersionStatus {
        guard let current, let version = AppVersion(current) else {
            throw AppError.validation(field: "current", "Give the installed version as numbers separated by dots, such as 2.4.1.")
        }
        let app = try await model(slug, on: database.reader)
        // A stored version that does not read (written to the database by hand) fails this app's checks with a
        // 500 that is logged, never a trap that would stop every module.
        guard let latest = AppVersion(app.latestVersion), let minimum = AppVersion(app.minimumVersion) else {
            throw AppError(
                .internalServerError, code: "app_misconfigured",
                detail: "The versions stored for \(slug) cannot be read; an administrator must set them again.")
        }
        let status: VersionStatus.Status =
            if version < minimum { .updateRequired } else if version < latest { .updateAvailable } else if version == latest { .upToDate } else {
                .ahead
            }
        return VersionStatus(latest: app.latestVersion, minimum: app.minimumVersion, status: status, storeUrl: app.storeURL)
    }

    /// The newest version published for `slug`, as stored; 404 for an unknown app, and the same 500 as
    /// `versionStatus` when the stored version does not read.
    public func latestVersion(app slug: String) async throws -> AppVersion {
        let app = try await model(slug, on: database.reader)
        guard let latest = AppVersion(app.latestVersion) else {
            throw AppError(
                .internalServerError, code: "app_misconfigured",
                detail: "The versions stored for \(slug) cannot be read; an administrator must set them again.")
        }
        return latest
    }

    /// The config document and a strong ETag over its bytes.
    public func remoteConfig(app slug: String) async throws -> (document: RemoteConfigDocument, etag: String) {
        let app = try await model(slug, on: database.reader)
        let entries = try await app.$entries.query(on: database.reader).all()
        var document = RemoteConfigDocument(app: slug, config: [:], flags: [:])
        for entry in entries {
            let value = try PatioJSON.decoder().decode(JSONValue.self, from: Data(entry.valueJSON.utf8))
            if entry.kind == ConfigKind.flag.rawValue, case .bool(let enabled) = value {
                document.flags[entry.key] = enabled
            } else {
                document.config[entry.key] = value
            }
        }
        let bytes = try PatioJSON.encoder().encode(document)
        let etag = "\"" + Hex.encode(SHA256.hash(data: bytes).prefix(16)) + "\""
        return (document, etag)
    }

    public func list() async throws -> [ClientAppView] {
        try await ClientAppModel.query(on: database.reader).sort(\.$slug).all().map { Self.view($0, entries: nil) }
    }

    public func find(_ slug: String) async throws -> ClientAppView {
        let app = try await model(slug, on: database.reader)
        let entries = try await app.$entries.query(on: database.reader).sort(\.$key).all()
        return Self.view(app, entries: entries)
    }

    public struct AppInput: Codable, Sendable {
        public var slug: String?
        public var name: String?
        public var latestVersion: String?
        public var minimumVersion: String?
        public var storeUrl: String?
        public init(slug: String? = nil, name: String? = nil, latestVersion: String? = nil, minimumVersion: String? = nil, storeUrl: String? = nil) {
            self.slug = slug; self.name = name; self.latestVersion = latestVersion; self.minimumVersion = minimumVersion; self.storeUrl = storeUrl
        }
    }

    public func create(_ input: AppInput) async throws -> ClientAppView {
        var validator = Validator()
        let slug = input.slug ?? ""
        validator.check(
            slug.count >= 2 && slug.count <= 40 && slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") },
            "slug", "Use 2 to 40 lower-case letters, digits or dashes.")
        validator.check(!(input.name ?? "").trimmingCharacters(in: .whitespaces).isEmpty, "name", "Enter the app's name.")
        validateVersions(input, into: &validator, requireBoth: true)
        try validator.validate()
        if try await ClientAppModel.query(on: database.reader).filter(\.$slug == slug).first() != nil {
            throw AppError.conflict(code: "app_exists", "An app called \(slug) already exists.")
        }
        let app = ClientAppModel(
            slug: slug, name: input.name!.trimmingCharacters(in: .whitespaces), latest: input.latestVersion!, minimum: input.minimumVersion!,
            storeURL: emptyToNil(input.storeUrl), updatedAt: clock.now())
        try await database.write { db in try await app.create(on: db) }
        return Self.view(app, entries: [])
    }

    /// Adds each app that is not registered yet (version 1.0.0, no store address); an app that exists is
    /// left as its admins set it. Safe when several instances start at once: a lost race is a no-op.
    public func register(_ apps: [ModuleClientApp]) async throws {
        guard !apps.isEmpty else { return }
        // One read on every start; one write, the first time apps are seen.
        let slugs = apps.map(\.slug)
        let known = Set(try await ClientAppModel.query(on: database.reader).filter(\.$slug ~~ slugs).all().map(\.slug))
        let missing = apps.filter { !known.contains($0.slug) }
        guard !missing.isEmpty else { return }
        let now = clock.now()
        do {
            try await database.write { db in
                for app in missing {
                    try await ClientAppModel(slug: app.slug, name: app.name, latest: "1.0.0", minimum: "1.0.0", storeURL: nil, updatedAt: now).create(
                        on: db)
                }
            }
        } catch {
            // Another instance starting at the same moment registered them first.
            let registered = try await ClientAppModel.query(on: database.reader).filter(\.$slug ~~ slugs).count()
            guard registered == apps.count else { throw error }
        }
    }

    public func update(_ slug: String, _ input: AppInput) async throws -> ClientAppView {
        var validator = Validator()
        validateVersions(input, into: &validator, requireBoth: false)
        if let name = input.name { validator.check(!name.trimmingCharacters(in: .whitespaces).isEmpty, "name", "Enter the app's name.") }
        try validator.validate()
        let now = clock.now()
        try await database.write { db in
            let app = try await model(slug, on: db)
            if let name = input.name { app.name = name.trimmingCharacters(in: .whitespaces) }
            if let latest = input.latestVersion { app.latestVersion = latest }
            if let minimum = input.minimumVersion { app.minimumVersion = minimum }
            if let url = input.storeUrl { app.storeURL = emptyToNil(url) }
            // Stored versions are read, not trusted: a broken one is replaced by this update or refused here.
            guard let minimum = AppVersion(app.minimumVersion) else {
                throw AppError.validation(field: "minimumVersion", "The stored minimum version cannot be read; give one such as 2.4.1.")
            }
            guard let latest = AppVersion(app.latestVersion) else {
                throw AppError.validation(field: "latestVersion", "The stored latest version cannot be read; give one such as 2.4.1.")
            }
            guard minimum <= latest else {
                throw AppError.validation(field: "minimumVersion", "The minimum version cannot be newer than the latest.")
            }
            app.updatedAt = now
            try await app.save(on: db)
        }
        return try await find(slug)
    }

    private func validateVersions(_ input: AppInput, into validator: inout Validator, requireBoth: Bool) {
        let latest = input.latestVersion.flatMap(AppVersion.init)
        let minimum = input.minimumVersion.flatMap(AppVersion.init)
        if input.latestVersion != nil || requireBoth {
            validator.check(latest != nil, "latestVersion", "Use numbers separated by dots, such as 2.4.1.")
        }
        if input.minimumVersion != nil || requireBoth {
            validator.check(minimum != nil, "minimumVersion", "Use numbers separated by dots, such as 2.4.1.")
        }
        if let latest, let minimum { validator.check(minimum <= latest, "minimumVersion", "The minimum version cannot be newer than the latest.") }
        if let url = input.storeUrl, !url.isEmpty {
            validator.check(url.hasPrefix("https://") || url.hasPrefix("http://"), "storeUrl", "Use an http(s) address.")
        }
    }

    private func emptyToNil(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        return text
    }

    public struct EntryInput: Codable, Sendable {
        public var kind: ConfigKind
        public var value: JSONValue
        public init(kind: ConfigKind, value: JSONValue) { self.kind = kind; self.value = value }
    }

    public func setEntry(app slug: String, key: String, _ input: EntryInput) async throws -> ConfigEntryView {
        var validator = Validator()
        validator.check(
            !key.isEmpty && key.count <= 64 && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) },
            "key", "Use 1 to 64 letters, digits, dots, dashes or underscores.")
        validator.check(input.value.fits(input.kind), "value", "The value does not match the kind \(input.kind.rawValue).")
        validator.check(input.value.isFinite, "value", "Use a finite number: not NaN or infinity.")
        try validator.validate()
        let json = String(decoding: try PatioJSON.encoder().encode(input.value), as: UTF8.self)
        let now = clock.now()
        try await database.write { db in
            let app = try await model(slug, on: db)
            if let existing = try await app.$entries.query(on: db).filter(\.$key == key).first() {
                existing.kind = input.kind.rawValue
                existing.valueJSON = json
                existing.updatedAt = now
                try await existing.save(on: db)
            } else {
                try await ConfigEntryModel(appID: app.id!, key: key, kind: input.kind, valueJSON: json, updatedAt: now).create(on: db)
            }
        }
        return ConfigEntryView(key: key, kind: input.kind, value: input.value)
    }

    public func deleteEntry(app slug: String, key: String) async throws {
        try await database.write { db in
            let app = try await model(slug, on: db)
            guard let entry = try await app.$entries.query(on: db).filter(\.$key == key).first() else {
                throw AppError.notFound(code: "config_key_not_found", "\(slug) has no config key \(key).")
            }
            try await entry.delete(on: db)
        }
    }

    static func view(_ app: ClientAppModel, entries: [ConfigEntryModel]?) -> ClientAppView {
        ClientAppView(
            slug: app.slug, name: app.name, latestVersion: app.latestVersion, minimumVersion: app.minimumVersion,
            storeUrl: app.storeURL, updatedAt: app.updatedAt,
            entries: entries?.map { entry in
                ConfigEntryView(
                    key: entry.key, kind: ConfigKind(rawValue: entry.kind) ?? .json,
                    value: (try? PatioJSON.decoder().decode(JSONValue.self, from: Data(entry.valueJSON.utf8))) ?? .null)
            }
        )
    }
}
