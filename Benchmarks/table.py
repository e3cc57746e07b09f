#!/usr/bin/env python3
"""Prints the performance table from one `Benchmarks/run`: its own figures (`results`) and what the other
benchmarks printed (`<name>.out`), every figure a ratio of two things measured in that same run."""
import os
import re
import sys

folder = sys.argv[1]


def read(name):
    path = os.path.join(folder, name)
    return open(path).read() if os.path.exists(path) else ""


results = {}
for line in read("results").splitlines():
    key, _, value = line.partition("=")
    results[key] = value


def wrk(key):
    """`rps=… p99ms=… errors=…` as (rps, p99 ms), or None when that scenario did not run."""
    if key not in results:
        return None
    parts = dict(p.split("=") for p in results[key].split())
    return float(parts["rps"]), float(parts["p99ms"])


def usage(key):
    """`…, N µs CPU each, machine M busy` from a stage's CPU fields, or "" when it has none."""
    if key not in results:
        return ""
    parts = dict(p.split("=") for p in results[key].split())
    if "server_cpu_us" not in parts:
        return ""
    return f", {parts['server_cpu_us']} µs CPU each, machine {float(parts['machine_busy']) * 100:.0f} % busy"


def number(key):
    return float(results[key]) if key in results else None


def found(name, pattern):
    match = re.search(pattern, read(name))
    return float(match.group(1)) if match else None


rows = []


def row(what, value, goal, meets, detail=""):
    if value is None:
        rows.append((what, "not run", goal, ""))
    else:
        rows.append((what, value + (f" ({detail})" if detail else ""), goal, "yes" if meets else "no"))


healthz, me, me_cold, patch = wrk("sqlite_healthz"), wrk("sqlite_me"), wrk("sqlite_me_no_cache"), wrk("sqlite_patch")
raw = number("sqlite_raw_commits")
if healthz and me:
    row("GET /api/v1/me ÷ GET /healthz throughput", f"{me[0] / healthz[0]:.2f}", "≥ 0.6", me[0] / healthz[0] >= 0.6,
        f"{me[0]:.0f} vs {healthz[0]:.0f} req/s")
    row("GET /api/v1/me p99 ÷ /healthz p99", f"{me[1] / healthz[1]:.2f}×", "≤ 2×", me[1] / healthz[1] <= 2,
        f"{me[1]:.1f} vs {healthz[1]:.1f} ms")
if healthz and me_cold:
    row("  the same, session cache off: throughput", f"{me_cold[0] / healthz[0]:.2f}", "(reference)", True, f"{me_cold[0]:.0f} req/s")
if patch and raw:
    row("PATCH /api/v1/me ÷ raw one-row durable commits", f"{patch[0] / raw:.2f}", "≥ 1", patch[0] / raw >= 1,
        f"{patch[0]:.0f} vs {raw:.0f} per s{usage('sqlite_patch')}")
if patch and healthz:
    row("  PATCH /api/v1/me ÷ GET /healthz throughput", f"{patch[0] / healthz[0]:.2f}", "(reference)", True)
patch_many = wrk("sqlite_patch_many")
if patch_many and raw:
    row("  PATCH /api/v1/me by eight people ÷ raw commits", f"{patch_many[0] / raw:.2f}", "(reference)", True, f"{patch_many[0]:.0f} per s")
rss = number("sqlite_rss_mb")
row("resident memory after the write load (SQLite)", None if rss is None else f"{rss:.0f} MB", "< 150 MB", rss is not None and rss < 150)

sqlite_checkins = found("checkins.out", r"check-ins/s on SQLite\s+/ raw durable commits/s : ([0-9.]+)")
pg_checkins = found("checkins.out", r"check-ins/s on PostgreSQL / raw durable commits/s : ([0-9.]+)")
row("check-ins/s ÷ raw durable commits, SQLite", None if sqlite_checkins is None else f"{sqlite_checkins:.3f}", "≥ 0.3",
    (sqlite_checkins or 0) >= 0.3)
row("check-ins/s ÷ raw durable commits, PostgreSQL", None if pg_checkins is None else f"{pg_checkins:.3f}", "≥ 0.2",
    (pg_checkins or 0) >= 0.2)
# Benchmarks/checkin-floor: the check-ins a second two cores allow if a check-in cost only its statements, sent in the
# fewest round trips the rules allow while they stay in Swift, and an HTTP request that reads no database.
floor = re.search(r"fewest with the rules in Swift \(5\)\s+\d+\s+\d+\s+\d+\s+\d+\s+(\d+)\s+([0-9.]+)\s+([0-9.]+)", read("checkin-floor.out"))
if floor:
    row("  the least a PostgreSQL check-in costs, rules in Swift, ÷ raw", floor.group(2), "(reference)", True,
        f"{floor.group(1)} per s with nothing but its statements and HTTP; {floor.group(3)} of SQLite's check-ins")

for database in ("SQLite", "PostgreSQL"):
    push = found("sync.out", database + r"\s+pushes\s+:\s+([0-9.]+)")
    pull = found("sync.out", database + r"\s+full pull:\s+([0-9.]+)")
    row(f"sync push ÷ raw inserts, {database}", None if push is None else f"{push:.2f}", "≥ 0.5", (push or 0) >= 0.5)
    row(f"  sync full pull ÷ raw inserts, {database}", None if pull is None else f"{pull:.2f}", "(reference)", True)

courier = found("courier.out", r"ratio full pull ÷ raw batched inserts: ([0-9.]+)")
row("Courier first full pull ÷ raw batched inserts", None if courier is None else f"{courier:.3f}", "≥ 0.5", (courier or 0) >= 0.5)
kit_pull = found("patiokit.out", r"pull: .*ratio ([0-9.]+)")
kit_push = found("patiokit.out", r"push: .*ratio ([0-9.]+)")
row("PatioKit pull ÷ raw batched inserts", None if kit_pull is None else f"{kit_pull:.3f}", "≥ 0.3", (kit_pull or 0) >= 0.3)
row("PatioKit push ÷ raw batched inserts", None if kit_push is None else f"{kit_push:.3f}", "≥ 0.1", (kit_push or 0) >= 0.1)
campus = found("campus.out", r"student home p50: .*ratio ([0-9.]+)x")
row("Campus student home p50 ÷ /healthz p50", None if campus is None else f"{campus:.1f}×", "≤ 4×", campus is not None and campus <= 4)
home_load = re.search(r"student home under load: (\d+) connections, ([0-9.]+) pages/s; server_cpu_us=([0-9.]+) machine_busy=([0-9.]+)",
                      read("campus.out"))
if home_load:
    connections, pages, cpu_us, busy = home_load.groups()
    row(f"  Campus student home under load ({connections} connections)", f"{float(pages):.0f} pages/s", "(reference)", True,
        f"{float(cpu_us):.0f} µs CPU each, machine {float(busy) * 100:.0f} % busy")

pg_me, pg_patch = wrk("pg_me"), wrk("pg_patch")
two_a, two_b = wrk("pg_me_two_a"), wrk("pg_me_two_b")
if pg_me and me:
    row("PostgreSQL GET /api/v1/me ÷ SQLite's, one instance", f"{pg_me[0] / me[0]:.2f}", "≥ 0.5 (within 2×)", pg_me[0] / me[0] >= 0.5,
        f"{pg_me[0]:.0f} vs {me[0]:.0f} req/s")
if pg_patch and patch:
    row("PostgreSQL PATCH /api/v1/me ÷ SQLite's, one instance", f"{pg_patch[0] / patch[0]:.2f}", "≥ 0.5 (within 2×)",
        pg_patch[0] / patch[0] >= 0.5, f"{pg_patch[0]:.0f} vs {patch[0]:.0f} per s{usage('pg_patch')}")
pg_patch_many = wrk("pg_patch_many")
if pg_patch_many and patch_many:
    row("PostgreSQL PATCH by eight people ÷ SQLite's", f"{pg_patch_many[0] / patch_many[0]:.2f}", "≥ 0.5 (within 2×)",
        pg_patch_many[0] / patch_many[0] >= 0.5, f"{pg_patch_many[0]:.0f} vs {patch_many[0]:.0f} per s")
pg_raw = number("pg_raw_commits")
if pg_patch and pg_raw:
    row("  PostgreSQL PATCH ÷ its raw one-row commits", f"{pg_patch[0] / pg_raw:.2f}", "(reference)", True, f"{pg_raw:.0f} per s")
if pg_me and two_a and two_b:
    both = two_a[0] + two_b[0]
    row("PostgreSQL GET /api/v1/me, two instances ÷ one", f"{both / pg_me[0]:.2f}", "≥ 1.6", both / pg_me[0] >= 1.6,
        f"{both:.0f} vs {pg_me[0]:.0f} req/s, {os.cpu_count()} cores; one instance{usage('pg_me')}")

for cache in ("on", "off"):
    one, a, b = wrk(f"pg_capped_{cache}_one"), wrk(f"pg_capped_{cache}_two_a"), wrk(f"pg_capped_{cache}_two_b")
    if one and a and b:
        both = a[0] + b[0]
        row(f"  the same, each instance held to 0.4 of a core, session cache {cache}", f"{both / one[0]:.2f}", "≥ 1.6", both / one[0] >= 1.6,
            f"{both:.0f} vs {one[0]:.0f} req/s; both{usage(f'pg_capped_{cache}_two_cpu')}")

width = max(len(r[0]) for r in rows)
print(f"{'what':{width}} | measured | goal | met")
for what, value, goal, meets in rows:
    print(f"{what:{width}} | {value} | {goal} | {meets}")
