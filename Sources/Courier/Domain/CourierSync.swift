import FluentKit
import Foundation
import PatioCore
import PatioData
import PatioIdentity
import PatioPlatform
import SQLKit

/// Courier's sync collections: the network (`courier.localities`, read-only, every member), and each
/// agent's pickups (`courier.pickups`) and photos (`courier.photos`). Offline, an agent moves their
/// pickups along (`state` with its report) and attaches or deletes photos; the same rules as the API apply.
enum CourierSync {
    static func collections(_ s: CourierServices) -> [SyncCollection] {
        [localities(), pickups(s), photos(s)]
    }

    static func localities() -> SyncCollection {
        SyncCollection(
            name: LocalityService.collection,
            scopes: { principal in CourierRoles.members.contains(where: principal.has(role:)) ? [LocalityService.scope] : [] },
            rows: LocalityWire.table.rows,
            writtenRows: LocalityWire.table.written,
            apply: { _, _, _, _ in throw SyncRejection("read_only", "The pickup network is changed by dispatch, not from a device.") },
            admit: admitWorkingAgent(agentOnly: false)
        )
    }

    static func agentScope(_ principal: Principal) -> [String] {
        principal.has(role: CourierRoles.agent) ? [PickupService.scope(principal.accountID)] : []
    }

    static func pickups(_ s: CourierServices) -> SyncCollection {
        SyncCollection(
            name: PickupService.collection,
            scopes: agentScope,
            rows: PickupWire.rows,
            writtenRows: PickupWire.written,
            apply: { mutation, principal, current, db in
                guard mutation.op == .put else { throw SyncRejection("not_allowed", "Pickups are cancelled by dispatch, not deleted from a device.") }
                let agent = try await workingAgent(principal, on: db)
                guard current != nil, let pickup = try await PickupModel.find(mutation.id, on: db), pickup.agentID == agent.id else {
                    throw SyncRejection("pickup_not_found", "This pickup is not assigned to you (any more).")
                }
                let fields = mutation.fields ?? [:]
                let readOnly = fields.keys.filter { !["state", "failureReason", "finishedAt", "latitude", "longitude"].contains($0) }.sorted()
                guard readOnly.isEmpty else {
                    throw SyncRejection(
                        "field_not_writable",
                        """
                        A device changes only state, failureReason, finishedAt, latitude and longitude; \(readOnly.joined(separator: ", ")) \
                        belong to dispatch.
                        """
                    )
                }
                let action: PickupState.Action
                switch fields["state"]?.stringValue {
                case PickupState.onTheWay.rawValue: action = .start
                case PickupState.collected.rawValue: action = .collect
                case PickupState.failed.rawValue: action = .fail
                default: throw SyncRejection("state_choice", "Send state on_the_way, collected or failed.")
                }
                let report = try report(fields)
                do {
                    try await s.pickups.transition(pickup, action, actor: principal.accountID, on: db, recordInFeed: false) { pickup, _ in
                        try PickupService.applyReport(report, action: action, to: pickup, now: s.clock.now())
                        return (["failureReason", "finishedAt", "latitude", "longitude"], pickup.failureReason ?? "")
                    }
                } catch let error as AppError {
                    throw SyncRejection(error.fieldErrors.first?.code ?? error.code, error.fieldErrors.first?.message ?? error.detail)
                }
                return .put(
                    scope: PickupService.scope(pickup.agentAccountID),
                    changed: ["state", "updatedAt", "failureReason", "finishedAt", "latitude", "longitude"])
            },
            didCommit: { await s.events.publish(topic: PickupService.boardTopic, type: "sync") },
            admit: admitWorkingAgent(agentOnly: true)
        )
    }

    static func photos(_ s: CourierServices) -> SyncCollection {
        SyncCollection(
            name: PhotoService.collection,
            scopes: agentScope,
            rows: { ids, db in
                let models = try await PhotoModel.query(on: db).filter(\.$id ~~ ids).all()
                return Dictionary(models.map { ($0.id!, PhotoWire.row(PhotoService.view($0))) }, uniquingKeysWith: { first, _ in first })
            },
            apply: { mutation, principal, current, db in
                let agent = try await workingAgent(principal, on: db)
                guard current != nil else { throw SyncRejection("photo_not_found", "This photo is not yours (any more).") }
                do {
                    switch mutation.op {
                    case .delete:
                        try await s.photos.delete(mutation.id, agent: agent, on: db, recordInFeed: false)
                        return .delete
                    case .put:
                        let fields = mutation.fields ?? [:]
                        guard fields.keys.allSatisfy({ $0 == "pickupId" }), let value = fields["pickupId"] else {
                            throw SyncRejection("field_not_writable", "A device changes only a photo's pickupId; photos themselves are uploaded.")
                        }
                        let pickupID: UUID?
                        switch value {
                        case .null: pickupID = nil
                        case .string(let text):
                            guard let id = UUID(uuidString: text) else {
                                throw SyncRejection("invalid_field", "pickupId must be a pickup's id or null.")
                            }
                            pickupID = id
                        default: throw SyncRejection("invalid_field", "pickupId must be a pickup's id or null.")
                        }
                        _ = try await s.photos.attach(mutation.id, to: pickupID, agent: agent, on: db, recordInFeed: false)
                        return .put(scope: PickupService.scope(agent.accountID), changed: ["pickupId"])
                    }
                } catch let error as AppError {
                    throw SyncRejection(error.fieldErrors.first?.code ?? error.code, error.fieldErrors.first?.message ?? error.detail)
                }
            },
            didCommit: { await s.events.publish(topic: PickupService.boardTopic, type: "sync") },
            admit: admitWorkingAgent(agentOnly: true)
        )
    }

    /// A paused agent (signed in again after pausing ended their sessions) pulls and pushes nothing: 403
    /// `agent_inactive` for the whole request, as on every Courier route. Refusing the push, rather than
    /// rejecting each change, keeps the device's offline work queued until dispatch resumes the agent.
    /// Dispatch also pulls the network (`agentOnly` false) and is not checked there.
    static func admitWorkingAgent(agentOnly: Bool) -> @Sendable (Principal, any Database) async throws -> Void {
        { principal, db in
            if !agentOnly && principal.has(role: CourierRoles.admin) { return }
            guard let isActive = try await agentIsActive(principal.accountID, on: db) else { throw AgentService.notAnAgent }
            guard isActive else { throw AgentService.inactive }
        }
    }

    /// Whether the account's agent is active; nil when the account is no agent. Fixed SQL read by place: every
    /// page of an agent's pull asks it.
    private static func agentIsActive(_ accountID: UUID, on db: any Database) async throws -> Bool? {
        let rows = try await (try db.sql).raw("SELECT is_active FROM courier_agents WHERE account_id = \(bind: accountID) LIMIT 1").all()
        guard let row = rows.first else { return nil }
        var columns = SQLColumns(row)
        return try columns.bool(0)
    }

    private static func workingAgent(_ principal: Principal, on db: any Database) async throws -> AgentModel {
        guard let agent = try await AgentModel.query(on: db).filter(\.$accountID == principal.accountID).first() else {
            throw SyncRejection("agent_profile_missing", "This account has no courier agent profile.")
        }
        guard agent.isActive else { throw SyncRejection("agent_inactive", "This agent is paused; dispatch can resume them.") }
        return agent
    }

    /// The agent's report in a pushed pickup change; bad values are rejected with the API's codes.
    private static func report(_ fields: [String: JSONValue]) throws -> PickupService.Report {
        func number(_ key: String) throws -> Double? {
            switch fields[key] {
            case nil, .null?: return nil
            case .number(let value)?: return value
            default: throw SyncRejection("invalid_field", "\(key) must be a number or null.")
            }
        }
        var report = PickupService.Report()
        switch fields["failureReason"] {
        case nil, .null?: break
        case .string(let reason)?: report.reason = reason
        default: throw SyncRejection("invalid_field", "failureReason must be text or null.")
        }
        switch fields["finishedAt"] {
        case nil, .null?: break
        case .string(let text)?:
            guard let date = Timestamp.parse(text) else { throw SyncRejection("invalid_field", "finishedAt must be an RFC 3339 time.") }
            report.at = date
        default: throw SyncRejection("invalid_field", "finishedAt must be an RFC 3339 time or null.")
        }
        report.latitude = try number("latitude")
        report.longitude = try number("longitude")
        return report
    }
}
