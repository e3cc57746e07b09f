import Foundation
import NIOConcurrencyHelpers

/// Injectable wall-clock time. Live code uses `.system`; tests drive a `ManualClock`.
public struct PatioClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = PatioClock { Date() }
}

/// A clock that only moves when a test moves it.
public final class ManualClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        current = NIOLockedValueBox(start)
    }

    public var date: Date { current.withLockedValue { $0 } }

    public func set(_ date: Date) {
        current.withLockedValue { $0 = date }
    }

    public func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0 = $0.addingTimeInterval(seconds) }
    }

    public var clock: PatioClock {
        PatioClock { [current] in current.withLockedValue { $0 } }
    }
}
