#!/usr/bin/env python3
"""Reads wrk --latency output on stdin; prints `rps=… p99ms=… errors=…`."""
import re, sys

text = sys.stdin.read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", text)
scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
errors = 0
non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
if non2xx:
    errors += int(non2xx.group(1))
socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
if socket:
    errors += sum(int(x) for x in socket.groups())
print(f"rps={rps} p99ms={float(p99.group(1)) * scale} errors={errors}")
