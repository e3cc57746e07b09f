#!/usr/bin/env python3
"""Where a benchmark's CPU went: the server's own CPU time per request and how busy the whole machine was.

A throughput figure alone cannot tell "Patio is slow" from "the machine was full": on a 2-core machine shared
with the load generator, a server that needs 120 µs of CPU per request cannot serve more than about 16,000
requests a second however it is written. These two figures, measured over the same interval as the
throughput, say which it was.

usage:
  cpu.py snapshot PID...              prints a snapshot (one line) of the machine's and these processes' CPU
  cpu.py since SNAPSHOT REQUESTS      prints `server_cpu_us=… machine_busy=…` since that snapshot:
                                      the processes' CPU microseconds per request, and the machine's busy
                                      share of all its cores (1.0 = every core busy all along)"""
import os
import sys

TICK = os.sysconf("SC_CLK_TCK")


def machine():
    """(busy, total) clock ticks of every core since boot."""
    with open("/proc/stat") as stat:
        fields = [int(x) for x in stat.readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq = fields[:7]
    steal = fields[7] if len(fields) > 7 else 0
    busy = user + nice + system + irq + softirq + steal
    return busy, busy + idle + iowait


def process(pid):
    """User and system clock ticks of one process (0 once it has gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            # The command name may hold spaces; the fields after its closing parenthesis do not.
            fields = stat.read().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return 0
    return int(fields[11]) + int(fields[12])


def snapshot(pids):
    busy, total = machine()
    return " ".join([f"{busy},{total}"] + [f"{pid}:{process(pid)}" for pid in pids])


def since(text, requests):
    first, *processes = text.split()
    busy_before, total_before = (int(x) for x in first.split(","))
    busy, total = machine()
    ticks = 0
    for entry in processes:
        pid, before = entry.split(":")
        ticks += process(pid) - int(before)
    per_request = ticks / TICK * 1e6 / requests if requests else 0
    share = (busy - busy_before) / max(1, total - total_before)
    return f"server_cpu_us={per_request:.0f} machine_busy={share:.2f}"


if __name__ == "__main__":
    if sys.argv[1] == "snapshot":
        print(snapshot(sys.argv[2:]))
    elif sys.argv[1] == "since":
        print(since(sys.argv[2], float(sys.argv[3])))
    else:
        sys.exit(__doc__)
