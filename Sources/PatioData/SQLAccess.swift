import FluentKit
import PatioCore
import SQLKit

extension Database {
    /// This database as SQLKit sees it, for the queries Fluent's models cannot say (joins, aggregates,
    /// `INSERT … ON CONFLICT`). Both drivers Patio opens are SQL databases, so this fails only for a
    /// database Patio never creates; it answers a 500 then instead of stopping the process.
    public var sql: any SQLDatabase {
        get throws {
            guard let sql = self as? any SQLDatabase else {
                throw AppError(.internalServerError, code: "database_not_sql", detail: "The database does not speak SQL.")
            }
            return sql
        }
    }
}

extension SQLDatabase {
    /// An aggregate of the text in `column` over a group's rows, joined by single spaces (`string_agg` on
    /// PostgreSQL, `group_concat` on SQLite), NULL over no rows: several rows' values read as one column. Only for
    /// values that never hold a space. `column` is SQL text written by Patio, never a client's.
    public func spaceJoined(_ column: String) -> SQLQueryString {
        dialect.name == "postgresql" ? "string_agg(\(unsafeRaw: column), ' ')" : "group_concat(\(unsafeRaw: column), ' ')"
    }
}
