#include "CSQLiteSettings.h"

// The library SQLiteNIO carries renames every SQLite function with this prefix; it is linked wherever Patio's
// SQLite connections are (PatioData depends on SQLiteNIO), so only the declaration is needed here.
int sqlite_nio_sqlite3_db_config(void *connection, int option, ...);

// SQLITE_DBCONFIG_ENABLE_QPSG in sqlite3.h: "int int*".
enum { patio_sqlite_dbconfig_enable_qpsg = 1007 };

int patio_sqlite_enable_query_planner_stability(void *connection) {
  int enabled = 0;
  if (sqlite_nio_sqlite3_db_config(connection, patio_sqlite_dbconfig_enable_qpsg, 1, &enabled) != 0) return 0;
  return enabled == 1;
}
