#!/usr/bin/env python3
"""Reads wrk --latency output on stdin; prints `rps=… p99ms=… errors=…`, and, given a `cpu.py snapshot` taken
just before wrk started, the server's CPU per request and the machine's busy share over the run."""
import re, sys

import cpu

text = sys.stdin.read()
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
requests = int(re.search(r"(\d+) requests in", text).group(1))
p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", text)
scale = {"us": 0.001, "ms": 1.0, "s": 1000.0}[p99.group(2)]
errors = 0
non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", text)
if non2xx:
    errors += int(non2xx.group(1))
socket = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
if socket:
    errors += sum(int(x) for x in socket.groups())
usage = f" {cpu.since(sys.argv[1], requests)}" if len(sys.argv) > 1 else ""
print(f"rps={rps} p99ms={float(p99.group(1)) * scale} errors={errors}{usage}")
