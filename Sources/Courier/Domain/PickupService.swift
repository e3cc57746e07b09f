import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform

/// A pickup as dispatch and its agent see it. Money is whole Colombian pesos.
struct PickupView: Codable, Sendable, Equatable {
    @WireID var id: UUID
    var number: Int
    /// `R-000042`, what people read out.
    var reference: String
    var senderName: String
    var phone: String
    var address: String
    var localityCode: String
    var localityName: String
    var day: String
    var windowStart: String
    var windowEnd: String
    var declaredValue: Int
    var price: Int
    var currency: String
    var notes: String
    @WireID var agentId: UUID
    var agentName: String
    var state: String
    var failureReason: String?
    var finishedAt: Date?
    var latitude: Double?
    var longitude: Double?
    var photoCount: Int
    var createdAt: Date
    var updatedAt: Date
}

/// One line of a pickup's history.
struct PickupEventView: Codable, Sendable, Equatable {
    var at: Date
    @WireID var actorId: UUID
    var actorName: String
    var fromState: String?
    var toState: String
    var detail: String
}

/// Pickups: dispatch creates and assigns them, reassigns or cancels them before collection; the agent
/// starts, collects (with a photo) or fails them, here or offline through the `courier.pickups` sync
/// collection. Every change is one transaction with its history line, its sync feed entry and the
/// notifications it sends (`CourierNotifications`), and the live board hears about it once it has committed.
struct PickupService: Sendable {
    let database: PatioDatabase
    let agents: AgentService
    let directory: AccountDirectory
    let clock: PatioClock
    let events: EventBus
    let notifications: NotificationService
    let feed = SyncFeed()

    static let collection = "courier.pickups"
    static let boardTopic = "courier.board"
    static let notFound = AppError.notFound(code: "pickup_not_found", "No pickup has this id.")
    static func scope(_ account: UUID) -> String { "account:\(account.wireText)" }
    /// `R-` and the number in at least six digits (`R-000042`). Padded by hand: `String(format:)` goes through
    /// CoreFoundation's formatter, the largest single cost of writing a pulled pickup.
    static func reference(_ number: Int) -> String {
        let digits = String(number)
        return "R-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    struct Input: Codable, Sendable {
        var senderName: String?
        var phone: String?
        var address: String?
        var localityCode: String?
        var day: String?
        var windowStart: String?
        var windowEnd: String?
        var declaredValue: Int?
        var notes: String?
        var agentId: UUID?
    }

    /// What the agent reports when finishing a pickup: the failure reason, and when and where it happened.
    struct Report: Codable, Sendable {
        var reason: String?
        var at: Date?
        var latitude: Double?
        var longitude: Double?
    }

    // MARK: Dispatch

    func create(_ input: Input, by actor: UUID) async throws -> PickupView {
        var validator = Validator()
        let sender = input.senderName?.trimmingCharacters(in: .whitespaces) ?? ""
        validator.check((1...120).contains(sender.count), "senderName", "Enter the sender's name: 1 to 120 characters.", code: "sender_length")
        let phone = input.phone?.trimmingCharacters(in: .whitespaces) ?? ""
        let digits = phone.filter(\.isNumber).count
        validator.check(
            phone.count <= 20 && (7...15).contains(digits) && phone.allSatisfy { ($0.isASCII && $0.isNumber) || " +-()".contains($0) },
            "phone", "Enter a phone number of 7 to 15 digits (spaces, +, - and brackets allowed).", code: "phone_format")
        let address = input.address?.trimmingCharacters(in: .whitespaces) ?? ""
        validator.check((1...200).contains(address.count), "address", "Enter the pickup address: 1 to 200 characters.", code: "address_length")
        validator.check(
            LocalitySearch.isCode(input.localityCode ?? ""), "localityCode", "Choose the locality (its 8-digit code).", code: "locality_code_format")
        let day = input.day.flatMap(LocalDate.init)
        validator.check(day != nil, "day", "Give the day as yyyy-MM-dd.", code: "date_format")
        let start = input.windowStart.flatMap(PickupHours.minutes), end = input.windowEnd.flatMap(PickupHours.minutes)
        validator.check(start != nil, "windowStart", "Give the window's start as HH:mm.", code: "time_format")
        validator.check(end != nil, "windowEnd", "Give the window's end as HH:mm.", code: "time_format")
        if let start, let end { validator.check(start < end, "windowEnd", "The window must end after it starts.", code: "window_order") }
        validator.check(
            (0...100_000_000).contains(input.declaredValue ?? -1), "declaredValue", "Declare the parcel's value in pesos: 0 to 100,000,000.",
            code: "declared_value_range")
        validator.check((input.notes ?? "").count <= 500, "notes", "Notes have at most 500 characters.", code: "notes_length")
        validator.check(input.agentId != nil, "agentId", "Choose the agent who collects it.", code: "agent_required")
        try validator.validate()
        guard let day, let start, let end, let localityCode = input.localityCode, let windowStart = input.windowStart,
            let windowEnd = input.windowEnd,
            let declaredValue = input.declaredValue, let agentID = input.agentId
        else { throw AppError.validation(validator.errors) }

        let db = try database.reader
        guard let locality = try await LocalityModel.query(on: db).filter(\.$code == localityCode).first() else {
            throw AppError.validation(field: "localityCode", "No locality has this code.", code: "locality_unknown")
        }
        guard locality.pickupAllowed, locality.status == 1 else {
            throw AppError.validation(field: "localityCode", "\(locality.name) does not take pickups.", code: "pickup_not_allowed")
        }
        let today = LocalDate(clock.now(), in: TimeZone(identifier: locality.timeZone) ?? .gmt)
        var rules = Validator()
        rules.check(
            day >= today && day <= today.adding(days: 60), "day", "Choose a day from today to 60 days ahead (in \(locality.name)).", code: "day_range"
        )
        rules.check(
            start >= locality.pickupHourMin * 60 && end <= locality.pickupHourMax * 60, "windowStart",
            "\(locality.name) takes pickups from \(locality.pickupHourMin):00 to \(locality.pickupHourMax):00.", code: "window_outside_hours")
        try rules.validate()
        guard let agent = try await AgentModel.find(agentID, on: db) else {
            throw AppError.validation(field: "agentId", "No agent has this id.", code: "agent_unknown")
        }
        guard agent.isActive else { throw AppError.validation(field: "agentId", "This agent is paused.", code: "agent_inactive") }

        let now = clock.now()
        let pickup = PickupModel()
        pickup.id = UUID()
        pickup.senderName = sender
        pickup.phone = phone
        pickup.address = address
        pickup.localityID = locality.id!
        pickup.localityCode = locality.code
        pickup.localityName = locality.name
        pickup.day = day.description
        pickup.windowStart = windowStart
        pickup.windowEnd = windowEnd
        pickup.declaredValue = declaredValue
        pickup.price = locality.pickupPrice
        pickup.notes = input.notes?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        pickup.agentID = agent.id!
        pickup.agentAccountID = agent.accountID
        pickup.state = PickupState.assigned.rawValue
        pickup.createdAt = now
        pickup.updatedAt = now
        try await database.write { db in
            try await feed.lock(on: db)
            // The feed lock serialises pickup writers on PostgreSQL too, so the next number is never taken twice.
            pickup.number = (try await PickupModel.query(on: db).max(\.$number) ?? 0) + 1
            try await pickup.create(on: db)
            try await record(
                pickup, from: nil, actor: actor, detail: AgentService.fullName(agent.firstName, agent.surname1, agent.surname2), at: now, on: db)
            try await feed.recordPut(Self.collection, id: pickup.id!, scope: Self.scope(agent.accountID), changed: PickupWire.columns, on: db)
            try await notifyAssigned(pickup, actor: actor)
        }
        await events.publish(topic: Self.boardTopic, type: "created")
        return try await view(pickup)
    }

    /// Gives the pickup to another agent (back to `assigned`): it leaves the old agent's devices and
    /// appears on the new one's.
    func reassign(_ id: UUID, to agentID: UUID?, by actor: Principal) async throws -> PickupView {
        guard let agentID else { throw AppError.validation(field: "agentId", "Choose the agent who collects it.", code: "agent_required") }
        guard let agent = try await AgentModel.find(agentID, on: try database.reader) else {
            throw AppError.validation(field: "agentId", "No agent has this id.", code: "agent_unknown")
        }
        guard agent.isActive else { throw AppError.validation(field: "agentId", "This agent is paused.", code: "agent_inactive") }
        return try await change(id, .reassign, actor: actor, agentOnly: nil) { pickup, _ in
            pickup.agentID = agent.id!
            pickup.agentAccountID = agent.accountID
            pickup.failureReason = nil
            pickup.finishedAt = nil
            return (["agentId", "failureReason", "finishedAt"], AgentService.fullName(agent.firstName, agent.surname1, agent.surname2))
        }
    }

    func cancel(_ id: UUID, by actor: Principal) async throws -> PickupView {
        try await change(id, .cancel, actor: actor, agentOnly: nil) { _, _ in ([], "") }
    }

    /// The day's pickups for dispatch (every agent), in window order; `state` and `agentId` narrow it.
    func board(day: LocalDate, state: PickupState? = nil, agentID: UUID? = nil) async throws -> [PickupView] {
        var query = PickupModel.query(on: try database.reader).filter(\.$day == day.description)
        if let state { query = query.filter(\.$state == state.rawValue) }
        if let agentID { query = query.filter(\.$agentID == agentID) }
        return try await views(try await query.sort(\.$windowStart).sort(\.$number).all())
    }

    // MARK: Agent

    /// The agent's pickups of `day` (today in their home locality's time zone when nil), in window order.
    func agenda(_ principal: Principal, day: LocalDate?) async throws -> (day: LocalDate, pickups: [PickupView]) {
        let agent = try await agents.workingProfile(principal)
        let day = if let day { day } else { try await today(for: agent) }
        let models = try await PickupModel.query(on: try database.reader).filter(\.$agentID == agent.id!).filter(\.$day == day.description)
            .sort(\.$windowStart).sort(\.$number).all()
        return (day, try await views(models))
    }

    /// Today where the agent works.
    func today(for agent: AgentModel) async throws -> LocalDate {
        let zone = try await LocalityModel.query(on: try database.reader).filter(\.$code == agent.homeLocalityCode).first()?.timeZone
        return LocalDate(clock.now(), in: zone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: "America/Bogota") ?? .gmt)
    }

    /// The agent's own move (start, collect, fail). Another agent's pickup is 404, as if it did not exist.
    func act(_ id: UUID, _ action: PickupState.Action, report: Report, by principal: Principal) async throws -> PickupView {
        let agent = try await agents.workingProfile(principal)
        return try await change(id, action, actor: principal, agentOnly: agent.id!) { pickup, db in
            try Self.applyReport(report, action: action, to: pickup, now: clock.now())
            return (["failureReason", "finishedAt", "latitude", "longitude"], pickup.failureReason ?? "")
        }
    }

    /// Records what the agent reported on `pickup` (validated); shared by the API and offline pushes.
    static func applyReport(_ report: Report, action: PickupState.Action, to pickup: PickupModel, now: Date) throws {
        var validator = Validator()
        if action == .fail {
            validator.check(
                PickupState.failureReasons.contains(report.reason ?? ""), "reason",
                "Choose why: \(PickupState.failureReasons.joined(separator: ", ")).", code: "failure_reason_choice")
        } else {
            validator.check(report.reason == nil, "reason", "Only a failed pickup has a reason.", code: "reason_not_allowed")
        }
        if let at = report.at {
            validator.check(
                at >= pickup.createdAt.addingTimeInterval(-60) && at <= now.addingTimeInterval(300), "at",
                "The time must be after the pickup was created and not in the future.", code: "finished_at_range")
        }
        validator.check(
            (report.latitude == nil) == (report.longitude == nil), "latitude", "Send both latitude and longitude, or neither.",
            code: "position_incomplete")
        if let latitude = report.latitude {
            validator.check(latitude.isFinite && (-90...90).contains(latitude), "latitude", "Latitude is from -90 to 90.", code: "latitude_range")
        }
        if let longitude = report.longitude {
            validator.check(
                longitude.isFinite && (-180...180).contains(longitude), "longitude", "Longitude is from -180 to 180.", code: "longitude_range")
        }
        try validator.validate()
        guard action == .collect || action == .fail else { return }
        pickup.failureReason = action == .fail ? report.reason : nil
        pickup.finishedAt = report.at ?? now
        pickup.latitude = report.latitude
        pickup.longitude = report.longitude
    }

    // MARK: Reading

    /// The pickup for `viewer`: dispatch sees any, an agent only their own (others are 404).
    func find(_ id: UUID, viewer: Principal) async throws -> PickupView {
        try await view(try await model(id, viewer: viewer))
    }

    func model(_ id: UUID, viewer: Principal) async throws -> PickupModel {
        guard let pickup = try await PickupModel.find(id, on: try database.reader) else { throw Self.notFound }
        if !viewer.has(role: CourierRoles.admin) && pickup.agentAccountID != viewer.accountID { throw Self.notFound }
        return pickup
    }

    func history(_ id: UUID, viewer: Principal) async throws -> [PickupEventView] {
        _ = try await model(id, viewer: viewer)
        let events = try await PickupEventModel.query(on: try database.reader).filter(\.$pickupID == id).sort(\.$at).all()
        let names = try await directory.entries(events.map(\.actorAccountID))
        return events.map {
            PickupEventView(
                at: $0.at, actorId: $0.actorAccountID, actorName: names[$0.actorAccountID]?.name ?? "",
                fromState: $0.fromState.isEmpty ? nil : $0.fromState, toState: $0.toState, detail: $0.detail)
        }
    }

    func view(_ model: PickupModel) async throws -> PickupView {
        try await views([model])[0]
    }

    /// `db` is the caller's transaction when there is one: inside a write that holds the sync feed's lock,
    /// asking the pool for a second connection could wait behind the very writers this one blocks.
    func views(_ models: [PickupModel], on db: (any Database)? = nil) async throws -> [PickupView] {
        guard !models.isEmpty else { return [] }
        let db = try db ?? database.reader
        let agentIDs = Array(Set(models.map(\.agentID)))
        let agents = try await AgentModel.query(on: db).filter(\.$id ~~ agentIDs).all()
        let names = Dictionary(
            agents.map { ($0.id!, AgentService.fullName($0.firstName, $0.surname1, $0.surname2)) }, uniquingKeysWith: { first, _ in first })
        let photos = try await PhotoModel.query(on: db).filter(\.$pickupID ~~ models.compactMap(\.id)).all(\.$pickupID)
        var counts: [UUID: Int] = [:]
        for id in photos.compactMap({ $0 }) { counts[id, default: 0] += 1 }
        return models.map { Self.view($0, agentName: names[$0.agentID] ?? "", photoCount: counts[$0.id!] ?? 0) }
    }

    static func view(_ model: PickupModel, agentName: String, photoCount: Int) -> PickupView {
        PickupView(
            id: model.id!, number: model.number, reference: reference(model.number), senderName: model.senderName, phone: model.phone,
            address: model.address, localityCode: model.localityCode, localityName: model.localityName, day: model.day,
            windowStart: model.windowStart, windowEnd: model.windowEnd, declaredValue: model.declaredValue, price: model.price,
            currency: "COP", notes: model.notes, agentId: model.agentID, agentName: agentName, state: model.state,
            failureReason: model.failureReason, finishedAt: model.finishedAt, latitude: model.latitude, longitude: model.longitude,
            photoCount: photoCount, createdAt: model.createdAt, updatedAt: model.updatedAt)
    }

    // MARK: Changing state

    /// Loads the pickup inside a write, checks the move, lets `update` change fields, then records history
    /// and the sync feed; the board hears after commit.
    private func change(
        _ id: UUID, _ action: PickupState.Action, actor: Principal, agentOnly: UUID?,
        update: @escaping @Sendable (PickupModel, any Database) async throws -> (changed: [String], detail: String)
    ) async throws -> PickupView {
        let pickup: PickupModel = try await database.write { db in
            try await feed.lock(on: db)
            guard let pickup = try await PickupModel.find(id, on: db), agentOnly == nil || pickup.agentID == agentOnly else { throw Self.notFound }
            try await transition(pickup, action, actor: actor.accountID, on: db, update: update)
            return pickup
        }
        await events.publish(topic: Self.boardTopic, type: action.rawValue)
        return try await view(pickup)
    }

    /// The one place a pickup changes state, inside the caller's transaction (the API's write or a sync push),
    /// and so the one place that tells people about it. `recordInFeed` is false for a sync push, whose service
    /// records the feed entry itself.
    func transition(
        _ pickup: PickupModel, _ action: PickupState.Action, actor: UUID, on db: any Database, recordInFeed: Bool = true,
        update: @Sendable (PickupModel, any Database) async throws -> (changed: [String], detail: String)
    ) async throws {
        guard let current = PickupState(rawValue: pickup.state) else {
            throw AppError.conflict(code: "transition_not_allowed", "This pickup's state is unknown.")
        }
        let photoCount = action == .collect ? try await PhotoModel.query(on: db).filter(\.$pickupID == pickup.id!).count() : 0
        let next = try current.next(action, photoCount: photoCount)
        let previousAgent = pickup.agentAccountID
        let (changed, detail) = try await update(pickup, db)
        let now = clock.now()
        pickup.state = next.rawValue
        pickup.updatedAt = now
        try await pickup.save(on: db)
        try await record(pickup, from: current, actor: actor, detail: detail, at: now, on: db)
        if recordInFeed {
            try await feed.recordPut(
                Self.collection, id: pickup.id!, scope: Self.scope(pickup.agentAccountID), changed: ["state", "updatedAt"] + changed, on: db)
        }
        try await notify(action, pickup, from: current, previousAgent: previousAgent, actor: actor, on: db)
    }

    private func record(_ pickup: PickupModel, from: PickupState?, actor: UUID, detail: String, at: Date, on db: any Database) async throws {
        let event = PickupEventModel()
        event.id = UUID()
        event.pickupID = pickup.id!
        event.at = at
        event.actorAccountID = actor
        event.fromState = from?.rawValue ?? ""
        event.toState = pickup.state
        event.detail = detail
        try await event.create(on: db)
    }
}
