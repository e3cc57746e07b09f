#!/usr/bin/env python3
"""Sync throughput against a running Patio with demo data: a full pull of the `onboarding.tasks` feed
(TASKS changes, pages of 1000) and pushes from CLIENTS devices of PER_CLIENT mutations each (one push per
device, CONCURRENCY at a time, every mutation a different task so all apply).

usage: sync.py PORT [TASKS CLIENTS PER_CLIENT CONCURRENCY]
Prints: pull_changes_per_s=… push_mutations_per_s=… changes=… mutations=…"""
import sys, threading, time, uuid

from benchlib import Client, parallel

port = int(sys.argv[1])
tasks, clients, per_client, concurrency = (int(a) for a in (sys.argv[2:6] + ["50000", "1000", "20", "32"][len(sys.argv[2:6]):]))
api = Client(port)
call, login = api.call, api.login


def run_parallel(jobs, worker):
    parallel(jobs, worker, threads=concurrency)


hr, employee = login("rrhh@demo.patio"), login("nuevo@demo.patio")

# Setup (not measured): TASKS tasks for the demo employee, through HR's API.
run_parallel(range(tasks), lambda index: call("POST", "/api/v1/onboarding/tasks", hr,
             {"text": f"Bench task {index}", "dueDate": "2026-12-31", "assigneeEmail": "nuevo@demo.patio"}))

# Full pull from empty.
started = time.perf_counter()
cursor, changes, versions = None, 0, {}
while True:
    page = call("GET", "/api/v1/sync/onboarding.tasks?limit=1000" + (f"&cursor={cursor}" if cursor else ""), employee)
    for change in page["changes"]:
        versions[change["id"]] = change["version"]
    changes += len(page["changes"])
    cursor = page["cursor"]
    if not page["hasMore"]:
        break
pull_seconds = time.perf_counter() - started

# Pushes: device i ticks its own PER_CLIENT tasks in one push.
ids = sorted(versions)
assert len(ids) >= clients * per_client, f"need {clients * per_client} tasks, have {len(ids)}"
applied = [0]
lock = threading.Lock()


def push(device):
    mine = ids[device * per_client:(device + 1) * per_client]
    mutations = [{"mutationId": n + 1, "op": "put", "id": task, "baseVersion": versions[task], "fields": {"isDone": True}} for n, task in enumerate(mine)]
    results = call("POST", "/api/v1/sync/onboarding.tasks/mutations", employee, {"clientId": f"bench-{device}-{uuid.uuid4().hex[:8]}", "mutations": mutations})["results"]
    ok = sum(1 for result in results if result["status"] == "applied")
    with lock:
        applied[0] += ok


started = time.perf_counter()
run_parallel(range(clients), push)
push_seconds = time.perf_counter() - started
assert applied[0] == clients * per_client, f"only {applied[0]} of {clients * per_client} mutations applied"
print(f"pull_changes_per_s={changes / pull_seconds:.1f} push_mutations_per_s={applied[0] / push_seconds:.1f} changes={changes} mutations={applied[0]}")
