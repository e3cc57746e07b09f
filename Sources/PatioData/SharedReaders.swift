import FluentKit
import Logging
import NIOCore
import PatioCore
import SQLKit

/// SQLite's read connections: Patio's own (`SQLiteHandle`), opened at start and kept until the database closes.
///
/// A read runs on whichever is free (`SharedReader`), on the request's own thread, with its statement prepared
/// once per connection: no pool, no thread switch, no parse. Fluent's queries hand their rows to the
/// reader's event loop, where Fluent expects them.
final class SharedReaders: Sendable {
    /// What `PatioDatabase.reader` hands out on SQLite.
    let reader: SharedReader
    private let handles: [SQLiteHandle]

    private init(reader: SharedReader, handles: [SQLiteHandle]) {
        self.reader = reader
        self.handles = handles
    }

    /// Opens `count` connections to `path`. A Fluent read's rows are handed to `loop`, whichever connection read
    /// them: Fluent checks they arrive on the loop of the database it was given (`SharedReader`'s).
    static func open(path: String, count: Int, loop: any EventLoop, configuration: any DatabaseConfiguration, logger: Logger) throws
        -> SharedReaders
    {
        var handles: [SQLiteHandle] = []
        var connections: [InlineSQLite] = []
        do {
            for _ in 0..<max(count, 1) {
                let handle = try SQLiteHandle(path: path, settings: SQLiteHandle.connectionSettings)
                handles.append(handle)
                let context = DatabaseContext(configuration: configuration, logger: logger, eventLoop: loop)
                connections.append(InlineSQLite(handle: handle, context: context, inTransaction: false))
            }
        } catch {
            for handle in handles { handle.close() }
            throw error
        }
        let reader = SharedReader(connections: connections, turns: ReadTurns(connections: connections.count))
        return SharedReaders(reader: reader, handles: handles)
    }

    /// Closes every connection, once the reads running on them have ended.
    func close() async {
        await reader.turns.close()
        for handle in handles { handle.close() }
    }
}
