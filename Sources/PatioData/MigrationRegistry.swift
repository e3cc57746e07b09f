import FluentKit

/// Collects the migrations of the platform and every enabled module, in the order they must run.
public struct MigrationRegistry: Sendable {
    public private(set) var all: [any Migration] = []

    public init() {}

    public mutating func add(_ migrations: [any Migration]) {
        all.append(contentsOf: migrations)
    }
}
