import FluentPostgresDriver

/// The statement PostgresNIO runs: its name and text are the task's (`current`), since PostgresNIO reads a prepared
/// statement's name and SQL from its type, and Patio's statements are built at run time. PostgresNIO reads both in
/// the task that calls `execute`, inside `current`'s scope.
struct KeptStatement: PostgresPreparedStatement {
    struct Current: Sendable {
        var name: String
        var sql: String
    }
    @TaskLocal static var current = Current(name: "", sql: "")

    static var name: String { current.name }
    static var sql: String { current.sql }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}
