import FluentKit
import Foundation
import PatioCore
import PatioPlatform

/// What Courier tells people, and in what words: agents hear about pickups given to them, taken from them or
/// cancelled; dispatch hears about pickups an agent could not collect.
///
/// Bodies name the pickup as the agent's day list does (reference, address, locality, day and window), never
/// the sender's name, phone or the parcel's value: none of them is private beyond what the agent already sees,
/// so no kind is `isPrivate`.
enum CourierNotifications {
    /// To the agent, when dispatch creates a pickup for them or gives them one (or gives a failed one back).
    static let pickupAssigned = NotificationKind(
        "courier.pickup_assigned", days: ["day"],
        spanish: NotificationWords(
            name: "Una recogida que me asignan", title: "Recogida nueva", body: "{reference} · {address}, {locality} · {day}, {window}"),
        english: NotificationWords(
            name: "A pickup assigned to me", title: "New pickup", body: "{reference} · {address}, {locality} · {day}, {window}"))

    /// To the agent who had the pickup, when dispatch gives it to another agent.
    static let pickupReassigned = NotificationKind(
        "courier.pickup_reassigned",
        spanish: NotificationWords(
            name: "Una recogida mía que pasa a otro mensajero", title: "Recogida reasignada",
            body: "{reference} · {address}, {locality} · Despacho se la asignó a otro mensajero."),
        english: NotificationWords(
            name: "A pickup of mine given to another agent", title: "Pickup reassigned",
            body: "{reference} · {address}, {locality} · Dispatch gave it to another agent."))

    /// To the pickup's agent, when dispatch cancels it.
    static let pickupCancelled = NotificationKind(
        "courier.pickup_cancelled", days: ["day"],
        spanish: NotificationWords(
            name: "Una recogida mía cancelada", title: "Recogida cancelada", body: "{reference} · {address}, {locality} · {day}, {window}"),
        english: NotificationWords(
            name: "A pickup of mine cancelled", title: "Pickup cancelled", body: "{reference} · {address}, {locality} · {day}, {window}"))

    /// To dispatch, when an agent reports they could not collect. The reason is a parameter per language
    /// (`reason_es`, `reason_en`): parameters are filled in verbatim, and the reader's language is only known
    /// when the inbox is read.
    static let pickupFailed = NotificationKind(
        "courier.pickup_failed",
        spanish: NotificationWords(
            name: "Una recogida que no se pudo hacer", title: "Recogida fallida", body: "{reference} · {locality} · {agent}: {reason_es}"),
        english: NotificationWords(
            name: "A pickup that could not be collected", title: "Pickup failed", body: "{reference} · {locality} · {agent}: {reason_en}"))

    static let all = [pickupAssigned, pickupReassigned, pickupCancelled, pickupFailed]
}

extension PickupService {
    /// Tells whoever a state change concerns, inside the change's transaction (`db`), so a move refused or
    /// rolled back tells nobody. Nobody is told about their own move (an account that is both dispatch and
    /// agent assigning itself a pickup, say).
    ///
    /// `previousAgent` is the account that had the pickup before `action`; `from` the state it was in.
    func notify(
        _ action: PickupState.Action, _ pickup: PickupModel, from: PickupState, previousAgent: UUID, actor: UUID, on db: any Database
    ) async throws {
        switch action {
        case .reassign:
            if pickup.agentAccountID != previousAgent {
                try await send(CourierNotifications.pickupReassigned, about: pickup, to: [previousAgent], actor: actor, link: "/courier")
            }
            // The same agent hears again only when the pickup comes back to them after failing: an open pickup
            // reassigned to its own agent changes nothing they need to know.
            if pickup.agentAccountID != previousAgent || from == .failed {
                try await notifyAssigned(pickup, actor: actor)
            }
        case .cancel:
            try await send(
                CourierNotifications.pickupCancelled, about: pickup, to: [pickup.agentAccountID], actor: actor,
                link: "/courier/pickups/\(pickup.id!.wireText)")
        case .fail:
            try await notifyFailed(pickup, actor: actor, on: db)
        case .start, .collect:
            break
        }
    }

    /// Tells the pickup's agent it is now theirs; the link opens the pickup's page, which its agent may read.
    func notifyAssigned(_ pickup: PickupModel, actor: UUID) async throws {
        try await send(
            CourierNotifications.pickupAssigned, about: pickup, to: [pickup.agentAccountID], actor: actor,
            link: "/courier/pickups/\(pickup.id!.wireText)")
    }

    /// Tells dispatch the agent could not collect.
    ///
    /// Who "dispatch" is: modules never read Identity's tables, and neither `AccountDirectory` nor the other
    /// services Courier is given list the accounts holding a role. So it is the dispatchers Courier itself
    /// knows for this pickup: whoever created it or last gave it to an agent (its history lines into
    /// `assigned`, which only `courier.admin` routes write). They are the people who planned this pickup and
    /// would reassign it; a dispatcher who never touched it keeps seeing it on the live board.
    private func notifyFailed(_ pickup: PickupModel, actor: UUID, on db: any Database) async throws {
        let dispatchers = try await PickupEventModel.query(on: db).filter(\.$pickupID == pickup.id!)
            .filter(\.$toState == PickupState.assigned.rawValue).all(\.$actorAccountID)
        let agent = try await AgentModel.find(pickup.agentID, on: db)
        let reason = pickup.failureReason ?? ""
        try await send(
            CourierNotifications.pickupFailed, about: pickup, to: dispatchers, actor: actor, link: "/courier/pickups/\(pickup.id!.wireText)",
            extra: [
                "agent": agent.map { AgentService.fullName($0.firstName, $0.surname1, $0.surname2) } ?? "",
                // The words the agent chose the reason from, so dispatch reads what the agent meant.
                "reason_es": CourierStrings.spanish["cou_reason_\(reason)"] ?? reason,
                "reason_en": CourierStrings.english["cou_reason_\(reason)"] ?? reason,
            ])
    }

    /// Pushes about one pickup share a collapse key: on a device that has not shown the earlier one yet, the
    /// newest news of the pickup (assigned, then cancelled) replaces it.
    private func send(
        _ kind: NotificationKind, about pickup: PickupModel, to recipients: [UUID], actor: UUID, link: String,
        extra: [String: String] = [:]
    ) async throws {
        let recipients = recipients.filter { $0 != actor }
        guard !recipients.isEmpty else { return }
        let parameters = [
            "reference": Self.reference(pickup.number), "address": pickup.address, "locality": pickup.localityName, "day": pickup.day,
            "window": "\(pickup.windowStart)–\(pickup.windowEnd)",
        ].merging(extra) { _, new in new }
        try await notifications.send(
            kind.id, to: recipients, parameters: parameters, link: link, collapseKey: "courier.pickup.\(pickup.id!.wireText)")
    }
}
