import Foundation
import PatioCore
import FluentSQLiteDriver

/// Ids go to and from SQLite as text without passing through `Codable` and Foundation's parser.
///
/// SQLite keeps ids as their 36-character text. Without this conformance SQLiteKit's coders take an id as any
/// `Codable` value, through a nested decoder, `String`, then `UUID(uuidString:)` (see `UUID.upperText`). With it
/// they convert directly. What is stored does not change (`upperText` is `uuidString`), and text the fast reader
/// does not take goes to `UUID(uuidString:)` as before, so the same texts are read as ids and the same refused.
extension UUID: @retroactive SQLiteDataConvertible {
    public init?(sqliteData: SQLiteData) {
        guard let text = sqliteData.string, let id = UUID(anyText: text) else { return nil }
        self = id
    }

    public var sqliteData: SQLiteData? { .text(upperText) }
}
