"""What the benchmark clients share: one keep-alive HTTP connection per thread, and a thread pool that
keeps results in order and stops on the first failure."""
import http.client
import json
import threading
import time


class Overloaded(Exception):
    """Patio answered 503 with Retry-After: it did nothing, and asks for the request again after that many seconds."""

    def __init__(self, retry_after):
        super().__init__(f"503, retry after {retry_after} s")
        self.retry_after = retry_after


class Client:
    def __init__(self, port):
        self.port = port
        self.local = threading.local()

    def call(self, method, path, token=None, body=None, headers=None, attempts=5):
        """A JSON call; any status of 300 or more ends the benchmark with the answer. A 503 is Patio shedding load
        (it did nothing): the call is sent again after its Retry-After, as the contract asks of every client."""
        for _ in range(attempts - 1):
            try:
                return self._call(method, path, token, body, headers)
            except Overloaded as answer:
                time.sleep(answer.retry_after)
        return self._call(method, path, token, body, headers)

    def _call(self, method, path, token, body, headers):
        # Patio closes a keep-alive connection left silent for its read timeout (60 s): one idle for half of
        # that, say while another thread ran a long import, is replaced rather than written to after it closed.
        if not hasattr(self.local, "conn") or time.monotonic() - self.local.used > 30:
            if hasattr(self.local, "conn"):
                self.local.conn.close()
            self.local.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        all_headers = {"content-type": "application/json", **(headers or {})}
        if token:
            all_headers["authorization"] = f"Bearer {token}"
        self.local.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=all_headers)
        response = self.local.conn.getresponse()
        data = response.read()
        self.local.used = time.monotonic()
        if response.status == 503 and response.getheader("retry-after", "").isdigit():
            raise Overloaded(int(response.getheader("retry-after")))
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


LOCALITY_HEADER = ("id,type_id,type_name,name,short_name,full_name,abbreviation,ancestor1_id,ancestor1_name,ancestor2_id,"
                   "ancestor2_name,ancestor3_id,ancestor3_name,postal_code,dialling_code,zone,assigned_to_zone,"
                   "assigned_to_zone_orig,available,service_centre_id,status,pickup_allowed,pickup_hour_min,pickup_hour_max,"
                   "pickup_price,geo_referenced,pre_shipment_points,delivery_label,time_zone")


def import_localities(port, token, count):
    """`count` made-up localities through Courier's CSV import (one request), as dispatch."""
    rows = [f"{90000000 + i},3,MUNICIPIO,Vereda {i},VEREDA {i},VEREDA {i}\\BENCH\\COL,V{i % 1000:03d},99,BENCH,057,COLOMBIA,,,"
            f"990001,608,ZONA BENCH,true,true,true,{2000 + i % 50},1,true,8,17,5000,false,false,true,America/Bogota"
            for i in range(count)]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=900)
    conn.request("POST", "/api/v1/courier/localities/import", body="\r\n".join([LOCALITY_HEADER] + rows).encode(),
                 headers={"content-type": "text/csv", "authorization": f"Bearer {token}"})
    answer = conn.getresponse()
    body = answer.read()
    if answer.status != 200:
        raise SystemExit(f"locality import -> {answer.status} {body[:300]!r}")
