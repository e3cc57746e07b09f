"""What the benchmark clients share: one keep-alive HTTP connection per thread, and a thread pool that
keeps results in order and stops on the first failure."""
import http.client
import json
import threading


class Client:
    def __init__(self, port):
        self.port = port
        self.local = threading.local()

    def call(self, method, path, token=None, body=None, headers=None):
        """A JSON call; any status of 300 or more ends the benchmark with the answer."""
        if not hasattr(self.local, "conn"):
            self.local.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        all_headers = {"content-type": "application/json", **(headers or {})}
        if token:
            all_headers["authorization"] = f"Bearer {token}"
        self.local.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=all_headers)
        response = self.local.conn.getresponse()
        data = response.read()
        if response.status >= 300:
            raise SystemExit(f"{method} {path} -> {response.status} {data[:300]!r}")
        return json.loads(data) if data else None

    def login(self, email, password="demo-password"):
        return self.call("POST", "/api/v1/auth/login", body={"email": email, "password": password})["token"]


def parallel(items, work, threads=32):
    """`work(item)` for every item on `threads` threads; the results in the items' order."""
    pending = list(enumerate(items))
    results, failures, lock = {}, [], threading.Lock()

    def loop():
        while True:
            with lock:
                if not pending or failures:
                    return
                index, item = pending.pop()
            try:
                value = work(item)
            except BaseException as error:  # report it instead of hanging the pool
                with lock:
                    failures.append(error)
                return
            with lock:
                results[index] = value
    pool = [threading.Thread(target=loop) for _ in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    if failures:
        raise SystemExit(f"worker failed: {failures[0]}")
    return [results[index] for index in sorted(results)]
