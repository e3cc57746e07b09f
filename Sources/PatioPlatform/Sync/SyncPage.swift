import Foundation
import PatioCore

extension SyncService {
    /// One change of a pull page: a put with the row's data, or a tombstone.
    public struct Change: Codable, Sendable, Equatable {
        public var op: SyncMutation.Op
        /// Spelled as the row's `data.id` (`wireText`): devices delete a tombstone's row by this text.
        @WireID public var id: UUID
        public var version: Int
        public var data: [String: JSONValue]?
    }

    /// A pull page as sent: `{"changes":[…],"cursor":…,"hasMore":…}`, byte for byte what `JSONEncoder` writes for
    /// the same values (sorted keys; `PageWriter`).
    public struct Page: Sendable {
        /// The page's JSON, as the API answers it.
        public let json: [UInt8]

        init(json: [UInt8]) { self.json = json }

        /// The page of `changes`, each put written from its `data`.
        public init(changes: [Change], cursor: String, hasMore: Bool) {
            var writer = PageWriter(capacity: 256 + changes.count * 512)
            for change in changes {
                // Data is written whenever a change has it, as the encoder would.
                writer.change(op: change.op, id: IDText(change.id), version: change.version, data: change.data)
            }
            json = writer.finish(cursor: cursor, hasMore: hasMore)
        }

        /// What the page says, read back from its JSON (for tests and tools; the API sends `json` as it is).
        public var decoded: Decoded {
            get throws { try PatioJSON.decoder().decode(Decoded.self, from: Data(json)) }
        }

        /// A page as a client reads it.
        public struct Decoded: Codable, Sendable, Equatable {
            public var changes: [Change]
            public var cursor: String
            public var hasMore: Bool
        }
    }

    /// Writes a page's JSON change by change, as a pull reads the feed, with no `Change` made of each row.
    ///
    /// Each change is written with a comma after it, and the last comma is taken back when the page is finished,
    /// so a put read later (`insert`) can go in between two already written.
    struct PageWriter {
        private var text: JSONText

        init(capacity: Int) {
            text = JSONText(capacity: capacity)
            text.raw("{\"changes\":[")
        }

        private init(text: JSONText) { self.text = text }

        /// Where the next change goes, for `insert`.
        var place: Int { text.bytes.count }

        /// A put whose data `writeData` writes (one JSON object).
        mutating func put(_ id: IDText, version: Int, _ writeData: (inout JSONText) throws -> Void) rethrows {
            try change(op: .put, id: id, version: version, writeData)
        }

        mutating func delete(_ id: IDText, version: Int) {
            change(op: .delete, id: id, version: version, data: nil)
        }

        /// Any change, with its `data` when it has some.
        mutating func change(op: SyncMutation.Op, id: IDText, version: Int, data: [String: JSONValue]?) {
            guard let data else {
                text.raw("{")
                return rest(op: op, id: id, version: version)
            }
            change(op: op, id: id, version: version) { $0.object(data) }
        }

        private mutating func change(op: SyncMutation.Op, id: IDText, version: Int, _ writeData: (inout JSONText) throws -> Void) rethrows {
            text.raw("{\"data\":")
            try writeData(&text)
            text.raw(",")
            rest(op: op, id: id, version: version)
        }

        /// A change's keys after `data`, in sorted order (`id`, `op`, `version`), the object's end and a comma.
        private mutating func rest(op: SyncMutation.Op, id: IDText, version: Int) {
            text.raw("\"id\":")
            text.append(id)
            switch op {
            case .put: text.raw(",\"op\":\"put\",\"version\":")
            case .delete: text.raw(",\"op\":\"delete\",\"version\":")
            }
            text.integer(version)
            text.raw("},")
        }

        /// The page with `later` written at their places (`place` when each was met, in order), each by `write`
        /// (nothing for a row it no longer finds).
        mutating func insert<Row>(_ later: [(place: Int, row: Row)], _ write: (inout PageWriter, Row) throws -> Void) rethrows {
            guard !later.isEmpty else { return }
            let written = text.bytes
            var spliced = PageWriter(text: JSONText(capacity: written.count + later.count * 512))
            var from = 0
            for (place, row) in later {
                written.withUnsafeBufferPointer { spliced.text.append(storedUTF8: UnsafeBufferPointer(rebasing: $0[from..<place])) }
                try write(&spliced, row)
                from = place
            }
            written.withUnsafeBufferPointer { spliced.text.append(storedUTF8: UnsafeBufferPointer(rebasing: $0[from...])) }
            self = spliced
        }

        /// The page's bytes, with its cursor and whether more follows.
        mutating func finish(cursor: String, hasMore: Bool) -> [UInt8] {
            text.dropLast(ifItIs: UInt8(ascii: ","))
            text.raw("],\"cursor\":")
            text.string(cursor)
            text.raw(",\"hasMore\":")
            text.bool(hasMore)
            text.raw("}")
            return text.bytes
        }
    }
}
