#!/usr/bin/env python3
"""Setup for Benchmarks/patiokit (not measured): CHANGES localities through Courier's CSV import, so the demo
agent's courier.localities feed holds that many changes, and EDITS onboarding tasks for the demo employee.

usage: patiokit_setup.py PORT CHANGES EDITS"""
import http.client, sys

from benchlib import Client, parallel

port, changes, edits = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
api = Client(port)
dispatch, hr = api.login("despacho@demo.patio"), api.login("rrhh@demo.patio")

header = ("id,type_id,type_name,name,short_name,full_name,abbreviation,ancestor1_id,ancestor1_name,ancestor2_id,ancestor2_name,"
          "ancestor3_id,ancestor3_name,postal_code,dialling_code,zone,assigned_to_zone,assigned_to_zone_orig,available,"
          "service_centre_id,status,pickup_allowed,pickup_hour_min,pickup_hour_max,pickup_price,geo_referenced,"
          "pre_shipment_points,delivery_label,time_zone")
rows = [f"{90000000 + i},3,MUNICIPIO,Vereda {i},VEREDA {i},VEREDA {i}\\BENCH\\COL,V{i % 1000:03d},99,BENCH,057,COLOMBIA,,,"
        f"990001,608,ZONA BENCH,true,true,true,{2000 + i % 50},1,true,8,17,5000,false,false,true,America/Bogota" for i in range(changes)]
conn = http.client.HTTPConnection("127.0.0.1", port, timeout=900)
conn.request("POST", "/api/v1/courier/localities/import", body="\r\n".join([header] + rows).encode(),
             headers={"content-type": "text/csv", "authorization": f"Bearer {dispatch}"})
answer = conn.getresponse(); body = answer.read()
assert answer.status == 200, body[:300]

employee = api.login("nuevo@demo.patio")
me = api.call("GET", "/api/v1/me", employee)
parallel(range(edits), lambda n: api.call("POST", "/api/v1/onboarding/tasks", hr, {
    "text": f"Tarea {n}", "dueDate": "2026-12-01", "isDone": False, "assigneeId": me["id"]}), threads=16)
print(f"setup: {changes} localities imported, {edits} tasks for the employee")
