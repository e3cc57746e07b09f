#!/usr/bin/env python3
"""Accepted payments per second against a running Patio with demo data: 64 customers accept payment
requests concurrently, each from its own business ("distinct") or all from one business ("hot").
Customers and businesses use MXN, so the only shared rows are the hot business's wallet.

usage: payments.py PORT [CUSTOMERS PER_CUSTOMER]
Prints: distinct=… hot=… (accepted payments per second)"""
import sys, time, uuid

from benchlib import Client, parallel

port = int(sys.argv[1])
customers_count = int(sys.argv[2]) if len(sys.argv) > 2 else 64
per_customer = int(sys.argv[3]) if len(sys.argv) > 3 else 40
stamp = uuid.uuid4().hex[:8]
call = Client(port).call


def account(role, index):
    email = f"bench-{role}-{index}-{stamp}@bench.patio"
    body = {"name": f"Bench {role} {index}", "email": email, "password": "bench-password-123", "role": role, "currency": "MXN"}
    if role == "business":
        body.update({"businessName": f"Bench shop {index}", "category": "Bench"})
    profile = call("POST", "/api/v1/payments/signup", body=body)
    token = call("POST", "/api/v1/auth/login", body={"email": email, "password": "bench-password-123"})["token"]
    return profile["accountId"], token


admin = call("POST", "/api/v1/auth/login", body={"email": "admin@demo.patio", "password": "demo-password"})["token"]
customers = parallel(range(customers_count), lambda i: account("customer", i))
parallel(customers, lambda c: call("POST", "/api/v1/payments/admin/deposits", admin, {"accountId": c[0], "amount": 100_000_000}))
businesses = parallel(range(customers_count), lambda i: account("business", i))


def scenario(owner_of):
    # Setup (not timed): each customer's queue of requests, from the business `owner_of` picks.
    def make(i):
        token = businesses[owner_of(i)][1]
        return [call("POST", "/api/v1/payments/requests", token, {"amount": 1_000, "description": "Bench", "category": "Bench"})["id"]
                for _ in range(per_customer)]
    queues = parallel(range(customers_count), make)
    started = time.perf_counter()

    def pay(i):
        token = customers[i][1]
        for request in queues[i]:
            call("POST", f"/api/v1/payments/requests/{request}/accept", token, headers={"Idempotency-Key": str(uuid.uuid4())})
    parallel(range(customers_count), pay, threads=customers_count)
    return customers_count * per_customer / (time.perf_counter() - started)


distinct = scenario(lambda i: i)
hot = scenario(lambda i: 0)
print(f"distinct={distinct:.1f} hot={hot:.1f}")
