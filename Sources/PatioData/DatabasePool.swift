import NIOCore

/// How many connections Patio keeps to its database and how long a query may wait for one.
///
/// FluentKit keeps one pool per event loop. Patio spreads `connections` over as few loops as it needs
/// (never more loops than connections), so a pool of one is really one connection and the limit an
/// operator sets is the number the database server sees.
public struct DatabasePool: Sendable, Equatable {
    /// Connections in all: PostgreSQL's pool, or SQLite's read connections (its one writer comes on top).
    /// nil keeps the default, four per core.
    public var connections: Int?
    /// How long a query waits for a free connection before it fails (and its request answers 503).
    public var timeout: TimeAmount

    public init(connections: Int? = nil, timeout: TimeAmount = .seconds(30)) {
        self.connections = connections
        self.timeout = timeout
    }

    /// The loops that hold connections and how many each may open: `connections` rounded down to a
    /// multiple of the loops used, and at least one.
    func layout(loopCount: Int, defaultPerLoop: Int) -> (loops: Int, perLoop: Int) {
        let loopCount = max(1, loopCount)
        guard let connections else { return (loopCount, max(1, defaultPerLoop)) }
        let total = max(1, connections)
        let used = min(loopCount, total)
        return (used, total / used)
    }
}
