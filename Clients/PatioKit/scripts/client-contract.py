"""Patio's contract as PatioKit's generator reads it: the served openapi.yaml without its WebSocket
operations (a 101 answer), which the generator cannot express and PatioKit speaks by hand (Realtime/)."""
import sys

import yaml

METHODS = {"get", "put", "post", "delete", "patch", "head", "options", "trace"}


def client_contract(document):
    dropped = []
    for path, item in list(document.get("paths", {}).items()):
        for method in [m for m in item if m in METHODS]:
            if "101" in (item[method].get("responses") or {}):
                dropped.append(f"{method.upper()} {path}")
                del item[method]
        if not any(m in METHODS for m in item):
            del document["paths"][path]
    return document, dropped


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as source:
        document, dropped = client_contract(yaml.safe_load(source))
    for operation in dropped:
        print(f"left to Realtime/: {operation}", file=sys.stderr)
    yaml.safe_dump(document, sys.stdout, sort_keys=False, allow_unicode=True)
