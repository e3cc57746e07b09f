import Foundation
import Hummingbird
import PatioCore
import PatioPlatform
import PatioWeb

/// What every courier page shares: the module's words and accent, the nav flags, and how pickups, money
/// and localities are shown to people.
struct CourierPageHandlers: Sendable {
    let s: CourierServices
    let pages: ModulePages
    let offlineTables: OfflineTableRegistry
    let sync: SyncService
    static let accent = "#c2410c"

    init(s: CourierServices, web: WebRenderer, offlineTables: OfflineTableRegistry, sync: SyncService) {
        self.s = s
        self.offlineTables = offlineTables
        self.sync = sync
        self.pages = ModulePages(web: web, strings: CourierStrings.all, accent: Self.accent) { context in
            [
                "isDispatch": context.principal?.has(role: CourierRoles.admin) ?? false,
                "isAgent": context.principal?.has(role: CourierRoles.agent) ?? false,
            ]
        }
    }

    /// A courier page. An agent's pages register the offline worker for their account (courier.js) and say
    /// when they were made, which is what a copy opened offline then shows.
    func page(
        _ template: String, _ titleKey: String, _ data: [String: Any], _ context: PatioRequestContext,
        problem: AppError? = nil, values: [String: String] = [:], notice: String? = nil
    ) -> Response {
        var data = data
        data["csrf"] = context.csrfToken
        if let principal = context.principal, principal.has(role: CourierRoles.agent) {
            data["offlineAccount"] = principal.accountID.uuidString
            data["updatedAt"] = PageFormat.dateTime(s.clock.now(), in: CourierAPI.homeTimeZone, locale: context.locale)
        }
        return pages.page(template, title: text(titleKey, context), data, context: context, problem: problem, values: values, notice: notice)
    }

    func text(_ key: String, _ context: PatioRequestContext) -> String { pages.text(key, context) }

    /// Courier keeps amounts (declared values, pickup prices) in whole pesos: `$ 4.500` on a Spanish page,
    /// `$4,500 COP` on an English one.
    func pesos(_ value: Int, _ context: PatioRequestContext) -> String {
        PageFormat.money(whole: value, currency: Self.currency, locale: context.locale)
    }

    static let currency = "COP"

    func stateLabel(_ state: String, _ context: PatioRequestContext) -> String { text("cou_state_\(state)", context) }

    /// How a state's badge looks (patio.css's tones) and its icon, so that states differ without colour too:
    /// assigned in hand, on the way under way, collected done, failed red, cancelled grey.
    static func look(_ state: String) -> (tone: String, icon: String) {
        switch PickupState(rawValue: state) {
        case .assigned: ("info", "○")
        case .onTheWay: ("warn", "→")
        case .collected: ("ok", "✓")
        case .failed: ("danger", "✕")
        case .cancelled, nil: ("", "⊘")
        }
    }

    /// Why an agent could not collect, in the reader's words (a reason outside the list as written).
    func reasonLabel(_ reason: String, _ context: PatioRequestContext) -> String {
        PickupState.failureReasons.contains(reason) ? text("cou_reason_\(reason)", context) : reason
    }

    /// A pickup as a row of a list or the board.
    func row(_ pickup: PickupView, _ context: PatioRequestContext, pending: Bool = false) -> [String: Any] {
        [
            "id": pickup.id.uuidString, "reference": pickup.reference, "sender": pickup.senderName, "address": pickup.address,
            "locality": pickup.localityName, "window": "\(pickup.windowStart)–\(pickup.windowEnd)", "state": pickup.state,
            "stateLabel": stateLabel(pickup.state, context), "stateTone": Self.look(pickup.state).tone, "stateIcon": Self.look(pickup.state).icon,
            "agent": pickup.agentName, "photoCount": pickup.photoCount,
            "price": pesos(pickup.price, context), "declared": pesos(pickup.declaredValue, context),
            "reason": pickup.state == PickupState.failed.rawValue ? pickup.failureReason.map { reasonLabel($0, context) } ?? "" : "",
        ]
    }

    func localityRow(_ view: LocalityView, _ context: PatioRequestContext) -> [String: Any] {
        let record = view.record
        return [
            "code": record.id, "name": record.name, "department": record.ancestor1Name, "abbreviation": record.abbreviation,
            "postalCode": record.postalCode, "diallingCode": record.diallingCode, "pickupAllowed": record.pickupAllowed && record.status == 1,
            "hours": String(format: text("cou_hours", context), record.pickupHourMin, record.pickupHourMax),
            "openNow": view.openNow, "price": pesos(record.pickupPrice, context),
        ]
    }

    /// The form values of a refused form, shown again as typed.
    func redisplay(_ error: AppError, _ form: FormBody, render: (AppError, [String: String]) async throws -> Response) async throws -> Response {
        guard error.status.code < 500 else { throw error }
        return try await render(error, form.values)
    }
}
