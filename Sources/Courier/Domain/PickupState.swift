import PatioCore

/// A pickup's life: `assigned → on_the_way → collected`, or `failed` on the way; dispatch may reassign or
/// cancel anything not yet collected. Every other move is refused with 409 and a code saying why.
enum PickupState: String, Codable, Sendable, CaseIterable {
    case assigned
    case onTheWay = "on_the_way"
    case collected
    case failed
    case cancelled

    /// Why an agent could not collect: the list the app offers.
    static let failureReasons = ["sender_absent", "address_not_found", "parcel_not_ready", "sender_refused", "unsafe_area", "vehicle_problem"]

    /// What someone asks a pickup to do.
    enum Action: String, Sendable {
        case start, collect, fail, reassign, cancel
    }

    /// The state `action` leads to from `self`, or the 409 that refuses it. `photoCount` is the pickup's
    /// attached photos: collecting needs at least one.
    func next(_ action: Action, photoCount: Int) throws -> PickupState {
        switch (action, self) {
        case (.start, .assigned): return .onTheWay
        case (.collect, .onTheWay):
            guard photoCount > 0 else {
                throw AppError.conflict(code: "photo_required", "Attach at least one photo of the parcel before marking it collected.")
            }
            return .collected
        case (.fail, .assigned), (.fail, .onTheWay): return .failed
        case (.reassign, .assigned), (.reassign, .onTheWay), (.reassign, .failed): return .assigned
        case (.cancel, .assigned), (.cancel, .onTheWay), (.cancel, .failed): return .cancelled
        default: throw refusal(action)
        }
    }

    private func refusal(_ action: Action) -> AppError {
        switch self {
        case .collected: AppError.conflict(code: "pickup_already_collected", "This pickup was already collected; it cannot change any more.")
        case .cancelled: AppError.conflict(code: "pickup_cancelled", "Dispatch cancelled this pickup.")
        case .failed: AppError.conflict(code: "pickup_failed", "This pickup was marked failed; dispatch may reassign it.")
        case .assigned where action == .collect:
            AppError.conflict(code: "pickup_not_on_the_way", "Start the pickup (on the way) before marking it collected.")
        case .onTheWay where action == .start: AppError.conflict(code: "pickup_already_started", "This pickup is already on the way.")
        default: AppError.conflict(code: "transition_not_allowed", "A pickup that is \(rawValue) cannot \(action.rawValue).")
        }
    }

    /// Collected and cancelled pickups never change again.
    var isFinal: Bool { self == .collected || self == .cancelled }
}
