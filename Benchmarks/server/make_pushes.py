#!/usr/bin/env python3
"""Writes push bodies for Benchmarks/server.sh: N todos as `todo sync` sends them.

Each todo looks like what people keep (a name, some with notes, tags, a project, a due day),
so a 500-record page weighs what a real one does. Usage: make_pushes.py N DIR (bodies of at
most 1000 operations, DIR/push-000.json ...)."""
import json, os, random, sys, uuid

n, out = int(sys.argv[1]), sys.argv[2]
random.seed(15)
words = "buy milk call mum pay rent fix bike write report book dentist renew passport water plants backup laptop".split()
ops = []
for i in range(n):
    todo = {
        "name": " ".join(random.choice(words) for _ in range(random.randint(2, 7))) + f" #{i}",
        "description": "" if i % 3 else "from the weekly review",
        "notes": "" if i % 4 else "line one\nline two with \"quotes\" and ünïcode ✓",
        "completed": i % 5 == 0,
        "createdAt": "2026-11-21T01:33:29.123Z",
        "updatedAt": "2026-11-21T01:33:29.123Z",
        "completedAt": "2026-11-21T02:00:00.000Z" if i % 5 == 0 else None,
        "tags": sorted(random.sample(["home", "work", "errand", "phone", "next"], random.randint(0, 2))),
        "project": random.choice([None, "home", "work.q4"]),
        "priority": random.choice([None, "H", "M", "L"]),
        "due": random.choice([None, "2026-12-01", "2026-12-24T09:00:00.000Z"]),
    }
    ops.append({"opId": str(uuid.UUID(int=random.getrandbits(128), version=4)),
                "kind": "put", "uuid": str(uuid.UUID(int=random.getrandbits(128), version=4)),
                "baseRev": 0, "todo": todo})
os.makedirs(out, exist_ok=True)
for k in range(0, n, 1000):
    with open(os.path.join(out, f"push-{k // 1000:03d}.json"), "w") as f:
        json.dump({"operations": ops[k:k + 1000]}, f)
