#!/usr/bin/env python3
"""Setup for Benchmarks/patiokit (not measured): CHANGES localities through Courier's CSV import, so the demo
agent's courier.localities feed holds that many changes, and EDITS onboarding tasks for the demo employee.

usage: patiokit_setup.py PORT CHANGES EDITS"""
import sys

from benchlib import Client, import_localities, parallel

port, changes, edits = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
api = Client(port)
dispatch, hr = api.login("despacho@demo.patio"), api.login("rrhh@demo.patio")

import_localities(port, dispatch, changes)

employee = api.login("nuevo@demo.patio")
me = api.call("GET", "/api/v1/me", employee)
parallel(range(edits), lambda n: api.call("POST", "/api/v1/onboarding/tasks", hr, {
    "text": f"Tarea {n}", "dueDate": "2026-12-01", "isDone": False, "assigneeId": me["id"]}), threads=16)
print(f"setup: {changes} localities imported, {edits} tasks for the employee")
