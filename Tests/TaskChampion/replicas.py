"""Taskwarrior 3's sync against the real todo-server: TaskChampion itself (the Rust library
Taskwarrior 3 links, through PyPI's taskchampion3-py-dev), several replicas on disk, each in
a process of its own (the binding holds the GIL during a sync), through a client id registered
with `todo-server taskchampion add`. Creating and editing tasks, concurrent syncs (409 and
rebase), a snapshot and a new replica starting from it, pruning (and the 410 the reference
answers), an unknown or removed client id, a disabled user, bodies past the limit.

Run by .ci/test-taskchampion with the virtualenv's python; needs Server/.build/debug/todo-server
(or TODO_SERVER_BINARY). On SQLite by default; on PostgreSQL when TC_DATABASE_URL names an
empty database. Exits non-zero with the failed check's message."""

import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "SyncChaos"))
from common import SERVER, HarnessError  # noqa: E402
from processes import (_die_with_parent, finish, free_port, give, kill_children, poll_until,  # noqa: E402
                       spawn, unprivileged)

SECRET = "correct horse battery staple"
SEGMENT = "application/vnd.taskchampion.history-segment"
SYNC_TIMEOUT = 120


def check(condition, message):
    if not condition:
        raise AssertionError(message)


# --------------------------------------------------------------------------- a replica's process

def replica_main(directory, steps):
    """In a child process: runs the JSON `steps` against the replica in `directory`,
    prints a JSON answer: {"tasks": {uuid: description}} or {"error": message}."""
    import uuid as uuids
    import taskchampion
    steps = json.loads(steps)
    replica = taskchampion.Replica.new_on_disk(directory, True)
    try:
        for step in steps:
            kind = step["do"]
            if kind in ("add", "set"):
                ops = taskchampion.Operations()
                task = (replica.create_task(str(uuids.uuid4()), ops) if kind == "add"
                        else replica.get_task(step["uuid"]))
                task.set_description(step["description"], ops)
                replica.commit_operations(ops)
            elif kind == "sync":
                replica.sync_to_remote(step["url"], step["client"], SECRET, step.get("avoid_snapshots", False))
    except Exception as error:  # the library's errors are RuntimeError and friends
        print(json.dumps({"error": f"{type(error).__name__}: {error}"}))
        return
    tasks = {uuid: task.get_description() for uuid, task in replica.all_tasks().items()}
    print(json.dumps({"tasks": tasks}))


class Replica:
    """A TaskChampion replica on disk, driven through child processes."""

    def __init__(self, root, name, server, client):
        self.directory = os.path.join(root, "replica-" + name)
        os.makedirs(self.directory, exist_ok=True)
        self.name, self.server, self.client = name, server, client

    def start(self, steps):
        return spawn([sys.executable, os.path.abspath(__file__), "--replica", self.directory, json.dumps(steps)],
                     dict(os.environ, PYTHONDONTWRITEBYTECODE="1"))

    @staticmethod
    def result(process, name):
        code, out, err = finish(process, timeout=SYNC_TIMEOUT)
        if code != 0:
            raise HarnessError(f"replica {name} exited {code}: {err.strip()[-2000:]}")
        return json.loads(out)

    def run(self, *steps):
        return self.result(self.start(list(steps)), self.name)

    def sync_step(self, client=None, avoid_snapshots=False):
        return {"do": "sync", "url": self.server.url, "client": client or self.client, "avoid_snapshots": avoid_snapshots}

    def sync(self, **options):
        """Syncs; the tasks after, or raises with the sync's error."""
        answer = self.run(self.sync_step(**options))
        check("error" not in answer, f"{self.name}'s sync failed: {answer.get('error')}")
        return answer["tasks"]

    def sync_error(self, **options):
        answer = self.run(self.sync_step(**options))
        check("error" in answer, f"{self.name}'s sync should have failed: {answer}")
        return answer["error"]


# --------------------------------------------------------------------------- the server

class Server:
    """The real todo-server, unprivileged, on a fresh SQLite file or TC_DATABASE_URL."""

    def __init__(self, directory):
        self.data = os.path.join(directory, "server")
        os.makedirs(self.data, exist_ok=True)
        give(self.data)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {"PATH": "/usr/bin:/bin", "HOME": self.data, "LOG_LEVEL": "warning", "LANG": "C.UTF-8"}
        if os.environ.get("TC_DATABASE_URL"):
            self.env["DATABASE_URL"] = os.environ["TC_DATABASE_URL"]
        else:
            self.env["TODO_SERVER_DB"] = os.path.join(self.data, "server.sqlite")
        self.log = open(os.path.join(directory, "server.log"), "ab")
        self.command("migrate")
        argv = unprivileged([SERVER, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)])
        self.process = subprocess.Popen(argv, env=self.env, stdin=subprocess.DEVNULL, stdout=self.log, stderr=self.log,
                                        preexec_fn=_die_with_parent)
        poll_until(self.healthy, 60, f"todo-server on {self.url}")

    def healthy(self):
        if self.process.poll() is not None:
            raise HarnessError(f"todo-server exited {self.process.returncode} at start (see {self.log.name})")
        try:
            with urllib.request.urlopen(self.url + "/health", timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def command(self, *arguments):
        code, out, err = finish(spawn(unprivileged([SERVER, *arguments]), self.env))
        if code != 0:
            raise HarnessError(f"todo-server {' '.join(arguments)} exited {code}: {err.strip()}")
        return out

    def request(self, method, path, client, body=None, content_type=SEGMENT):
        """(status, headers, body) of a raw request."""
        headers = {"X-Client-Id": client}
        if body is not None:
            headers["Content-Type"] = content_type
        request = urllib.request.Request(self.url + path, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return answer.status, answer.headers, answer.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers, error.read()

    def metric(self, series):
        with urllib.request.urlopen(self.url + "/metrics", timeout=10) as answer:
            for line in answer.read().decode().splitlines():
                if line.startswith(series + " "):
                    return float(line.split()[-1])
        return 0.0

    def close(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


# --------------------------------------------------------------------------- the checks

def refused_sync(replica, server, what, **options):
    """The replica's sync fails, and the server counted the refusal (403): TaskChampion's
    error says only that the sync failed."""
    refused = 'todo_taskchampion_outcomes_total{outcome="refused"}'
    before = server.metric(refused)
    error = replica.sync_error(**options)
    check(server.metric(refused) > before, f"{what} is refused with 403: {error}")


def concurrent_syncs(replicas, server):
    """Edits on every replica, then all sync at once, round after round until the server has
    answered a 409 (each round's syncs race for the same parent); then every replica syncs
    until all hold the same tasks."""
    conflicts = 'todo_taskchampion_outcomes_total{outcome="conflict"}'
    for round_number in range(1, 21):
        processes = [(r, r.start([{"do": "add", "description": f"{r.name} round {round_number}"}, r.sync_step()]))
                     for r in replicas]
        for replica, process in processes:
            answer = Replica.result(process, replica.name)
            check("error" not in answer, f"{replica.name}'s concurrent sync failed: {answer.get('error')}")
        if server.metric(conflicts) > 0:
            break
    check(server.metric(conflicts) > 0, "twenty rounds of concurrent syncs never met a 409")
    print(f"ok: {len(replicas)} replicas syncing at once: {int(server.metric(conflicts))} 409s, each rebased and retried")
    states = [r.sync() for r in replicas]
    states = [r.sync() for r in replicas]
    check(all(state == states[0] for state in states), f"the replicas converge: {states}")
    expected = {f"{r.name} round {n}" for r in replicas for n in range(1, round_number + 1)}
    check(expected <= set(states[0].values()), f"no edit is lost: {sorted(expected - set(states[0].values()))}")
    print(f"ok: after the races every replica holds the same {len(states[0])} tasks, none lost")
    return states[0]


def with_server(prefix, checks):
    """Runs `checks(directory, server)` with the real server in a throwaway directory."""
    with tempfile.TemporaryDirectory(prefix=prefix) as directory:
        os.chmod(directory, 0o755)
        server = Server(directory)
        try:
            checks(directory, server)
        finally:
            server.close()
            kill_children()


def main():
    with_server("todo-taskchampion-", run_checks)


def run_checks(directory, server):
    server.command("user", "add", "alice")
    client = server.command("taskchampion", "add", "alice").strip()
    check(len(client) == 36 and client == client.lower(), f"add prints the client id alone: {client!r}")
    listed = server.command("taskchampion", "list", "alice")
    check(len(listed.splitlines()) == 1 and client not in listed, f"list shows the registration, never the client id: {listed}")
    print(f"ok: todo-server taskchampion add registers a client id ({'PostgreSQL' if 'DATABASE_URL' in server.env else 'SQLite'})")

    laptop = Replica(directory, "laptop", server, client)
    laptop.run({"do": "add", "description": "buy milk"}, {"do": "add", "description": "call mum"})
    tasks = laptop.sync()
    check(sorted(tasks.values()) == ["buy milk", "call mum"], f"the laptop keeps its tasks: {tasks}")
    status, headers, _ = server.request("GET", "/v1/client/snapshot", client)
    check(status == 200 and headers["X-Version-Id"], f"the first sync left a snapshot (urgency high): {status}")
    print("ok: the first replica syncs; the server asked for a snapshot and keeps it")

    phone = Replica(directory, "phone", server, client)
    check(phone.sync() == tasks, "a new replica starts from the snapshot and has every task")
    milk = next(uuid for uuid, description in tasks.items() if description == "buy milk")
    phone.run({"do": "set", "uuid": milk, "description": "buy oat milk"})
    phone.sync()
    check(laptop.sync()[milk] == "buy oat milk", "an edit on the phone reaches the laptop")
    print("ok: a second replica starts from the snapshot; edits go both ways")

    others = [Replica(directory, name, server, client) for name in ("desk", "tablet", "watch")]
    for replica in others:
        replica.sync()
    tasks = concurrent_syncs([laptop, phone, *others], server)

    # Pruning: versions at or before the snapshot go; replicas that synced go on, a new one
    # starts from the snapshot, and one whose version is gone gets the reference's 410.
    pruned = server.command("prune", "--older-than", "0")
    check(" 0 Taskwarrior versions" not in pruned, f"prune removed the versions before the snapshot: {pruned}")
    stray = Replica(directory, "stray", server, client)
    stray.run({"do": "add", "description": "made offline"})
    gone = 'todo_taskchampion_outcomes_total{outcome="gone"}'
    before = server.metric(gone)
    error = stray.sync_error()
    check(server.metric(gone) == before + 1, f"a replica whose history was pruned is told it is gone (410): {error}")
    check(Replica(directory, "newcomer", server, client).sync() == tasks, "a new replica after pruning gets every task")
    laptop.run({"do": "add", "description": "after pruning"})
    laptop.sync()
    check("after pruning" in phone.sync().values(), "replicas that had synced go on after pruning")
    print(f"ok: {pruned.strip()} A new replica starts from the snapshot; a pruned one gets 410")

    # Client ids: unknown, removed, a disabled user.
    wrong = "00000000-0000-4000-8000-000000000000"
    refused_sync(laptop, server, "an unknown client id", client=wrong)
    status, _, body = server.request("GET", "/v1/client/snapshot", wrong)
    check(status == 403 and b"unknown client id" in body, f"403 says why: {status} {body!r}")
    server.command("user", "disable", "alice")
    refused_sync(laptop, server, "a disabled user's client id")
    status, _, body = server.request("GET", "/v1/client/snapshot", client)
    check(status == 403 and b"disabled" in body, f"a disabled user's client id gets 403: {status} {body!r}")
    server.command("user", "enable", "alice")
    laptop.sync()
    print("ok: an unknown client id and a disabled user's get 403 with a reason")

    # Bodies: past the server's limit (8 MiB), and empty.
    status, _, body = server.request("POST", "/v1/client/add-version/00000000-0000-0000-0000-000000000000", client,
                                     b"x" * (9 << 20))
    check(status == 400 and b"larger than" in body, f"a body past the limit gets 400, as the protocol says: {status} {body[:200]!r}")
    status, _, body = server.request("POST", "/v1/client/add-version/00000000-0000-0000-0000-000000000000", client, b"")
    check(status == 400, f"an empty body gets 400: {status} {body!r}")
    status, _, body = server.request("POST", "/v1/client/add-version/00000000-0000-0000-0000-000000000000", client,
                                     b"x", content_type="text/plain")
    check(status == 400 and b"Content-Type" in body, f"a wrong content type gets 400: {status} {body!r}")
    check(laptop.sync() == phone.sync(), "the refused requests changed nothing")
    print("ok: a body past the limit, an empty one or a wrong content type gets 400, and nothing changes")

    registration = server.command("taskchampion", "list", "alice").split("\t")[0]
    server.command("taskchampion", "remove", registration)
    refused_sync(laptop, server, "a removed client id")
    check(server.command("taskchampion", "list", "alice") == "", "list is empty after remove")
    print("ok: taskchampion remove ends the client id")


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--replica":
        replica_main(sys.argv[2], sys.argv[3])
    else:
        main()
        print("TaskChampion replicas through todo-server: all checks passed")
