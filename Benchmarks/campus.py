#!/usr/bin/env python3
"""Campus against a running Patio with demo data.

1. The student's home page (`/campus`, signed in as estudiante@demo.patio) and `GET /healthz`, REQUESTS
   each, interleaved one for one on one keep-alive connection: p50 and p99 of each and their ratios.
2. Closing a period. Setup (not measured): a new plan with SUBJECTS subjects, a period, one group per subject
   at its own hour (so nobody's classes clash), STUDENTS students enrolled in every group through the CSV
   import, and a final for each enrolment. Measured: `POST /api/v1/campus/periods/{id}/close`, kardex lines
   written per second; then raw batched SQLite inserts of as many rows of the same columns, one transaction,
   on the same disk, rows per second.

usage: campus.py PORT WORKDIR [REQUESTS STUDENTS SUBJECTS]"""
import http.client, os, sqlite3, sys, time, uuid

from benchlib import Client, parallel

port, work = int(sys.argv[1]), sys.argv[2]
requests, students, subjects = (int(a) for a in (sys.argv[3:6] + ["2000", "100", "20"][len(sys.argv[3:6]):]))
api = Client(port)
student, admin = api.login("estudiante@demo.patio"), api.login("admin@demo.patio")

def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]

# 1. Home page against /healthz, interleaved so both see the same machine.
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
home, health = [], []
for _ in range(requests):
    for path, bucket, headers in (("/campus", home, {"cookie": f"patio_session={student}"}), ("/healthz", health, {})):
        started = time.perf_counter()
        conn.request("GET", path, headers=headers)
        response = conn.getresponse(); body = response.read()
        bucket.append(time.perf_counter() - started)
        assert response.status == 200, (path, response.status, body[:200])
for name, p in (("p50", 50), ("p99", 99)):
    h, z = percentile(home, p) * 1000, percentile(health, p) * 1000
    print(f"student home {name}: {h:.2f} ms; /healthz {name}: {z:.2f} ms; ratio {h / z:.1f}x")

# 2. Closing a period of students × subjects enrolments.
school = api.call("GET", "/api/v1/campus/schools", admin)["items"][0]
career = api.call("POST", "/api/v1/campus/careers", admin, {"schoolId": school["id"], "code": "BEN", "name": "Benchmark"})
plan = api.call("POST", "/api/v1/campus/plans", admin, {"careerId": career["id"], "code": "2030"})
period = api.call("POST", "/api/v1/campus/periods", admin, {"code": "2031/1", "startsOn": "2030-08-01", "endsOn": "2031-01-20"})
subject_ids = [api.call("POST", "/api/v1/campus/subjects", admin, {"planId": plan["id"], "clave": f"B{n:03d}", "name": f"Materia {n}",
                                                                   "semester": 1 + n % 8, "credits": 7.5})["id"] for n in range(subjects)]
groups = []
for n, subject_id in enumerate(subject_ids):
    day, hour = 1 + n % 6, 7 + n // 6
    groups.append(api.call("POST", "/api/v1/campus/groups", admin, {
        "periodId": period["id"], "subjectId": subject_id, "code": "1BM1", "shift": "morning", "quota": students,
        "slots": [{"weekday": day, "startsAt": f"{hour:02d}:00", "endsAt": f"{hour:02d}:50", "building": "1", "room": str(100 + n)}]}))
boletas = [f"2030{n:06d}" for n in range(students)]
parallel(boletas, lambda boleta: api.call("POST", "/api/v1/campus/students", admin, {
    "email": f"b{boleta}@bench.patio", "password": "bench-password-1", "name": f"Alumno {boleta}", "boleta": boleta, "planId": plan["id"]}), threads=8)
lines = ["boleta,period,clave,group"] + [f"{b},2031/1,B{n:03d},1BM1" for b in boletas for n in range(subjects)]
upload = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
upload.request("POST", "/api/v1/campus/enrolments/import", body="\n".join(lines).encode(), headers={"content-type": "text/csv", "authorization": f"Bearer {admin}"})
answer = upload.getresponse(); text = answer.read()
assert answer.status == 200, text[:300]
for group in groups:
    roster = api.call("GET", f"/api/v1/campus/groups/{group['id']}/roster", admin)["items"]
    api.call("PUT", f"/api/v1/campus/groups/{group['id']}/grades", admin, {"grades": [{"enrolmentId": r["enrolmentId"], "final": str(6 + i % 5)} for i, r in enumerate(roster)]})

started = time.perf_counter()
summary = api.call("POST", f"/api/v1/campus/periods/{period['id']}/close", admin)
close_seconds = time.perf_counter() - started
written = summary["linesWritten"]
assert written == students * subjects, summary

path = os.path.join(work, "raw.sqlite")
raw = sqlite3.connect(path, isolation_level=None)
raw.execute("PRAGMA journal_mode=WAL"); raw.execute("PRAGMA synchronous=FULL")
raw.execute("CREATE TABLE kardex (id TEXT PRIMARY KEY, student_id TEXT, clave TEXT, subject_name TEXT, semester INTEGER, credits_hundredths INTEGER, "
            "taken_on TEXT, period_code TEXT, evaluation TEXT, grade TEXT, origin TEXT, created_at REAL)")
rows = [(str(uuid.uuid4()), str(uuid.uuid4()), f"B{i % subjects:03d}", f"Materia {i % subjects}", 1, 750, "2031-01-20", "2031/1", "ORD", "8", "closing", time.time())
        for i in range(written)]
started = time.perf_counter()
raw.execute("BEGIN")
raw.executemany("INSERT INTO kardex VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)
raw.execute("COMMIT")
raw_seconds = time.perf_counter() - started
served, direct = written / close_seconds, written / raw_seconds
print(f"closing a period: {written} enrolments in {close_seconds:.3f} s = {served:.0f} rows/s; raw batched SQLite inserts: {direct:.0f} rows/s; ratio {served / direct:.3f}")
