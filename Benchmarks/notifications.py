#!/usr/bin/env python3
"""Notifications delivered a second, and the delay from commit to delivery.

usage: notifications.py PORT SERVER_PID TASKS DEVICES CONCURRENCY

Against a running `patio serve --demo` that accepts http://127.0.0.1 push endpoints (PATIO_WEB_PUSH_HOSTS,
PATIO_WEB_PUSH_ALLOW_HTTP): a fake push service in this process (a real HTTP server, answering 201, decrypting
each push with the browser's keys as a browser would, RFC 8291) holds DEVICES subscriptions of the demo
employee; HR then creates TASKS onboarding tasks for them, CONCURRENCY at a time. Each task's notification is
committed with the task (its 201 answer is the commit) and pushed to every device. Prints the deliveries a
second from the first commit to the last delivery, the delay from each task's answer to each of its
deliveries (p50, p99), Patio's CPU per delivery, and this process's own share of a core (the push service and
the task creators live here: near 1.0, Python is what sets the pace)."""
import base64
import http.client
import http.server
import json
import os
import resource
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

sys.path.insert(0, os.path.dirname(__file__))
import cpu  # noqa: E402

PORT, PID, TASKS, DEVICES, CONCURRENCY = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])


def b64(data): return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def hkdf(ikm, salt, info, length):
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


class Browser:
    def __init__(self):
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.public = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        self.auth = os.urandom(16)

    def decrypt(self, body):
        salt, id_length = body[:16], body[20]
        sender = body[21:21 + id_length]
        shared = self.key.exchange(ec.ECDH(), ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender))
        ikm = hkdf(shared, self.auth, b"WebPush: info\x00" + self.public + sender, 32)
        key = hkdf(ikm, salt, b"Content-Encoding: aes128gcm\x00", 16)
        nonce = hkdf(ikm, salt, b"Content-Encoding: nonce\x00", 12)
        plain = AESGCM(key).decrypt(nonce, body[21 + id_length:], None).rstrip(b"\x00")
        assert plain.endswith(b"\x02"), "no padding delimiter"
        return json.loads(plain[:-1])


browsers = {f"d{i}": Browser() for i in range(DEVICES)}
arrivals = {}  # task text -> [arrival times]
lock = threading.Lock()
undecryptable = [0]


class PushService(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("content-length", "0")))
        browser = browsers.get(self.path.rsplit("/", 1)[-1])
        arrived = time.monotonic()
        try:
            payload = browser.decrypt(body)
            text = payload["body"].split(" · ")[0]
            with lock:
                arrivals.setdefault(text, []).append(arrived)
        except Exception:
            with lock:
                undecryptable[0] += 1
        self.send_response(201)
        self.send_header("content-length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), PushService)
threading.Thread(target=server.serve_forever, daemon=True).start()
push_port = server.server_address[1]


def call(connection, method, path, token=None, body=None):
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    response = connection.getresponse()
    data = response.read()
    if response.status >= 300:
        raise RuntimeError(f"{method} {path}: {response.status} {data[:200]}")
    return json.loads(data) if data else None


def sign_in(email):
    connection = http.client.HTTPConnection("127.0.0.1", PORT)
    return call(connection, "POST", "/api/v1/auth/login", body={"email": email, "password": "demo-password"})["token"]


setup = http.client.HTTPConnection("127.0.0.1", PORT)
employee = sign_in("nuevo@demo.patio")
hr = sign_in("rrhh@demo.patio")
employee_id = call(setup, "GET", "/api/v1/me", employee)["id"]
for name, browser in browsers.items():
    call(setup, "POST", "/api/v1/notifications/devices", employee, {
        "channel": "web_push", "endpoint": f"http://127.0.0.1:{push_port}/push/{name}",
        "keys": {"p256dh": b64(browser.public), "auth": b64(browser.auth)}})

committed = {}
local = threading.local()


def create(index):
    if not hasattr(local, "connection"):
        local.connection = http.client.HTTPConnection("127.0.0.1", PORT)
    text = f"Tarea {index:05d}"
    call(local.connection, "POST", "/api/v1/onboarding/tasks", hr, {"text": text, "dueDate": "2026-12-31", "assigneeId": employee_id})
    committed[text] = time.monotonic()


cpu_before = cpu.snapshot([PID])
own_before = resource.getrusage(resource.RUSAGE_SELF)
started = time.monotonic()
with ThreadPoolExecutor(CONCURRENCY) as pool:
    list(pool.map(create, range(TASKS)))
expected = TASKS * DEVICES
deadline = time.monotonic() + 120
while time.monotonic() < deadline:
    with lock:
        got = sum(len(v) for v in arrivals.values())
    if got >= expected:
        break
    time.sleep(0.05)
usage = cpu.since(cpu_before, 1)
own = resource.getrusage(resource.RUSAGE_SELF)
own_seconds = own.ru_utime + own.ru_stime - own_before.ru_utime - own_before.ru_stime
with lock:
    delivered = sum(len(v) for v in arrivals.values())
    last = max((t for v in arrivals.values() for t in v), default=started)
    delays = sorted((t - committed[text]) * 1000 for text, times in arrivals.items() if text in committed for t in times)
elapsed = last - started


def percentile(values, p): return values[min(len(values) - 1, int(len(values) * p))] if values else float("nan")


# cpu.since counts per "request"; asked for one, it gives the whole interval's CPU in µs.
server_us = float(usage.split()[0].split("=")[1])
print(f"deliveries={delivered} expected={expected} undecryptable={undecryptable[0]} seconds={elapsed:.2f} "
      f"rate={delivered / elapsed:.1f} p50ms={percentile(delays, 0.5):.1f} p99ms={percentile(delays, 0.99):.1f} "
      f"server_cpu_us={server_us / max(delivered, 1):.0f} {usage.split()[1]} client_cpu={own_seconds / max(elapsed, 1e-9):.2f}")
