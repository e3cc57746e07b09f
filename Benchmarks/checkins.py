#!/usr/bin/env python3
"""Check-ins per second against a running Patio: 64 students check in concurrently, each with its own
enrolments, using real room tokens fetched from the server as they rotate.

Setup (through the API, as an academy admin would): one sede, CLASSES classes each with a schedule that runs
all of today (academy time zone), STUDENTS students each paying for every class. Every student can then check
in once per class, so the run measures successful check-ins only (each consumes a class atomically)."""
import http.client, json, sys, threading, time, datetime
from zoneinfo import ZoneInfo

port = int(sys.argv[1])
students = int(sys.argv[2]) if len(sys.argv) > 2 else 64
classes = int(sys.argv[3]) if len(sys.argv) > 3 else 40
host = "127.0.0.1"

def call(conn, method, path, token=None, body=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = conn.getresponse()
    data = response.read()
    return response.status, (json.loads(data) if data and response.getheader("content-type", "").find("json") >= 0 else None)

conn = http.client.HTTPConnection(host, port)
status, login = call(conn, "POST", "/api/v1/auth/login", body={"email": "maestra@demo.patio", "password": "demo-password"})
assert status == 200, (status, login)
admin = login["token"]
status, settings = call(conn, "GET", "/api/v1/academy/settings", admin)
weekday = datetime.datetime.now(ZoneInfo(settings["timeZone"])).isoweekday()
status, location = call(conn, "POST", "/api/v1/academy/locations", admin, {"name": f"Bench {time.time()}", "address": "Loopback"})
schedule_ids = []
for index in range(classes):
    status, made = call(conn, "POST", "/api/v1/academy/classes", admin, {"locationId": location["id"], "name": f"Bench class {index}", "level": "all"})
    status, schedule = call(conn, "POST", f"/api/v1/academy/classes/{made['id']}/schedules", admin, {"weekday": weekday, "startTime": "00:00", "endTime": "23:59"})
    assert status == 201, schedule
    schedule_ids.append(schedule["id"])
tokens = []
stamp = int(time.time())
for index in range(students):
    email = f"bench{stamp}-{index}@bench.patio"
    status, student = call(conn, "POST", "/api/v1/academy/students", admin,
                           {"name": f"Bench {index}", "email": email, "dni": f"B{stamp % 100000:05d}{index:04d}", "password": "bench-password-1"})
    assert status == 201, student
    for schedule in schedule_ids:
        status, receipt = call(conn, "POST", "/api/v1/academy/payments", admin, {"studentId": student["id"], "scheduleId": schedule, "classes": 1, "amount": 100})
        assert status == 201, receipt
    status, login = call(conn, "POST", "/api/v1/auth/login", body={"email": email, "password": "bench-password-1"})
    tokens.append(login["token"])

room = {"token": None}
def refresh_room():
    own = http.client.HTTPConnection(host, port)
    while not done.is_set():
        status, code = call(own, "GET", f"/api/v1/academy/locations/{location['id']}/checkin-code", admin)
        room["token"] = code["token"]
        done.wait(5)

results = {"ok": 0, "other": {}}
lock = threading.Lock()
done = threading.Event()
def student_loop(token):
    own = http.client.HTTPConnection(host, port)
    for _ in range(classes):
        status, body = call(own, "POST", "/api/v1/academy/checkins", token, {"token": room["token"]})
        with lock:
            if status == 201:
                results["ok"] += 1
            else:
                code = (body or {}).get("code", str(status))
                results["other"][code] = results["other"].get(code, 0) + 1

refresher = threading.Thread(target=refresh_room, daemon=True)
refresher.start()
while room["token"] is None:
    time.sleep(0.01)
threads = [threading.Thread(target=student_loop, args=(token,)) for token in tokens]
start = time.perf_counter()
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
elapsed = time.perf_counter() - start
done.set()
print(f"checkins={results['ok']} seconds={elapsed:.2f} rate={results['ok'] / elapsed:.1f} refused={json.dumps(results['other'])}")
