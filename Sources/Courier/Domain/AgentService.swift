import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// An agent as dispatch and the agent see them: the courier profile plus the account's email (from the
/// account directory). `isActive` is Courier's own flag, not the account's.
struct AgentView: Codable, Sendable, Equatable {
    @WireID var id: UUID
    @WireID var accountId: UUID
    var email: String
    var usuario: String
    var identificacion: String
    var firstName: String
    var surname1: String
    var surname2: String
    /// First name and surnames, as people read them.
    var fullName: String
    var position: String
    var serviceCentreId: Int
    var serviceCentreName: String
    var homeLocalityCode: String
    var homeLocalityName: String?
    var isActive: Bool
    var createdAt: Date
}

/// Field agents: dispatch opens an agent (a new Patio account with role `courier.agent` plus the
/// courier profile), edits the profile and pauses or resumes the agent. The account's email and password
/// belong to the account and are never changed here.
struct AgentService: Sendable {
    let database: PatioDatabase
    let accounts: AccountService
    let directory: AccountDirectory
    /// Pausing ends the agent's sessions through Identity (modules never touch its tables).
    let sessions: SessionService
    let clock: PatioClock

    struct Input: Codable, Sendable {
        var email: String?
        var password: String?
        var usuario: String?
        var identificacion: String?
        var firstName: String?
        var surname1: String?
        var surname2: String?
        var position: String?
        var serviceCentreId: Int?
        var serviceCentreName: String?
        var homeLocalityCode: String?
    }

    static let notFound = AppError.notFound(code: "agent_not_found", "No agent has this id.")
    static let notAnAgent = AppError(
        .forbidden, code: "agent_profile_missing", detail: "This account has no courier agent profile; dispatch opens one.")
    static let inactive = AppError(.forbidden, code: "agent_inactive", detail: "This agent is paused; dispatch can resume them.")

    func create(_ input: Input) async throws -> AgentView {
        let name = Self.fullName(input.firstName ?? "", input.surname1 ?? "", input.surname2 ?? "")
        let account = NewAccount(email: input.email ?? "", name: name, locale: "es", password: input.password ?? "", roles: [CourierRoles.agent])
        var validator = Validator(errors: accounts.validationErrors(for: account).filter { $0.field != "name" })
        Self.checkProfile(input, into: &validator, requireAll: true)
        try validator.validate()
        try await requireLocality(input.homeLocalityCode ?? "")
        try await requireUnique(usuario: Self.normaliseUsuario(input.usuario ?? ""), identificacion: input.identificacion ?? "", except: nil)
        let now = clock.now()
        let agentID = UUID()
        do {
            try await accounts.create(account) { [self] created, db in
                let agent = AgentModel()
                agent.id = agentID
                agent.accountID = created.id
                agent.isActive = true
                agent.nextPhotoNumber = 1
                agent.createdAt = now
                apply(input, to: agent, at: now)
                try await agent.create(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.taken
        }
        return try await find(agentID)
    }

    /// Changes the profile; fields left out keep their value. A changed email or any password is refused
    /// with 403 and nothing is written: they belong to the agent's Patio account.
    func update(_ id: UUID, _ input: Input) async throws -> AgentView {
        let current = try await find(id)
        try AccountOwnedFields.refuseChanges(
            name: nil, currentName: current.fullName, email: input.email, currentEmail: current.email,
            password: input.password, person: "agent")
        var validator = Validator()
        Self.checkProfile(input, into: &validator, requireAll: false)
        try validator.validate()
        if let code = input.homeLocalityCode { try await requireLocality(code) }
        try await requireUnique(usuario: input.usuario.map(Self.normaliseUsuario), identificacion: input.identificacion, except: id)
        do {
            try await database.write { db in
                guard let agent = try await AgentModel.find(id, on: db) else { throw Self.notFound }
                apply(input, to: agent, at: clock.now())
                try await agent.save(on: db)
            }
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw Self.taken
        }
        return try await find(id)
    }

    static let taken = AppError.conflict(code: "agent_taken", "Another agent already has this usuario or identificación.")

    /// Pauses or resumes the agent in Courier; the account and its other modules' roles are untouched.
    /// Pausing also ends every session of the account (web and API tokens, in the same transaction): a
    /// device already signed in must not go on reading customers' names and addresses. A paused agent who
    /// signs in again is refused on every Courier route (`CourierRoutes`) until dispatch resumes them.
    func setActive(_ active: Bool, id: UUID) async throws -> AgentView {
        try await database.write { db in
            guard let agent = try await AgentModel.find(id, on: db) else { throw Self.notFound }
            agent.isActive = active
            agent.updatedAt = clock.now()
            try await agent.save(on: db)
            if !active { try await sessions.revokeAll(accountID: agent.accountID, on: db) }
        }
        return try await find(id)
    }

    func find(_ id: UUID) async throws -> AgentView {
        guard let agent = try await AgentModel.find(id, on: try database.reader) else { throw Self.notFound }
        return try await views([agent])[0]
    }

    /// The agent profile of a signed-in account, or 403 when it has none.
    func profile(_ principal: Principal) async throws -> AgentModel {
        guard let agent = try await model(accountID: principal.accountID) else { throw Self.notAnAgent }
        return agent
    }

    /// The profile of an agent who may work now: 403 when paused.
    func workingProfile(_ principal: Principal) async throws -> AgentModel {
        let agent = try await profile(principal)
        guard agent.isActive else { throw Self.inactive }
        return agent
    }

    func model(accountID: UUID) async throws -> AgentModel? {
        try await AgentModel.query(on: try database.reader).filter(\.$accountID == accountID).first()
    }

    func model(usuario: String) async throws -> AgentModel? {
        try await AgentModel.query(on: try database.reader).filter(\.$usuario == Self.normaliseUsuario(usuario)).first()
    }

    /// Every agent, by name; `query` matches the name, usuario, identificación or email, ignoring case and accents.
    func list(query: String?, includeInactive: Bool = true) async throws -> [AgentView] {
        var agents = try await AgentModel.query(on: try database.reader).all()
        if !includeInactive { agents = agents.filter(\.isActive) }
        var views = try await self.views(agents)
        if let query, !LocalitySearch.fold(query).isEmpty {
            let needle = LocalitySearch.fold(query)
            views = views.filter {
                LocalitySearch.fold([$0.fullName, $0.usuario, $0.identificacion, $0.email].joined(separator: " ")).contains(needle)
            }
        }
        return views.sorted { ($0.fullName.lowercased(), $0.id.uuidString) < ($1.fullName.lowercased(), $1.id.uuidString) }
    }

    func views(_ agents: [AgentModel]) async throws -> [AgentView] {
        let entries = try await directory.entries(agents.map(\.accountID))
        let codes = Set(agents.map(\.homeLocalityCode))
        let localities = codes.isEmpty ? [] : try await LocalityModel.query(on: try database.reader).filter(\.$code ~~ Array(codes)).all()
        let names = Dictionary(localities.map { ($0.code, $0.name) }, uniquingKeysWith: { first, _ in first })
        return agents.map { agent in
            AgentView(
                id: agent.id!, accountId: agent.accountID, email: entries[agent.accountID]?.email ?? "", usuario: agent.usuario,
                identificacion: agent.identificacion, firstName: agent.firstName, surname1: agent.surname1, surname2: agent.surname2,
                fullName: Self.fullName(agent.firstName, agent.surname1, agent.surname2), position: agent.position,
                serviceCentreId: agent.serviceCentreID, serviceCentreName: agent.serviceCentreName,
                homeLocalityCode: agent.homeLocalityCode, homeLocalityName: names[agent.homeLocalityCode],
                isActive: agent.isActive, createdAt: agent.createdAt)
        }
    }

    // MARK: Rules

    static func fullName(_ first: String, _ surname1: String, _ surname2: String) -> String {
        [first, surname1, surname2].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func normaliseUsuario(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }

    private static func checkProfile(_ input: Input, into validator: inout Validator, requireAll: Bool) {
        func text(_ value: String?, _ field: String, max: Int, code: String, _ message: String) {
            guard requireAll || value != nil else { return }
            let trimmed = value?.trimmingCharacters(in: .whitespaces) ?? ""
            validator.check(!trimmed.isEmpty && trimmed.count <= max, field, message, code: code)
        }
        if requireAll || input.usuario != nil {
            let usuario = normaliseUsuario(input.usuario ?? "")
            validator.check(
                (3...40).contains(usuario.count) && usuario.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) },
                "usuario", "Enter a usuario of 3 to 40 letters, digits, dots, dashes or underscores.", code: "usuario_format")
        }
        if requireAll || input.identificacion != nil {
            let id = input.identificacion ?? ""
            validator.check(
                (5...15).contains(id.count) && id.allSatisfy { $0.isASCII && $0.isNumber },
                "identificacion", "Enter the national id number: 5 to 15 digits.", code: "identificacion_format")
        }
        text(input.firstName, "firstName", max: 60, code: "name_length", "Enter a first name of 1 to 60 characters.")
        text(input.surname1, "surname1", max: 60, code: "name_length", "Enter the first surname: 1 to 60 characters.")
        if let surname2 = input.surname2 {
            validator.check(surname2.count <= 60, "surname2", "The second surname has at most 60 characters.", code: "name_length")
        }
        text(input.position, "position", max: 60, code: "position_length", "Enter a position of 1 to 60 characters.")
        if requireAll || input.serviceCentreId != nil {
            validator.check(
                (1...999_999).contains(input.serviceCentreId ?? 0), "serviceCentreId", "Enter the service centre number: 1 to 999999.",
                code: "service_centre_range")
        }
        text(
            input.serviceCentreName, "serviceCentreName", max: 80, code: "service_centre_name_length",
            "Enter the service centre's name: 1 to 80 characters.")
        if requireAll || input.homeLocalityCode != nil {
            validator.check(
                LocalitySearch.isCode(input.homeLocalityCode ?? ""), "homeLocalityCode", "Enter the home locality's 8-digit code, such as 11001000.",
                code: "locality_code_format")
        }
    }

    private func apply(_ input: Input, to agent: AgentModel, at now: Date) {
        if let value = input.usuario { agent.usuario = Self.normaliseUsuario(value) }
        if let value = input.identificacion { agent.identificacion = value }
        if let value = input.firstName { agent.firstName = value.trimmingCharacters(in: .whitespaces) }
        if let value = input.surname1 { agent.surname1 = value.trimmingCharacters(in: .whitespaces) }
        agent.surname2 = input.surname2?.trimmingCharacters(in: .whitespaces) ?? (agent.$surname2.value ?? "")
        if let value = input.position { agent.position = value.trimmingCharacters(in: .whitespaces) }
        if let value = input.serviceCentreId { agent.serviceCentreID = value }
        if let value = input.serviceCentreName { agent.serviceCentreName = value.trimmingCharacters(in: .whitespaces) }
        if let value = input.homeLocalityCode { agent.homeLocalityCode = value }
        agent.updatedAt = now
    }

    private func requireLocality(_ code: String) async throws {
        guard try await LocalityModel.query(on: try database.reader).filter(\.$code == code).first() != nil else {
            throw AppError.validation(field: "homeLocalityCode", "No locality has this code.", code: "locality_unknown")
        }
    }

    private func requireUnique(usuario: String?, identificacion: String?, except id: UUID?) async throws {
        let db = try database.reader
        if let usuario, let other = try await AgentModel.query(on: db).filter(\.$usuario == usuario).first(), other.id != id {
            throw AppError.conflict(code: "usuario_taken", "Another agent already signs in as \(usuario).")
        }
        if let identificacion, let other = try await AgentModel.query(on: db).filter(\.$identificacion == identificacion).first(), other.id != id {
            throw AppError.conflict(code: "identificacion_taken", "Another agent already has this identificación.")
        }
    }
}
