#!/usr/bin/env python3
"""Courier's device work against a running Patio with demo data.

Setup (not measured): LOCALITIES more localities through the CSV import and PICKUPS pickups for the demo
agent through dispatch's API. Then, measured in this run:
1. the agent's first full pull: list the offline tables, create each from its statement in a fresh SQLite
   file, pull every table through the sync feed in batches of its size and insert each batch (one
   transaction per batch) — rows per second;
2. raw batched SQLite inserts of the same rows into the same tables on the same disk — rows per second;
both ROUNDS (5) times, alternating, each pull into a fresh file; the median round's ratio is the figure.
(Photo uploads are measured by courier_photos.py, which `Benchmarks/courier` runs after this.)

usage: courier.py PORT WORKDIR [LOCALITIES PICKUPS PHOTOS CONCURRENCY]"""
import os, sqlite3, sys, time

from benchlib import Client, import_localities, parallel

port, work = int(sys.argv[1]), sys.argv[2]
localities, pickups, photos, concurrency = (int(a) for a in (sys.argv[3:7] + ["10000", "500", "200", "8"][len(sys.argv[3:7]):]))
api = Client(port)
dispatch, agent = api.login("despacho@demo.patio"), api.login("mensajero@demo.patio")

# Setup: the network and the day's pickups.
import_localities(port, dispatch, localities)
me = api.call("GET", "/api/v1/courier/me", agent)
today = api.call("GET", "/api/v1/courier/me/pickups", agent)["day"]
parallel(range(pickups), lambda n: api.call("POST", "/api/v1/courier/pickups", dispatch, {
    "senderName": f"Remitente {n}", "phone": "3001234567", "address": f"Calle {n} # 1-2", "localityCode": "11001000", "day": today,
    "windowStart": f"{8 + n % 9:02d}:00", "windowEnd": f"{9 + n % 9:02d}:00", "declaredValue": 10000 + n, "agentId": me["id"]}), threads=concurrency)

# 1. The agent's first full pull into a local SQLite database.
def local_db(name):
    path = os.path.join(work, name)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix): os.remove(path + suffix)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    return db

def insert(db, table, batch):
    columns = table["columns"]
    db.execute("BEGIN")
    db.executemany(f"INSERT OR REPLACE INTO {table['name']} ({','.join(columns)}) VALUES ({','.join('?' * len(columns))})",
                   [tuple(int(v) if isinstance(v, bool) else v for v in (row.get(c) for c in columns)) for row in batch])
    db.execute("COMMIT")

def first_full_pull():
    """The agent's first full pull into a fresh device file: (seconds, tables with their columns, rows by table)."""
    started = time.perf_counter()
    tables = api.call("GET", "/api/v1/offline-tables", agent)["items"]
    device = local_db("device.sqlite")
    pulled = {}
    for table in tables:
        device.execute(table["createStatement"])
        probe = device.execute(f"SELECT * FROM {table['name']} LIMIT 0")
        table["columns"] = [d[0] for d in probe.description]
        cursor, all_rows = None, []
        while True:
            page = api.call("GET", f"/api/v1/sync/{table['collection']}?limit={table['batchSize']}" + (f"&cursor={cursor}" if cursor else ""), agent)
            batch = [change["data"] for change in page["changes"] if change["op"] == "put"]
            if batch: insert(device, table, batch)
            all_rows.extend(batch)
            cursor = page["cursor"]
            if not page["hasMore"]: break
        pulled[table["name"]] = all_rows
    seconds = time.perf_counter() - started
    counts = {name: device.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in pulled}
    assert counts["courier_localities"] >= localities and counts["courier_pickups"] >= pickups, counts
    device.close()
    return seconds, tables, pulled, counts

def raw_inserts(tables, pulled):
    """2. Raw batched inserts of the same rows into the same tables, same disk: seconds."""
    raw = local_db("raw.sqlite")
    started = time.perf_counter()
    for table in tables:
        raw.execute(table["createStatement"])
        data = pulled[table["name"]]
        for i in range(0, len(data), table["batchSize"]):
            insert(raw, table, data[i:i + table["batchSize"]])
    seconds = time.perf_counter() - started
    raw.close()
    return seconds

# One pull takes a quarter of a second, short enough for one hiccup of a shared machine to move it by a tenth:
# ROUNDS pulls, each into a fresh device file and each followed by the raw inserts of what it pulled, and the
# median round's ratio.
rounds = []
for _ in range(int(os.environ.get("ROUNDS", "5"))):
    pull_seconds, tables, pulled, counts = first_full_pull()
    total = sum(len(r) for r in pulled.values())
    raw_seconds = raw_inserts(tables, pulled)
    rounds.append((total / pull_seconds / (total / raw_seconds), total, pull_seconds, raw_seconds, counts))
ratio, total, pull_seconds, raw_seconds, counts = sorted(rounds, key=lambda r: r[0])[len(rounds) // 2]
print(f"first full pull (median of {len(rounds)} rounds): {total} rows ({counts}) in {pull_seconds:.2f} s = {total / pull_seconds:.0f} rows/s")
print(f"raw batched SQLite inserts of the same rows: {total / raw_seconds:.0f} rows/s")
print(f"every round's ratio, in the order run: {' '.join(f'{r[0]:.3f}' for r in rounds)}")
print(f"ratio full pull ÷ raw batched inserts: {ratio:.3f}")
