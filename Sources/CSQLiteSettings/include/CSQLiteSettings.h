#ifndef PATIO_CSQLITE_SETTINGS_H
#define PATIO_CSQLITE_SETTINGS_H

/// Turns on SQLite's query planner stability guarantee (SQLITE_DBCONFIG_ENABLE_QPSG) for one connection of the
/// SQLite library SQLiteNIO carries. Answers 1 when the connection reports it on, 0 otherwise.
///
/// A C function because sqlite3_db_config takes variable arguments, which Swift cannot call.
int patio_sqlite_enable_query_planner_stability(void *connection);

#endif
