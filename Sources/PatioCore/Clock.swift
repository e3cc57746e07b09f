import Foundation
import NIOConcurrencyHelpers

/// Injectable wall-clock time. Live code uses `.system`; tests drive a `ManualClock`.
///
/// Both give out whole microseconds: PostgreSQL keeps no more, SQLite's driver reads no more back, and a
/// time that reads back as it was written keeps paging cursors and equality checks exact.
public struct PatioClock: Sendable {
    public var now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = PatioClock { Date().wholeMicroseconds }
}

extension Date {
    /// This time to the nearest microsecond.
    public var wholeMicroseconds: Date {
        Date(timeIntervalSinceReferenceDate: (timeIntervalSinceReferenceDate * 1_000_000).rounded() / 1_000_000)
    }
}

/// A clock that only moves when a test moves it.
public final class ManualClock: Sendable {
    private let current: NIOLockedValueBox<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) {
        current = NIOLockedValueBox(start.wholeMicroseconds)
    }

    public var date: Date { current.withLockedValue { $0 } }

    public func set(_ date: Date) {
        current.withLockedValue { $0 = date.wholeMicroseconds }
    }

    public func advance(by seconds: TimeInterval) {
        current.withLockedValue { $0 = $0.addingTimeInterval(seconds).wholeMicroseconds }
    }

    public var clock: PatioClock {
        PatioClock { [current] in current.withLockedValue { $0 } }
    }
}
