"""Accept-to-screen latency of payment requests: how long after a customer presses Pay does the business's
WebSocket hear it, compared with how long the accept call itself takes, measured in the same run.

usage: realtime.py ACCEPT_PORT WATCH_PORT COUNT
Prints: accept_ms_p50=… screen_ms_p50=… screen_ms_p95=… ratio_p50=… (screen ÷ accept)
"""
import base64, http.client, json, os, socket, statistics, struct, sys, time, uuid

accept_port, watch_port, count = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])


def call(port, method, path, token=None, body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    all_headers = {"content-type": "application/json"}
    if token:
        all_headers["authorization"] = f"Bearer {token}"
    all_headers.update(headers or {})
    connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=all_headers)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    if response.status >= 300:
        raise SystemExit(f"{method} {path} -> {response.status} {data[:200]!r}")
    return json.loads(data) if data else None


def login(email):
    return call(accept_port, "POST", "/api/v1/auth/login", body={"email": email, "password": "demo-password"})["token"]


class Socket:
    """The smallest WebSocket client that reads a server's text frames (no extensions, no fragments)."""

    def __init__(self, port, path, token):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nAuthorization: Bearer {token}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise SystemExit(f"upgrade refused: {head!r}")

    def read_exactly(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise EOFError
            data += chunk
        return data

    def message(self):
        while True:
            first, second = self.read_exactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self.read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self.read_exactly(8))[0]
            payload = self.read_exactly(length)
            opcode = first & 0x0F
            if opcode == 0x1:
                return json.loads(payload)
            if opcode == 0x8:
                raise EOFError

    def close(self):
        self.sock.close()


business, customer = login("negocio@demo.patio"), login("cliente@demo.patio")
accept_ms, screen_ms = [], []
for _ in range(count):
    request = call(accept_port, "POST", "/api/v1/payments/requests", business, {"amount": 100, "description": "Benchmark", "category": "Benchmark"})
    watch = Socket(watch_port, f"/api/v1/payments/requests/{request['id']}/events", business)
    assert watch.message()["state"] == "pending"
    started = time.perf_counter()
    call(accept_port, "POST", f"/api/v1/payments/requests/{request['id']}/accept", customer, headers={"Idempotency-Key": str(uuid.uuid4())})
    answered = time.perf_counter()
    assert watch.message()["state"] == "accepted"
    heard = time.perf_counter()
    watch.close()
    accept_ms.append((answered - started) * 1000)
    screen_ms.append((heard - started) * 1000)

p50_accept, p50_screen = statistics.median(accept_ms), statistics.median(screen_ms)
p95_screen = sorted(screen_ms)[int(len(screen_ms) * 0.95) - 1]
print(f"accept_ms_p50={p50_accept:.2f} screen_ms_p50={p50_screen:.2f} screen_ms_p95={p95_screen:.2f} ratio_p50={p50_screen / p50_accept:.2f}")
