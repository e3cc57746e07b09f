import FluentKit
import Foundation
import PatioIdentity
import PatioModules
import PatioPlatform
import Testing

/// A database remembers each migration it ran by name (Fluent's `_fluent_migrations`), and a migration's
/// name is its type's full name. Moving a migration into another type, renaming it or splitting it would
/// make every existing database run it again. `released-migrations.txt` lists every name that has
/// shipped, in the order it runs.
@Suite("Migration history: a released migration keeps its name and its place")
struct MigrationHistoryTests {
    static let released = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("released-migrations.txt")

    /// Every migration Patio can run, in the order a Patio with every module runs them.
    static var current: [String] {
        (IdentityMigrations.all + PlatformMigrations.all + availableModules.flatMap(\.migrations)).map(\.name)
    }

    @Test("every released migration still exists under its name, in the same order; a new one is added to the list")
    func namesAreKept() throws {
        let released = try String(contentsOf: Self.released, encoding: .utf8).split(separator: "\n").map(String.init)
        let current = Self.current
        let missing = released.filter { !current.contains($0) }
        #expect(missing.isEmpty, "renamed, moved or removed after release (existing databases would run them again): \(missing)")
        let kept = current.filter { released.contains($0) }
        #expect(kept == released.filter { current.contains($0) }, "released migrations run in another order")
        let unlisted = current.filter { !released.contains($0) }
        #expect(unlisted.isEmpty, "add new migrations to \(Self.released.lastPathComponent) when they ship: \(unlisted)")
    }

    @Test("no two migrations share a name, so none is skipped as already run")
    func namesAreUnique() {
        #expect(Set(Self.current).count == Self.current.count)
    }
}
