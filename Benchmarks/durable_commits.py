#!/usr/bin/env python3
"""Raw durable-commit rate of a disk: SQLite, WAL, synchronous=FULL, one row per transaction."""
import os, sqlite3, sys, time

folder = sys.argv[1]
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
path = os.path.join(folder, "raw-commits.sqlite")
for suffix in ("", "-wal", "-shm"):
    if os.path.exists(path + suffix):
        os.remove(path + suffix)
db = sqlite3.connect(path, isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
count = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    db.execute("BEGIN")
    db.execute("INSERT INTO t (body) VALUES (?)", (f"row {count}",))
    db.execute("COMMIT")
    count += 1
elapsed = time.perf_counter() - start
print(f"{count / elapsed:.1f}")
