#!/usr/bin/env python3
"""Check-ins per second against a running Patio: 64 students check in concurrently, each with its own
enrolments, using the room's real token as fetched from the server.

Setup (through the API, as an academy admin would): one sede, CLASSES classes each with a schedule that runs
all of today (academy time zone), STUDENTS students each paying for every class. Every student can then check
in once per class, so the run measures successful check-ins only (each consumes a class atomically).

usage: checkins.py PORT [STUDENTS CLASSES SERVER_PID]; with the server's process id it also prints the server's CPU
per check-in and how busy the machine was, and always the client's own share of a core."""
import datetime, http.client, json, selectors, socket, sys, time
from zoneinfo import ZoneInfo

import cpu

port = int(sys.argv[1])
students = int(sys.argv[2]) if len(sys.argv) > 2 else 64
classes = int(sys.argv[3]) if len(sys.argv) > 3 else 40
server_pid = sys.argv[4] if len(sys.argv) > 4 else None
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

# The check-ins themselves: one keep-alive socket per student, all driven from one event loop with the
# requests' bytes built once. http.client on 64 threads spent about a core of its own per thousand requests,
# so the client, not Patio, would set the pace on a 2-core machine.
status, code = call(conn, "GET", f"/api/v1/academy/locations/{location['id']}/checkin-code", admin)
room_token = code["token"]  # valid for this 30-second window and the next: longer than the run takes


def checkin_bytes(token):
    body = json.dumps({"token": room_token}).encode()
    head = (f"POST /api/v1/academy/checkins HTTP/1.1\r\nHost: {host}:{port}\r\nAuthorization: Bearer {token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode() + body


class Student:
    def __init__(self, token):
        self.request = checkin_bytes(token)
        self.left = classes
        self.buffer = b""
        self.socket = socket.create_connection((host, port))
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.socket.setblocking(False)

    def answer(self):
        """(status, body) once a whole answer has arrived, else None."""
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return None
        head = self.buffer[:end].decode("latin-1").split("\r\n")
        length = next((int(line.split(":", 1)[1]) for line in head[1:] if line.lower().startswith("content-length:")), 0)
        if len(self.buffer) < end + 4 + length:
            return None
        body = self.buffer[end + 4:end + 4 + length]
        self.buffer = self.buffer[end + 4 + length:]
        return int(head[0].split()[1]), body


results = {"ok": 0, "other": {}}
print("setup done; checking in", file=sys.stderr, flush=True)
everyone = [Student(token) for token in tokens]
selector = selectors.DefaultSelector()
server_before = cpu.snapshot([server_pid]) if server_pid else None
client_before = time.process_time()
start = time.perf_counter()
for student in everyone:
    student.socket.sendall(student.request)
    selector.register(student.socket, selectors.EVENT_READ, student)
waiting = len(everyone)
while waiting:
    for key, _ in selector.select():
        student = key.data
        chunk = student.socket.recv(65536)
        if not chunk:
            raise SystemExit("Patio closed a student's connection")
        student.buffer += chunk
        answered = student.answer()
        if answered is None:
            continue
        status, body = answered
        if status == 201:
            results["ok"] += 1
        else:
            code = (json.loads(body) if body else {}).get("code", str(status))
            results["other"][code] = results["other"].get(code, 0) + 1
        student.left -= 1
        if student.left:
            student.socket.sendall(student.request)
        else:
            selector.unregister(student.socket)
            student.socket.close()
            waiting -= 1
elapsed = time.perf_counter() - start
client_share = (time.process_time() - client_before) / elapsed
usage = f" {cpu.since(server_before, results['ok'])}" if server_before else ""
print(f"checkins={results['ok']} seconds={elapsed:.2f} rate={results['ok'] / elapsed:.1f}{usage} client_cpu={client_share:.2f} "
      f"refused={json.dumps(results['other'])}")
