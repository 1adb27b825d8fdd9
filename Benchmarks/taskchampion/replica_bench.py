"""todo as a TaskChampion replica (issue 44) beside TaskChampion's own replica (PyPI
taskchampion3-py-dev, the library Taskwarrior 3 links), on the same todo-server and the same
tasks: N tasks, each with a project and a tag, made on one replica and synced (the first push),
a sync with nothing to do, and a new replica's first sync (the snapshot, or every version).
Each figure is the median of ROUNDS runs, each on an account of its own. todo's are whole
`todo sync` processes (start-up, key derivation, state file reads and writes); TaskChampion's
are the `sync_to_remote` call alone, in a process that has already started.

    /tmp/todo-taskchampion-venv/bin/python Benchmarks/taskchampion/replica_bench.py [N] [ROUNDS]

Uses TODO_BINARY_DIR (else .build/release) for todo and todo-sync and TODO_SERVER_BINARY
(else Server/.build/debug/todo-server)."""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tests", "TaskChampion"))
sys.path.insert(0, os.path.join(ROOT, "Tests", "SyncChaos"))
from replicas import SECRET, Server  # noqa: E402
from processes import kill_children  # noqa: E402

BIN = os.environ.get("TODO_BINARY_DIR", os.path.join(ROOT, ".build", "release"))
TODO = os.path.join(BIN, "todo")


def todo_env(home):
    os.makedirs(home, exist_ok=True)
    return {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_CONFIG_HOME": home + "/cfg", "TODO_FILE": home + "/todos.json",
            "TZ": "UTC", "LANG": "C.UTF-8"}


def todo(env, *arguments, stdin=None):
    started = time.perf_counter()
    answer = subprocess.run([TODO, *arguments], env=env, input=stdin, capture_output=True, text=True, timeout=600)
    if answer.returncode != 0:
        raise SystemExit(f"todo {' '.join(arguments)} exited {answer.returncode}: {answer.stderr.strip()}")
    return time.perf_counter() - started


def todo_device(root, name, server, client):
    env = todo_env(os.path.join(root, name))
    todo(env, "config", "sync.server.url", server.url)
    todo(env, "config", "sync.server.client_id", client)
    todo(env, "config", "sync.encryption_secret", "-", stdin=SECRET)
    return env


TC_SCRIPT = """
import sys, time, uuid, json, taskchampion
directory, url, client, secret, n = sys.argv[1:6]
replica = taskchampion.Replica.new_on_disk(directory, True)
ops = taskchampion.Operations()
for i in range(int(n)):
    task = replica.create_task(str(uuid.uuid4()), ops)
    task.set_description(f"task {i}", ops)
    task.set_status(taskchampion.Status.Pending, ops)
    task.set_value("project", f"p{i % 10}", ops)
    task.add_tag(taskchampion.Tag("bench"), ops)
if int(n):
    replica.commit_operations(ops)
times = []
for _ in range(2):
    started = time.perf_counter()
    replica.sync_to_remote(url, client, secret, False)
    times.append(time.perf_counter() - started)
print(json.dumps({"first": times[0], "again": times[1], "tasks": len(replica.all_task_uuids())}))
"""


def tc_replica(root, name, server, client, n):
    directory = os.path.join(root, name)
    os.makedirs(directory, exist_ok=True)
    answer = subprocess.run([sys.executable, "-c", TC_SCRIPT, directory, server.url, client, SECRET, str(n)],
                            capture_output=True, text=True, timeout=600)
    if answer.returncode != 0:
        raise SystemExit(f"TaskChampion replica failed: {answer.stderr.strip()[-500:]}")
    return json.loads(answer.stdout)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    figures = {key: [] for key in ("todo push", "todo again", "todo new", "tc push", "tc again", "tc new")}
    with tempfile.TemporaryDirectory(prefix="todo-replica-bench-") as root:
        os.chmod(root, 0o755)
        server = Server(root)
        try:
            for round_number in range(rounds):
                user = f"bench{round_number}"
                server.command("user", "add", user)
                client = server.command("taskchampion", "add", user).strip()
                device = todo_device(root, f"todo{round_number}a", server, client)
                todo(device, "batch", stdin="".join(
                    json.dumps({"action": "add", "name": f"task {i}", "project": f"p{i % 10}", "tags": ["bench"]}) + "\n" for i in range(n)))
                figures["todo push"].append(todo(device, "sync"))
                figures["todo again"].append(todo(device, "sync"))
                fresh = todo_device(root, f"todo{round_number}b", server, client)
                figures["todo new"].append(todo(fresh, "sync"))

                server.command("user", "add", user + "tc")
                client = server.command("taskchampion", "add", user + "tc").strip()
                made = tc_replica(root, f"tc{round_number}a", server, client, n)
                figures["tc push"].append(made["first"])
                figures["tc again"].append(made["again"])
                fresh = tc_replica(root, f"tc{round_number}b", server, client, 0)
                assert fresh["tasks"] == n, fresh
                figures["tc new"].append(fresh["first"])
        finally:
            server.close()
            kill_children()
    print(f"| {n} tasks, median of {rounds} | todo (s) | TaskChampion (s) | ratio |")
    print("|---|---|---|---|")
    for what, label in (("push", "first sync, pushing all"), ("again", "sync with nothing to do"), ("new", "new replica's first sync")):
        mine, theirs = statistics.median(figures["todo " + what]), statistics.median(figures["tc " + what])
        print(f"| {label} | {mine:.3f} | {theirs:.3f} | {mine / theirs:.2f} |")


if __name__ == "__main__":
    main()
