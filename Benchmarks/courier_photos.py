#!/usr/bin/env python3
"""Photo uploads per second against a running Patio with demo data: PHOTOS camera-sized JPEGs (1600×1200, with
GPS Exif) uploaded CONCURRENCY at a time, each with its own Idempotency-Key, by the two demo agents in turn (a
worker is held by one agent at a time, so one agent alone measures a single worker). Prints uploads/s.

usage: courier_photos.py PORT LABEL [PHOTOS CONCURRENCY]"""
import io, sys, time, uuid, http.client, random

from benchlib import Client, parallel

port, label = int(sys.argv[1]), sys.argv[2]
photos, concurrency = (int(a) for a in (sys.argv[3:5] + ["200", "8"][len(sys.argv[3:5]):]))
api = Client(port)
agents = [api.login("mensajero@demo.patio"), api.login("camila.herrera@demo.patio")]

from PIL import Image
random.seed(7)
image = Image.effect_noise((1600, 1200), 40).convert("RGB")
exif = Image.Exif()
exif[0x8825] = {1: "N", 2: (4.0, 36.0, 35.0), 3: "W", 4: (74.0, 4.0, 54.0)}
buffer = io.BytesIO(); image.save(buffer, "JPEG", quality=85, exif=exif); jpeg = buffer.getvalue()

def upload(n):
    key = uuid.uuid4().hex
    for _ in range(5):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        c.request("POST", "/api/v1/courier/photos", body=jpeg, headers={"content-type": "image/jpeg", "authorization": f"Bearer {agents[n % 2]}",
                                                                      "idempotency-key": key})
        r = c.getresponse(); body = r.read(); c.close()
        # 503 is Patio shedding load (it kept nothing): the same upload goes again after Retry-After, as an app would.
        if r.status != 503 or not (r.getheader("retry-after") or "").isdigit():
            break
        time.sleep(int(r.getheader("retry-after")))
    assert r.status == 201, (r.status, r.getheader("retry-after"), body[:300])

parallel(range(8), upload, threads=concurrency)  # warm-up
started = time.perf_counter()
parallel(range(photos), upload, threads=concurrency)
seconds = time.perf_counter() - started
print(f"{label}: {photos} × {len(jpeg) // 1024} KB JPEG in {seconds:.2f} s = {photos / seconds:.1f} uploads/s ({concurrency} at a time, 2 agents)")
