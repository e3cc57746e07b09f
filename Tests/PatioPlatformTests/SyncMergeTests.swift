import Foundation
import PatioCore
@testable import PatioPlatform
import PatioTestSupport
import Testing

/// The push merge rule without a database: which fields of a client's change conflict with the server's row.
@Suite("Sync field merge")
struct SyncMergeTests {
    /// A row at version 7: `title` last changed at 7, `done` at 4, `due` at 2.
    let versions = ["title": 7, "done": 4, "due": 2]
    let current: [String: JSONValue] = ["title": .string("Sign the contract"), "done": .bool(true), "due": .string("2026-12-01")]

    func put(base: Int, _ incoming: [String: JSONValue]) -> [String] {
        SyncMerge.conflicts(op: .put, baseVersion: base, rowVersion: 7, fieldVersions: versions, current: current, incoming: incoming)
    }

    @Test("a field the server changed after the client's base, to another value, conflicts")
    func putConflicts() {
        #expect(put(base: 5, ["title": .string("Sign it")]) == ["title"])
        #expect(put(base: 3, ["title": .string("Sign it"), "done": .bool(false), "due": .string("2027-01-01")]) == ["done", "title"])
    }

    @Test("edits to different fields merge, and the same value on both sides is agreement")
    func putMerges() {
        #expect(put(base: 4, ["due": .string("2027-01-01")]).isEmpty)
        #expect(put(base: 2, ["title": .string("Sign the contract")]).isEmpty)
        #expect(put(base: 7, ["title": .string("Sign it"), "done": .bool(false)]).isEmpty)
        #expect(put(base: 0, ["notes": .string("a field the server never had")]).isEmpty)
    }

    @Test("a delete conflicts with every change the client has not seen, and with nothing once it has")
    func deletes() {
        let delete = { (base: Int) in
            SyncMerge.conflicts(op: .delete, baseVersion: base, rowVersion: 7, fieldVersions: versions, current: current, incoming: [:])
        }
        #expect(delete(3) == ["done", "title"])
        #expect(delete(1) == ["done", "due", "title"])
        #expect(delete(7).isEmpty)
    }

    /// Random rows (field versions up to the row version, random values) and random client changes.
    @Test("over 5,000 random rows and changes, the conflicts are exactly the unseen disagreeing fields")
    func property() {
        var random = SeededRandom(seed: 20_261_123)
        let names = ["a", "b", "c", "d", "e", "f"]
        func value(_ random: inout SeededRandom) -> JSONValue {
            switch random.below(4) {
            case 0: .string(["x", "y", ""][random.below(3)])
            case 1: .number(Double(random.below(3)))
            case 2: .bool(random.below(2) == 0)
            default: .null
            }
        }
        for _ in 0..<5_000 {
            let rowVersion = 1 + random.below(20)
            var fieldVersions: [String: Int] = [:], current: [String: JSONValue] = [:], incoming: [String: JSONValue] = [:]
            for name in names where random.below(3) > 0 {
                fieldVersions[name] = 1 + random.below(rowVersion)
                current[name] = value(&random)
            }
            for name in names where random.below(2) == 0 { incoming[name] = random.below(3) == 0 ? current[name] ?? .null : value(&random) }
            let base = random.below(rowVersion + 3)

            let put = SyncMerge.conflicts(
                op: .put, baseVersion: base, rowVersion: rowVersion, fieldVersions: fieldVersions, current: current, incoming: incoming)
            #expect(put == put.sorted())
            #expect(Set(put).isSubset(of: incoming.keys))
            for name in put { #expect(fieldVersions[name, default: 0] > base && current[name] != incoming[name]) }
            for (name, sent) in incoming where !put.contains(name) {
                #expect(fieldVersions[name, default: 0] <= base || current[name] == sent)
            }
            // A client that has seen the latest version, or sends back what the server holds, never conflicts.
            if base >= rowVersion { #expect(put.isEmpty) }
            #expect(
                SyncMerge.conflicts(
                    op: .put, baseVersion: base, rowVersion: rowVersion, fieldVersions: fieldVersions, current: current,
                    incoming: current.filter { _ in random.below(2) == 0 }
                ).isEmpty)

            let delete = SyncMerge.conflicts(
                op: .delete, baseVersion: base, rowVersion: rowVersion, fieldVersions: fieldVersions, current: current, incoming: incoming)
            #expect(delete == delete.sorted())
            if base >= rowVersion {
                #expect(delete.isEmpty)
            } else {
                #expect(Set(delete) == Set(fieldVersions.filter { $0.value > base }.keys))
            }
        }
    }
}
