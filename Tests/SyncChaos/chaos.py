#!/usr/bin/env python3
"""Randomized end-to-end ("Jepsen-style") test of `todo sync` against the real binaries.

Each history starts a real `todo-server` (fresh SQLite database, free loopback port), three
devices (three state files `d0.json`, `d1.json`, `d2.json`) and a fault-injecting TCP proxy
(a thread of this script); nothing but 127.0.0.1 is ever used. It runs 30-60 random
operations drawn from `random.Random(seed)`:
add (tags, project, priority, due, recurring), edit --name, edit +tag -tag, done, reopen,
toggle, delete, undo, annotate, clear-completed, batch, sync (direct or through the proxy,
which per request forwards, drops the connection before forwarding, drops the reply after
the server answered, or delays), a sync killed with SIGKILL, two syncs of one device at
once, a command run while a sync of its device is in flight, and kill -9 of the server
followed (a few operations later) by a restart on the same database. Then it quiesces
(server up, proxy out, devices synced round-robin until nothing moves, at most 5 rounds)
and checks:

  crash, hang  every command exits 0..5 (1 and 2 are fine: the todo may be gone), within
         60 s, and never by a signal this script did not send
  exit   a sync exits 0, or 3 when the server was down or the proxy dropped one of its
         connections (the proxy never alters bytes, so 5 is always a failure)
  server the server starts again after kill -9, on the same database
  inv1   convergence: every device holds the same todos (by UUID: name, description,
         notes, completed, tags, project, priority, due, wait, recur, until, series) as
         the server's feed (tombstones excluded)
  inv2   no lost add: every todo added exists on the server unless a command (delete,
         clear-completed, batch, undo) reported removing it
  inv3   no resurrection: a todo a device deleted is gone, unless some write to its series
         (any device, undo included) came after the delete, or a write by another device
         came before it that the deleting device had not seen. A device has "seen" a write
         of another when the writer synced successfully after it and the device synced
         successfully after that (Trace.seen); killed, failed and concurrent syncs never count
  inv4   last writer wins when it saw everything: for `name` and `completed`, take the last
         command that set the field on a todo (edit --name; done/reopen/toggle). If it was
         not a batch or undo, every write to the todo's series by another device before it
         had been seen, and after it only the same device wrote to the series (never a
         batch or undo, never the field), the server's final value is the one it set
  inv5   at most one open (not completed) todo per series holds a `recur` rule, on the
         server and on every device
  inv6   no damaged state file: `todo --file F list` exits 0 on every device
  quiesce  the devices stop exchanging changes within 5 rounds, every quiescing sync exits 0

A failing history is shrunk (chunks of operations removed, then single ones, then each
operation simplified), re-running it with the fault decisions attached to each operation
and keeping a change when the history still fails the same check. The minimal history is
printed as shell commands and written as JSON for --replay. The last line is always
"N passed, M failed" (histories).

    python3 Tests/SyncChaos/chaos.py --seconds 90 --seed 42
    python3 Tests/SyncChaos/chaos.py --case all
    python3 Tests/SyncChaos/chaos.py --replay /tmp/chaos-42.json
"""

import argparse
import ctypes
import json
import os
import random
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TODO = os.environ.get("TODO_BINARY", os.path.join(REPO, ".build/debug/todo"))
SERVER = os.environ.get("TODO_SERVER_BINARY", os.path.join(REPO, "Server/.build/debug/todo-server"))
DEVICES = 3
COMMAND_TIMEOUT = 60
FIELDS = ("name", "description", "notes", "completed", "tags", "project", "priority",
          "due", "wait", "recur", "until", "series")
# Which failure a shrink keeps, when a history fails several checks: the first listed.
PRIORITY = ("crash", "hang", "server", "inv6", "inv5", "inv2", "inv3", "inv4", "exit",
            "inv1", "quiesce")


class HarnessError(Exception):
    """Something went wrong in this script or its machine, not in todo."""


# --------------------------------------------------------------------------- child processes

CHILDREN = set()
CHILDREN_LOCK = threading.Lock()


def _die_with_parent():
    """In the child: SIGKILL it when this script dies, even by SIGKILL (Linux only)."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def spawn(argv, env, stdin=None, cwd=None):
    """Starts argv with pipes; registered so that kill_children() ends it."""
    try:
        process = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
                                   preexec_fn=_die_with_parent)
    except OSError as error:     # e.g. the binary is being rebuilt under us
        raise HarnessError(f"cannot run {argv[0]}: {error}") from error
    with CHILDREN_LOCK:
        CHILDREN.add(process)
    return process


def finish(process, stdin=None, timeout=COMMAND_TIMEOUT):
    """Waits for a spawned process: (returncode or None on a hang, stdout, stderr)."""
    try:
        out, err = process.communicate(stdin.encode() if stdin is not None else None, timeout=timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        code = None
    with CHILDREN_LOCK:
        CHILDREN.discard(process)
    return code, out.decode(errors="replace"), err.decode(errors="replace")


def kill_children():
    with CHILDREN_LOCK:
        children = list(CHILDREN)
        CHILDREN.clear()
    for process in children:
        if process.poll() is None:
            try:
                process.kill()
                process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                pass


def poll_until(condition, deadline_seconds, what):
    """Polls condition() until it is true; raises HarnessError after the deadline."""
    deadline = time.monotonic() + deadline_seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    raise HarnessError(f"timed out after {deadline_seconds} s waiting for {what}")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# --------------------------------------------------------------------------- the server

class Server:
    """The real todo-server on a fresh SQLite database in `directory`, user alice."""

    def __init__(self, directory):
        self.directory = directory
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {"TODO_SERVER_DB": os.path.join(directory, "server.sqlite"), "PATH": "/usr/bin:/bin",
                    "HOME": directory, "LOG_LEVEL": "warning", "LANG": "C.UTF-8"}
        self.process = None
        self.log = open(os.path.join(directory, "server.log"), "ab")
        self.command("migrate")
        self.command("user", "add", "alice")
        self.token = self.command("token", "add", "alice").strip()
        self.start()

    def command(self, *arguments):
        code, out, err = finish(spawn([SERVER, *arguments], self.env))
        if code != 0:
            raise HarnessError(f"todo-server {' '.join(arguments)} exited {code}: {err.strip()}")
        return out

    @property
    def up(self):
        return self.process is not None and self.process.poll() is None

    def start(self):
        """Starts `serve` on the same port and database; waits (polling) until /health answers."""
        argv = [SERVER, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)]
        self.process = subprocess.Popen(argv, env=self.env, stdin=subprocess.DEVNULL, stdout=self.log,
                                        stderr=self.log, preexec_fn=_die_with_parent)
        with CHILDREN_LOCK:
            CHILDREN.add(self.process)

        def healthy():
            if self.process.poll() is not None:
                raise HarnessError(f"todo-server exited {self.process.returncode} at start (see {self.log.name})")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=2) as answer:
                    return answer.status == 200
            except OSError:
                return False
        poll_until(healthy, 60, f"todo-server on {self.url}")

    def kill(self):
        """kill -9: nothing it acknowledged may be lost."""
        if self.process is not None:
            if self.process.poll() is None:
                self.process.kill()
            self.process.wait()
            with CHILDREN_LOCK:
                CHILDREN.discard(self.process)
        self.process = None

    def feed(self):
        """Every live record of the change feed: {uuid: todo fields}; tombstones left out."""
        records, since = {}, 0
        while True:
            request = urllib.request.Request(f"{self.url}/v1/changes?since={since}&limit=1000",
                                             headers={"Authorization": f"Bearer {self.token}"})
            with urllib.request.urlopen(request, timeout=30) as answer:
                page = json.load(answer)
            for change in page["changes"]:
                uuid = change["uuid"].lower()
                records.pop(uuid, None)
                if not change.get("deleted"):
                    records[uuid] = change["todo"]
            if not page["hasMore"]:
                return records
            since = page["nextCursor"]

    def close(self):
        self.kill()
        self.log.close()


# --------------------------------------------------------------------------- the proxy

def read_request(sock):
    """One HTTP request from a client: (head lines, body), or None at EOF. Answers an
    `Expect: 100-continue` itself so the body follows at once."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        headers[name.strip().lower()] = value.strip()
    if headers.get(b"expect", b"").lower() == b"100-continue":
        sock.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
    if headers.get(b"transfer-encoding", b"").lower() == b"chunked":
        while not body.endswith(b"0\r\n\r\n"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
    else:
        length = int(headers.get(b"content-length", b"0"))
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                return None
            body += chunk
    return lines, body


class Proxy:
    """A TCP proxy in front of the server, one request per connection (answers say
    `Connection: close`, so a dropped connection is never silently retried). Before each
    operation `arm` gives it a plan: for the i-th GET and i-th POST an action, `forward`,
    `drop_before` (the server never sees the request), `drop_after` (the server answered and
    committed; the client never hears it) or `delay SECONDS`. What it did is in `events`."""

    def __init__(self, upstream_port):
        self.upstream = upstream_port
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.lock = threading.Lock()
        self.plan, self.op, self.events = {}, None, []
        threading.Thread(target=self._accept, daemon=True).start()

    def arm(self, op_index, plan):
        with self.lock:
            self.op = op_index
            self.plan = {method: list(actions) for method, actions in (plan or {}).items()}

    def events_of(self, op_index):
        with self.lock:
            return [event for event in self.events if event["op"] == op_index]

    def close(self):
        try:
            self.listener.close()
        except OSError:
            pass

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _next(self, method, path):
        with self.lock:
            queue = self.plan.get(method, [])
            action = queue.pop(0) if queue else ["forward"]
            event = {"op": self.op, "method": method, "path": path, "action": action, "status": None}
            self.events.append(event)
            return action, event

    def _serve(self, client):
        client.settimeout(COMMAND_TIMEOUT)
        try:
            request = read_request(client)
            if request is None:
                return
            lines, body = request
            method, path = (lines[0].decode(errors="replace").split(" ") + ["", ""])[:2]
            action, event = self._next(method, path.split("?")[0])
            if action[0] == "drop_before":
                return
            if action[0] == "delay":
                time.sleep(action[1])
            answer = self._forward(lines, body)
            event["status"] = answer.split(b" ", 2)[1].decode() if answer else "no answer (server down)"
            if answer and action[0] != "drop_after":
                client.sendall(answer)
        except OSError:
            pass
        finally:
            client.close()

    def _forward(self, lines, body):
        """Sends the request upstream with `Connection: close`; the whole answer, or None."""
        kept = [line for line in lines[1:] if line.split(b":")[0].strip().lower()
                not in (b"connection", b"expect", b"keep-alive")]
        head = b"\r\n".join([lines[0], *kept, b"Connection: close"]) + b"\r\n\r\n"
        try:
            with socket.create_connection(("127.0.0.1", self.upstream), timeout=COMMAND_TIMEOUT) as upstream:
                upstream.sendall(head + body)
                answer = b""
                while True:
                    chunk = upstream.recv(65536)
                    if not chunk:
                        return answer or None
                    answer += chunk
        except OSError:
            return None


# --------------------------------------------------------------------------- histories

# Operation kinds and their weights. Few adds, many syncs and completions on few todos:
# the bugs live in several devices touching one todo (or one recurring series).
WEIGHTS = {
    "add": 12, "sync": 16, "done": 11, "toggle": 3, "reopen": 2, "edit_name": 6, "modify": 5,
    "delete": 5, "undo": 3, "annotate": 2, "clear_completed": 2, "batch": 3,
    "sync_killed": 3, "sync_twice": 2, "edit_during_sync": 3, "server_kill": 1,
}
LOCAL = ("add", "done", "toggle", "reopen", "edit_name", "modify", "delete", "annotate")
# Not one-letter tags: `edit 3 -b` is read as an unknown option (exit 2), not as "remove b".
TAG_WORDS = ("+home", "+work", "+later", "-home", "-work", "-later")


class Model:
    """A rough guess, while generating, of which todos each device has, so that most
    operations name a todo the device holds. Operations name todos by label (the name they
    were added with); the runner finds the todo on the device when it runs."""

    def __init__(self, rng):
        self.rng = rng
        self.labels = []                      # every label, oldest first
        self.recurring = set()
        self.known = [set() for _ in range(DEVICES)]
        self.unsent = [set() for _ in range(DEVICES)]
        self.server = set()

    def new_label(self, device, recurring):
        label = f"t{len(self.labels) + 1}"
        self.labels.append(label)
        if recurring:
            self.recurring.add(label)
        self.known[device].add(label)
        self.unsent[device].add(label)
        return label

    def synced(self, device):
        self.server |= self.unsent[device]
        self.unsent[device].clear()
        self.known[device] |= self.server

    def target(self, device):
        """A todo the device probably holds, most often one of the latest few; None if none."""
        known = [label for label in self.labels if label in self.known[device]]
        if not known:
            return None
        label = self.rng.choice(known[-3:]) if self.rng.random() < 0.75 else self.rng.choice(known)
        which = "open" if label in self.recurring and self.rng.random() < 0.85 else "self"
        return {"label": label, "which": which, "pick": round(self.rng.random(), 3)}


def fault_plan(rng):
    """What the proxy does to the first two GETs and POSTs of one operation."""
    def action(drop_after):
        roll = rng.random()
        if roll < drop_after:
            return ["drop_after"]
        if roll < drop_after + 0.1:
            return ["drop_before"]
        if roll < drop_after + 0.25:
            return ["delay", round(rng.uniform(0.05, 0.8), 3)]
        return ["forward"]
    return {"GET": [action(0.1), action(0.1)], "POST": [action(0.3), action(0.2)]}


def route(rng):
    """direct, or through the proxy with a fault plan."""
    if rng.random() < 0.45:
        return "proxy", fault_plan(rng)
    return "direct", {}


def add_words(rng, label, recurring):
    """The words of an add: a recurring rule with a due date, or sometimes attributes."""
    if recurring:
        return [label, f"recur:{rng.choice(['daily', 'daily', 'weekly', '2d'])}", "due:2026-12-01"]
    words = [label]
    if rng.random() < 0.3:
        words.append(rng.choice(["+home", "+work"]))
    if rng.random() < 0.2:
        words.append(rng.choice(["project:x", "project:x.y"]))
    if rng.random() < 0.2:
        words.append(rng.choice(["pri:H", "pri:L"]))
    if rng.random() < 0.2:
        words.append(rng.choice(["due:2026-12-03", "due:2026-12-24T15:00"]))
    return words


def local_op(rng, model, kind, device, index):
    """An operation on one device's state file alone; an add when it holds nothing to name."""
    target = model.target(device) if kind != "add" else None
    if target is None:
        recurring = rng.random() < 0.4
        label = model.new_label(device, recurring)
        return {"kind": "add", "dev": device, "label": label, "words": add_words(rng, label, recurring)}
    op = {"kind": kind, "dev": device, "target": target}
    if kind == "edit_name":
        op["name"] = f"{target['label']}-e{index}"
    elif kind == "modify":
        op["words"] = rng.sample(TAG_WORDS, rng.choice([1, 1, 2]))
    elif kind == "annotate":
        op["text"] = f"note {index}"
    return op


def batch_op(rng, model, device, index):
    lines = []
    for _ in range(rng.choice([2, 2, 3])):
        action = rng.choice(["add", "toggle", "toggle", "edit", "delete"])
        target = model.target(device)
        if action == "add" or target is None:
            lines.append({"action": "add", "label": model.new_label(device, False)})
        elif action == "edit":
            lines.append({"action": "edit", "target": target, "name": f"{target['label']}-b{index}"})
        else:
            lines.append({"action": action, "target": target})
    return {"kind": "batch", "dev": device, "lines": lines}


def sync_op(rng, model, kind, device, index):
    via, plan = route(rng)
    op = {"kind": kind, "dev": device, "via": via, "plan": plan}
    if kind == "sync_killed":
        op["after"] = round(rng.uniform(0.0, 0.12), 3)
    elif kind == "sync_twice":
        op["via2"] = route(rng)[0]
    elif kind == "edit_during_sync":
        op["lag"] = round(rng.uniform(0.0, 0.05), 3)
        op["edit"] = local_op(rng, model, rng.choice(LOCAL[1:]), device, index)
    model.synced(device)
    return op


def generate(seed):
    """The operations of history `seed`: drawn from random.Random(seed) alone, so a seed
    always gives the same history (what happens when it runs may still vary with timing)."""
    rng = random.Random(seed)
    model = Model(rng)
    ops, restart_in, kills = [], None, 0
    for index in range(rng.randint(30, 60)):
        if restart_in == 0:
            ops.append({"kind": "server_start"})
            restart_in = None
        kind = rng.choices(list(WEIGHTS), weights=list(WEIGHTS.values()))[0]
        device = rng.choices(range(DEVICES), weights=[4, 4, 2])[0]
        if kind == "server_kill" and (restart_in is not None or kills == 2):
            kind = "sync"
        if kind == "server_kill":
            ops.append({"kind": "server_kill"})
            restart_in, kills = rng.randint(0, 3), kills + 1
            continue
        if restart_in is not None:
            restart_in -= 1
        if kind in ("sync", "sync_killed", "sync_twice", "edit_during_sync"):
            ops.append(sync_op(rng, model, kind, device, index))
        elif kind == "batch":
            ops.append(batch_op(rng, model, device, index))
        elif kind in ("undo", "clear_completed"):
            ops.append({"kind": kind, "dev": device})
        else:
            ops.append(local_op(rng, model, kind, device, index))
    return ops


# --------------------------------------------------------------------------- what happened

class Command:
    """One run of `todo --file dN.json --json ARGS`, and how it ended."""

    def __init__(self, dev, args, via, stdin):
        self.dev, self.args, self.via, self.stdin = dev, args, via, stdin
        self.code, self.out, self.err, self.killed = None, "", "", False

    @property
    def ok(self):
        return self.code == 0 and not self.killed

    def json(self):
        try:
            return json.loads(self.out) if self.ok and self.out.strip() else None
        except ValueError:
            return None

    def shell(self):
        line = f"todo --file d{self.dev}.json " + " ".join(shlex.quote(a) for a in self.args)
        if self.stdin is not None:
            line = f"printf '%s\\n' {' '.join(shlex.quote(l) for l in self.stdin.splitlines())} | {line}"
        return ("TODO_SERVER=$PROXY " if self.via == "proxy" else "") + line

    def outcome(self):
        if self.killed:
            return "killed by SIGKILL"
        if self.code is None:
            return "HUNG (killed after 60 s)"
        text = f"exit {self.code}"
        first = self.err.strip().splitlines()[:1]
        return text + (f": {first[0]}" if first and self.code != 0 else "")


class Trace:
    """What the commands of one history reported doing, for the checks.

    A write is (order, index, dev, uuid, key, fields): `index` the operation's position,
    `key` the todo's series (its own UUID if none), `fields` what it set ({"name": ...},
    {"completed": ...}, {"tags": None}, ...), or None when unknown (batch, undo)."""

    def __init__(self):
        self.labels = {}        # label -> UUID of the todo its add made
        self.writes = []
        self.removals = []      # (order, index, dev, uuid, key, how): how is "delete" or "undo"
        self.syncs = []         # (index, dev, ok)
        self.steps = []         # per operation: {"index", "op", "commands", "proxy"}
        self.failures = []      # {"check", "message"}

    def fail(self, check, message):
        self.failures.append({"check": check, "message": message})

    def write(self, index, dev, todo, fields):
        key = (todo.get("series") or todo["uuid"]).lower()
        self.writes.append((len(self.writes), index, dev, todo["uuid"].lower(), key, fields))
        return key

    def removal(self, index, dev, todo, how):
        key = self.write(index, dev, todo, {"deleted": True} if how == "delete" else None)
        self.removals.append((len(self.writes) - 1, index, dev, todo["uuid"].lower(), key, how))

    def seen(self, writer, j, reader, i):
        """Had device `reader`, at operation i, pulled what `writer` wrote at operation j? Only
        when the writer then synced successfully (a later operation) and the reader synced
        successfully after that, before i. Anything less (a killed or failed sync, a sync in
        the same operation as the write) counts as not seen."""
        if writer == reader:
            return True
        pushed = [s for s, dev, ok in self.syncs if dev == writer and ok and s > j]
        return any(s < t < i for s in pushed for t, dev, ok in self.syncs if dev == reader and ok)


# --------------------------------------------------------------------------- running a history

class World:
    """One history's server, proxy and devices, in a fresh directory."""

    def __init__(self, directory):
        self.directory = directory
        os.makedirs(os.path.join(directory, "home"))
        self.server = Server(directory)
        self.proxy = Proxy(self.server.port)
        self.trace = Trace()
        self.step = None
        self.down_at_start = False

    def close(self):
        self.proxy.close()
        self.server.close()

    def env(self, via):
        return {"HOME": os.path.join(self.directory, "home"), "TZ": "UTC", "PATH": "/usr/bin:/bin",
                "LANG": "C.UTF-8", "TODO_LOCK_TIMEOUT": "20", "TODO_TIMEOUT": "20",
                "TODO_SERVER": self.proxy.url if via == "proxy" else self.server.url,
                "TODO_TOKEN": self.server.token}

    def file(self, dev):
        return os.path.join(self.directory, f"d{dev}.json")

    def start(self, dev, args, via="direct", stdin=None, as_json=True):
        command = Command(dev, args, via, stdin)
        argv = [TODO, "--file", self.file(dev), *(["--json"] if as_json else []), *args]
        process = spawn(argv, self.env(via), stdin=stdin, cwd=self.directory)
        if self.step is not None:
            self.step["commands"].append(command)
        return process, command

    def wait(self, process, command):
        command.code, command.out, command.err = finish(process, command.stdin)
        where = f"op {self.step['index']}" if self.step else "checks"
        if command.code is None:
            self.trace.fail("hang", f"{where}: `{command.shell()}` did not end within {COMMAND_TIMEOUT} s")
        elif (command.code < 0 and not command.killed) or command.code > 5:
            self.trace.fail("crash", f"{where}: `{command.shell()}` ended {command.code}: {command.err.strip()[:300]}")
        return command

    def todo(self, dev, args, via="direct", stdin=None, as_json=True):
        return self.wait(*self.start(dev, args, via, stdin, as_json))

    def holdings(self, dev):
        """The device's todos (list --filter all --json), read without being recorded."""
        args = ["--file", self.file(dev), "list", "--filter", "all", "--json"]
        code, out, _ = finish(spawn([TODO, *args], self.env("direct")))
        if code is None:
            self.trace.fail("hang", f"`todo {' '.join(args)}` did not end within {COMMAND_TIMEOUT} s")
        try:
            return json.loads(out) if code == 0 else []
        except ValueError:
            return []

    def resolve(self, dev, target):
        """The device's todo an operation names: its label's todo (for `open`, the open
        occurrence of its series), else the one at `pick` among all it holds; None if none."""
        todos = self.holdings(dev)
        uuid = self.trace.labels.get(target["label"])
        found = []
        if uuid and target["which"] == "open":
            series = [t for t in todos if t["series"] == uuid and not t["completed"]]
            found = [t for t in series if t["recur"]] or series
        found = found or [t for t in todos if t["uuid"] == uuid]
        if found:
            return max(found, key=lambda t: t["id"])
        if not todos:
            return None
        todos.sort(key=lambda t: t["id"])
        return todos[min(int(target["pick"] * len(todos)), len(todos) - 1)]

    def run(self, index, op):
        self.proxy.arm(index, op.get("plan"))
        self.down_at_start = not self.server.up
        self.step = {"index": index, "op": op, "commands": [], "proxy": []}
        self.trace.steps.append(self.step)
        getattr(self, "op_" + op["kind"])(index, op)
        self.step["proxy"] = self.proxy.events_of(index)

    # ---- operations on one device's state file

    def op_add(self, index, op):
        command = self.todo(op["dev"], ["add", *op["words"]])
        todo = command.json()
        if todo:
            self.trace.labels[op["label"]] = todo["uuid"]
            self.trace.write(index, op["dev"], todo, {"name": todo["name"], "completed": False})

    def targeted(self, op, args):
        """Runs args(number, new name) on the todo the operation names: its JSON answer, or
        None if it failed or the device holds no todo."""
        todo = self.resolve(op["dev"], op["target"])
        if todo is None:
            self.step.setdefault("notes", []).append(f"d{op['dev']} holds no todo")
            return None
        return self.todo(op["dev"], args(str(todo["id"]), self.renamed(todo, op.get("name")))).json()

    def renamed(self, todo, name):
        """A new name `LABEL-eN` for the todo, LABEL being its own (the generator's guess of
        which todo it names may have missed)."""
        if name is None:
            return None
        labels = {uuid: label for label, uuid in self.trace.labels.items()}
        label = labels.get(todo["uuid"]) or labels.get(todo["series"]) or todo["name"].split("-")[0]
        return f"{label}-{name.rsplit('-', 1)[-1]}"

    def mark(self, index, op, verb):
        for todo in self.targeted(op, lambda n, _: [verb, n]) or []:
            self.trace.write(index, op["dev"], todo, {"completed": todo["completed"]})

    def op_done(self, index, op):
        self.mark(index, op, "done")

    def op_toggle(self, index, op):
        self.mark(index, op, "toggle")

    def op_reopen(self, index, op):
        self.mark(index, op, "reopen")

    def op_edit_name(self, index, op):
        todo = self.targeted(op, lambda n, name: ["edit", n, "--name", name])
        if todo:
            self.trace.write(index, op["dev"], todo, {"name": todo["name"]})

    def op_modify(self, index, op):
        todo = self.targeted(op, lambda n, _: ["edit", n, *op["words"]])
        if todo:
            self.trace.write(index, op["dev"], todo, {"tags": None})

    def op_annotate(self, index, op):
        todo = self.targeted(op, lambda n, _: ["annotate", n, op["text"]])
        if todo:
            self.trace.write(index, op["dev"], todo, {"notes": None})

    def op_delete(self, index, op):
        for todo in self.targeted(op, lambda n, _: ["delete", n]) or []:
            self.trace.removal(index, op["dev"], todo, "delete")

    def op_clear_completed(self, index, op):
        for todo in self.todo(op["dev"], ["clear-completed"]).json() or []:
            self.trace.removal(index, op["dev"], todo, "delete")

    def op_undo(self, index, op):
        answer = self.todo(op["dev"], ["undo"]).json() or {}
        for todo in answer.get("restored", []):
            self.trace.write(index, op["dev"], todo, None)
        for todo in answer.get("removed", []):
            self.trace.removal(index, op["dev"], todo, "undo")

    def op_batch(self, index, op):
        lines = [line for line in (self.batch_line(op["dev"], l) for l in op["lines"]) if line]
        answer = self.todo(op["dev"], ["batch"], stdin="\n".join(json.dumps(l) for l in lines) + "\n").json() or {}
        added = {l["label"] for l in op["lines"] if l["action"] == "add"}
        for todo in answer.get("changed", []):
            if todo["name"] in added and todo["name"] not in self.trace.labels:
                self.trace.labels[todo["name"]] = todo["uuid"]
            self.trace.write(index, op["dev"], todo, None)
        for todo in answer.get("removed", []):
            self.trace.removal(index, op["dev"], todo, "delete")

    def batch_line(self, dev, line):
        if line["action"] == "add":
            return {"action": "add", "name": line["label"]}
        todo = self.resolve(dev, line["target"])
        if todo is None:
            return None
        if line["action"] == "edit":
            return {"action": "edit", "id": todo["id"], "name": self.renamed(todo, line["name"])}
        if line["action"] == "delete":
            return {"action": "delete", "ids": [todo["id"]]}
        return {"action": "toggle", "id": todo["id"]}

    # ---- syncs and the server

    def excused(self, index):
        """May a sync of operation `index` fail with exit 3: the server was down, or the proxy
        dropped one of its connections (or found the server down)."""
        return self.down_at_start or not self.server.up or any(
            event["action"][0].startswith("drop") or (event["status"] or "").startswith("no answer")
            for event in self.proxy.events_of(index))

    def synced(self, index, command):
        """Notes a sync's outcome: for Trace.seen, and an exit it must not have."""
        self.trace.syncs.append((index, command.dev, command.ok))
        if command.killed or command.code in (None, 0) or command.code < 0 or command.code > 5:
            return
        if command.code == 3 and self.excused(index):
            return
        self.trace.fail("exit", f"op {index}: `{command.shell()}` {command.outcome()}")

    def op_sync(self, index, op):
        self.synced(index, self.todo(op["dev"], ["sync"], op["via"]))

    def op_sync_killed(self, index, op):
        process, command = self.start(op["dev"], ["sync"], op["via"])
        time.sleep(op["after"])          # the fault itself: kill -9 after a random short time
        if process.poll() is None:
            process.kill()
            command.killed = True
        self.synced(index, self.wait(process, command))

    def op_sync_twice(self, index, op):
        first = self.start(op["dev"], ["sync"], op["via"])
        second = self.start(op["dev"], ["sync"], op["via2"])
        for process, command in (first, second):
            self.synced(index, self.wait(process, command))

    def op_edit_during_sync(self, index, op):
        process, command = self.start(op["dev"], ["sync"], op["via"])
        time.sleep(op["lag"])            # part of the history: how far the sync got
        getattr(self, "op_" + op["edit"]["kind"])(index, op["edit"])
        self.synced(index, self.wait(process, command))

    def op_server_kill(self, index, op):
        self.server.kill()

    def op_server_start(self, index, op):
        if not self.server.up:
            try:
                self.server.start()
            except HarnessError as error:
                self.trace.fail("server", f"op {index}: the server did not start again after kill -9: {error}")
                raise

    # ---- the end of a history

    def quiesce(self):
        """Server up, proxy out; sync round-robin until a round moves nothing (5 rounds at most)."""
        self.step = None
        if not self.server.up:
            self.op_server_start(len(self.trace.steps), {})
        for _ in range(5):
            moved = []
            for dev in range(DEVICES):
                command = self.todo(dev, ["sync"])
                report = command.json()
                if report is None:
                    return self.trace.fail("quiesce", f"quiescing: `{command.shell()}` {command.outcome()}")
                if report["pulled"] or report["pushed"] or report["conflicts"]:
                    moved.append(f"d{dev} pulled {report['pulled']}, pushed {report['pushed']}, "
                                 f"{len(report['conflicts'])} conflicts")
            if not moved:
                return None
        return self.trace.fail("quiesce", "still moving after 5 round-robin rounds: " + "; ".join(moved))

    def final_state(self):
        """(server's todos, [each device's todos]) as {uuid: {field: value}}; checks inv6."""
        devices = []
        for dev in range(DEVICES):
            for args in (["list"], ["list", "--filter", "all", "--json"]):
                command = self.todo(dev, args, as_json=False)
                if command.code != 0:
                    self.trace.fail("inv6", f"`{command.shell()}` {command.outcome()}")
            try:
                todos = json.loads(command.out) if command.code == 0 else []
            except ValueError:
                self.trace.fail("inv6", f"`{command.shell()}` printed no JSON: {command.out[:200]!r}")
                todos = []
            devices.append({t["uuid"].lower(): content(t) for t in todos})
        server = {uuid: content(t) for uuid, t in self.server.feed().items()}
        return server, devices


def content(todo):
    """A todo's fields as devices and the server must agree on them."""
    defaults = {"description": "", "notes": "", "tags": [], "completed": False}
    fields = {field: todo.get(field, defaults.get(field)) for field in FIELDS}
    fields["tags"] = sorted(fields["tags"] or [])
    if fields["series"]:
        fields["series"] = fields["series"].lower()
    return fields


# --------------------------------------------------------------------------- the checks

def short(uuid):
    return uuid[:8]


def check_convergence(trace, server, devices):
    """inv1: every device holds exactly the server's todos, field for field."""
    for dev, todos in enumerate(devices):
        problems = [f"{short(u)} only on the server {server[u]['name']!r}" for u in server.keys() - todos.keys()]
        problems += [f"{short(u)} only on d{dev} {todos[u]['name']!r}" for u in todos.keys() - server.keys()]
        for uuid in sorted(server.keys() & todos.keys()):
            diff = [f for f in FIELDS if server[uuid][f] != todos[uuid][f]]
            problems += [f"{short(uuid)} {f}: server {server[uuid][f]!r}, d{dev} {todos[uuid][f]!r}" for f in diff]
        if problems:
            trace.fail("inv1", f"d{dev} differs from the server after quiescing: " + "; ".join(sorted(problems)[:4]))


def check_recurrence(trace, server, devices):
    """inv5: at most one open todo per series holds the rule."""
    for where, todos in [("the server", server)] + [(f"d{d}", t) for d, t in enumerate(devices)]:
        holders = {}
        for uuid, todo in todos.items():
            if todo["series"] and todo["recur"] and not todo["completed"]:
                holders.setdefault(todo["series"], []).append(f"{short(uuid)} {todo['name']!r} due {todo['due']}")
        for series, open_ones in holders.items():
            if len(open_ones) > 1:
                trace.fail("inv5", f"series {short(series)} has {len(open_ones)} open todos holding the rule "
                           f"on {where}: " + ", ".join(sorted(open_ones)))


def check_lost_adds(trace, server):
    """inv2: every todo added is on the server unless a command reported removing it."""
    removed = {uuid for _, _, _, uuid, _, _ in trace.removals}
    for label, uuid in trace.labels.items():
        uuid = uuid.lower()
        if uuid not in server and uuid not in removed:
            trace.fail("inv2", f"todo {label} ({short(uuid)}) was added, never deleted, and is not on the server")


def check_resurrection(trace, server):
    """inv3: a deleted todo stays deleted, unless a write to its series came after the delete
    (from any device), or a write from another device came before it unseen by the deleter."""
    for order, index, dev, uuid, key, how in trace.removals:
        if how != "delete" or uuid not in server:
            continue
        series = [w for w in trace.writes if w[4] == key and w[0] != order]
        if any(w[0] > order for w in series):
            continue
        if any(w[2] != dev and not trace.seen(w[2], w[1], dev, index) for w in series):
            continue
        trace.fail("inv3", f"todo {short(uuid)} {server[uuid]['name']!r}, deleted by d{dev} at op {index} after it had "
                   "seen every other write to it, with no write after, is alive on the server")


def check_last_writes(trace, server):
    """inv4: for name and completed, the last command that set the field on a todo decides
    it, when that command's device had seen every other device's earlier write to the todo's
    series and after it only that device wrote to the series, never the same field, never
    through batch or undo (whose effects are not known field by field)."""
    for uuid, final in server.items():
        writes = [w for w in trace.writes if w[4] == (final["series"] or uuid)]
        for field in ("name", "completed"):
            setters = [w for w in writes if w[3] == uuid and (w[5] is None or field in w[5])]
            if not setters or setters[-1][5] is None:
                continue
            order, index, dev, _, _, fields = setters[-1]
            after = [w for w in writes if w[0] > order]
            if any(w[2] != dev or w[5] is None or field in w[5] for w in after):
                continue
            if not all(trace.seen(w[2], w[1], dev, index) for w in writes if w[0] < order and w[2] != dev):
                continue
            if final[field] != fields[field]:
                trace.fail("inv4", f"todo {short(uuid)}: d{dev} set {field} to {fields[field]!r} at op {index} "
                           "(it had seen every earlier write, and no other came after), "
                           f"but the server ends with {final[field]!r}")


def check(world):
    """Quiesces the history's world and runs every check; the failures are in world.trace."""
    world.quiesce()
    server, devices = world.final_state()
    trace = world.trace
    check_convergence(trace, server, devices)
    check_recurrence(trace, server, devices)
    check_lost_adds(trace, server)
    check_resurrection(trace, server)
    check_last_writes(trace, server)


# --------------------------------------------------------------------------- histories, shrinking

def run_history(ops, keep=False):
    """Runs ops in a fresh world, quiesces, checks; the Trace (failures in .failures)."""
    directory = tempfile.mkdtemp(prefix="todo-chaos-")
    world = None
    try:
        world = World(directory)
        for index, op in enumerate(ops):
            world.run(index, op)
        check(world)
        return world.trace
    except HarnessError:
        if world is not None and any(f["check"] == "server" for f in world.trace.failures):
            return world.trace
        raise
    finally:
        if world is not None:
            world.close()
        if keep:
            print(f"# kept {directory}", flush=True)
        else:
            shutil.rmtree(directory, ignore_errors=True)


def primary(trace):
    """The failure a shrink keeps: the first of PRIORITY among the history's failures."""
    return min(trace.failures, key=lambda f: PRIORITY.index(f["check"]))["check"]


def simpler_variants(op):
    """Simpler stand-ins for one operation (each a list of operations), simplest first."""
    kind, variants = op["kind"], []
    if kind in ("sync_killed", "sync_twice"):
        variants.append([{"kind": "sync", "dev": op["dev"], "via": op["via"], "plan": op["plan"]}])
    if kind == "edit_during_sync":
        variants.append([op["edit"], {"kind": "sync", "dev": op["dev"], "via": op["via"], "plan": op["plan"]}])
    if op.get("via") == "proxy":
        variants.append([dict(op, via="direct", plan={})])
        for method, actions in op["plan"].items():
            for i, action in enumerate(actions):
                if action[0] != "forward":
                    plan = {m: [list(a) for a in acts] for m, acts in op["plan"].items()}
                    plan[method][i] = ["forward"]
                    variants.append([dict(op, plan=plan)])
    if kind == "add" and len(op["words"]) > 1 and not any(w.startswith("recur:") for w in op["words"]):
        variants.append([dict(op, words=op["words"][:1])])
    if kind == "batch" and len(op["lines"]) > 1:
        variants += [[dict(op, lines=op["lines"][:i] + op["lines"][i + 1:])] for i in range(len(op["lines"]))]
    return variants


class Shrinker:
    """Delta debugging within a time budget: the shortest failing prefix, then chunks of
    operations removed (halving the chunk down to single operations), then each operation
    made simpler; a change is kept when the history still fails the same check."""

    def __init__(self, check_id, seconds):
        self.check_id, self.deadline, self.runs = check_id, time.monotonic() + seconds, 0

    def fails(self, ops):
        """The trace of a run of ops when it fails the check; None if not (or out of time)."""
        if time.monotonic() > self.deadline:
            return None
        self.runs += 1
        try:
            trace = run_history(ops)
        except HarnessError:
            return None
        return trace if any(f["check"] == self.check_id for f in trace.failures) else None

    def shrink(self, ops, trace):
        ops, trace = self.prefix(ops, trace)
        ops, trace = self.remove(ops, trace, max(len(ops) // 2, 1))
        simpler, trace = self.simplify(ops, trace)
        return self.remove(simpler, trace, 1) if simpler != ops else (simpler, trace)

    def remove(self, ops, trace, size):
        """Removes chunks of `size` operations, then of half that, ... down to single ones."""
        while size >= 1 and time.monotonic() < self.deadline:
            i = 0
            while i < len(ops):
                found = self.fails(ops[:i] + ops[i + size:]) if len(ops) > size else None
                if found:
                    ops, trace = ops[:i] + ops[i + size:], found
                else:
                    i += size
            size //= 2
        return ops, trace

    def prefix(self, ops, trace):
        """Binary search for the shortest failing prefix (failing is nearly monotonic in it)."""
        low, high = 1, len(ops)
        while low < high and time.monotonic() < self.deadline:
            middle = (low + high) // 2
            found = self.fails(ops[:middle])
            if found:
                high, trace = middle, found
            else:
                low = middle + 1
        return ops[:high], trace

    def simplify(self, ops, trace):
        i = 0
        while i < len(ops):
            for variant in simpler_variants(ops[i]):
                found = self.fails(ops[:i] + variant + ops[i + 1:])
                if found:
                    ops, trace = ops[:i] + variant + ops[i + 1:], found
                    break
            else:
                i += 1
        return ops, trace


# --------------------------------------------------------------------------- reporting

def describe_proxy(events):
    said = []
    for event in events:
        action, status = event["action"], event["status"] or "-"
        what = {"forward": f"forwarded ({status})", "drop_before": "dropped before reaching the server",
                "drop_after": f"forwarded, the server answered {status}, the reply dropped",
                "delay": f"delayed {action[-1]} s ({status})"}[action[0]]
        said.append(f"{event['method']} {event['path']} {what}")
    return "proxy: " + "; ".join(said) if said else ""


def step_lines(step):
    """One operation of a history as shell lines a person can paste."""
    op, commands = step["op"], step["commands"]
    kind = op["kind"]
    if kind == "server_kill":
        return ["# kill -9 the todo-server"]
    if kind == "server_start":
        return ["# start the todo-server again, on the same database"]
    if not commands:
        return [f"# op {step['index']}: {kind} skipped: " + "; ".join(step.get("notes", ["nothing to do"]))]
    notes = [c.outcome() for c in commands if c.code != 0 or c.killed or c.args == ["sync"]]
    notes += [describe_proxy(step["proxy"])] if step["proxy"] else []
    comment = "   # " + "; ".join(n for n in notes if n) if any(notes) else ""
    shells = [c.shell() for c in commands]
    if kind == "sync_killed":
        return [f"{shells[0]} & sleep {op['after']}; kill -9 $!{comment}"]
    if kind == "sync_twice":
        return [f"{shells[0]} & {shells[1]}; wait{comment}"]
    if kind == "edit_during_sync":
        return [f"{shells[0]} & sleep {op['lag']}; " + "".join(f"{s}; " for s in shells[1:]) + f"wait{comment}"]
    return [shells[0] + comment] + shells[1:]


def print_reproduction(title, trace, check_id, path):
    failures = [f for f in trace.failures if f["check"] == check_id] or trace.failures
    print(f"\n# ---- reproduction: {title}")
    for failure in failures:
        print(f"# FAILS {failure['check']}: {failure['message']}")
    print("# Start a fresh todo-server (README.md, 'Sync set-up'); then, in an empty directory:")
    print("export TZ=UTC TODO_SERVER=http://127.0.0.1:8080 TODO_TOKEN=...   "
          "# PROXY: a TCP proxy to it doing what the comments say")
    for step in trace.steps:
        for line in step_lines(step):
            print(line)
    print("# then quiesce: sync d0, d1, d2 round-robin until nothing moves, and check")
    print("for round in 1 2 3 4; do for d in d0 d1 d2; do todo --file $d.json sync; done; done")
    if path:
        print(f"# this history as JSON: {path}  (run it again: chaos.py --replay {path})")
    sys.stdout.flush()


def save(ops, seed, check_id, directory):
    path = os.path.join(directory, f"chaos-{seed}.json")
    with open(path, "w") as f:
        json.dump({"seed": seed, "check": check_id, "ops": ops}, f, indent=1)
    return path


# --------------------------------------------------------------------------- known cases

def _op(kind, dev, label=None, which="open", **rest):
    op = {"kind": kind, "dev": dev, **rest}
    if label:
        op["target"] = {"label": label, "which": which, "pick": 0.0}
    return op


def _sync(dev, plan=None):
    return {"kind": "sync", "dev": dev, "via": "proxy" if plan else "direct", "plan": plan or {}}


CASES = {
    # A push whose reply is lost (the server committed), then a local edit and a sync.
    "lost-reply": [
        {"kind": "add", "dev": 0, "label": "buy milk", "words": ["buy", "milk"]},
        _sync(0, {"POST": [["drop_after"]]}),
        _op("done", 0, "buy milk", "self"),
        _sync(0),
    ],
    # Two devices complete one recurring occurrence offline, then one completes the next.
    "recur-double-done": [
        {"kind": "add", "dev": 0, "label": "rent", "words": ["rent", "recur:daily", "due:2026-12-01"]},
        _sync(0), _sync(1),
        _op("done", 0, "rent"), _op("done", 1, "rent"), _op("done", 0, "rent"),
        _sync(1), _sync(0), _sync(1),
    ],
    # One device deletes (skips) the open occurrence, another edits it.
    "recur-delete-edit": [
        {"kind": "add", "dev": 0, "label": "gym", "words": ["gym", "recur:weekly", "due:2026-12-01"]},
        _sync(0), _sync(1),
        _op("delete", 1, "gym"), _op("modify", 0, "gym", words=["+later"]),
        _sync(1), _sync(0), _sync(1),
    ],
}


def run_fixed(title, ops, keep):
    """Runs one fixed history (a case or a replayed file): True when it passes."""
    started = time.monotonic()
    trace = run_history(ops, keep)
    verdict = "ok" if not trace.failures else "FAILED " + ", ".join(sorted({f["check"] for f in trace.failures}))
    print(f"{title}: {len(ops)} ops, {time.monotonic() - started:.1f} s: {verdict}", flush=True)
    if trace.failures:
        print_reproduction(title, trace, primary(trace), None)
    return not trace.failures


# --------------------------------------------------------------------------- main

def random_histories(args):
    """Histories seed, seed+1, ... until the time or count runs out; the first failure is
    shrunk and reported (with --keep-going, every failure). Returns (passed, failed)."""
    passed = failed = 0
    started = time.monotonic()
    index = 0
    while time.monotonic() - started < args.seconds and (args.histories is None or index < args.histories):
        seed = args.seed + index
        ops = generate(seed)
        began = time.monotonic()
        trace = run_history(ops, args.keep)
        took = time.monotonic() - began
        index += 1
        if not trace.failures:
            passed += 1
            print(f"history {index} (seed {seed}): {len(ops)} ops, {took:.1f} s: ok", flush=True)
            continue
        failed += 1
        check_id = primary(trace)
        print(f"history {index} (seed {seed}): {len(ops)} ops, {took:.1f} s: FAILED {check_id}", flush=True)
        for failure in trace.failures:
            print(f"  {failure['check']}: {failure['message']}")
        report_failure(args, seed, ops, trace, check_id)
        if not args.keep_going:
            break
    return passed, failed


def report_failure(args, seed, ops, trace, check_id):
    shrinker = Shrinker(check_id, args.shrink_seconds)
    began = time.monotonic()
    small, small_trace = shrinker.shrink(ops, trace)
    print(f"shrunk {len(ops)} ops to {len(small)} in {shrinker.runs} runs, {time.monotonic() - began:.0f} s",
          flush=True)
    again = sum(1 for _ in range(3) if Shrinker(check_id, COMMAND_TIMEOUT).fails(small))
    print(f"the shrunk history failed {check_id} again in {again} of 3 runs (fewer: it depends on timing)", flush=True)
    path = save(small, seed, check_id, args.out)
    print_reproduction(f"seed {seed} (chaos.py --seed {seed} --histories 1 replays the unshrunk history)",
                       small_trace, check_id, path)


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=90, help="start no history after this many seconds (90)")
    parser.add_argument("--histories", type=int, help="run at most this many histories")
    parser.add_argument("--seed", type=int, help="base seed: history i uses seed+i (default: random)")
    parser.add_argument("--shrink-seconds", type=float, default=60, help="time for shrinking a failure (60)")
    parser.add_argument("--keep-going", action="store_true", help="run on after a failure")
    parser.add_argument("--case", choices=[*CASES, "all"], help="run a known case deterministically")
    parser.add_argument("--replay", metavar="FILE", help="run the history saved in FILE")
    parser.add_argument("--keep", action="store_true", help="keep each history's directory")
    parser.add_argument("--out", default=os.environ.get("CHAOS_OUT", tempfile.gettempdir()),
                        help="where failing histories are saved as JSON ($CHAOS_OUT, else the temp dir)")
    args = parser.parse_args()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1, 1_000_000)
    return args


def _terminate(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


def main():
    args = parse_arguments()
    for binary in (TODO, SERVER):
        if not os.access(binary, os.X_OK):
            print(f"chaos.py: no executable {binary}: build it first (or set TODO_BINARY / TODO_SERVER_BINARY)")
            print("0 passed, 1 failed")
            return 2
    signal.signal(signal.SIGTERM, _terminate)
    signal.signal(signal.SIGHUP, _terminate)
    passed = failed = 0
    try:
        if args.case or args.replay:
            if args.replay:
                with open(args.replay) as f:
                    fixed = [(args.replay, json.load(f)["ops"])]
            else:
                fixed = [(name, CASES[name]) for name in CASES if args.case in (name, "all")]
            for title, ops in fixed:
                if run_fixed(title, ops, args.keep):
                    passed += 1
                else:
                    failed += 1
        else:
            print(f"chaos.py --seed {args.seed} --seconds {args.seconds:g}", flush=True)
            passed, failed = random_histories(args)
    except HarnessError as error:
        print(f"chaos.py: {error}")
        failed += 1
    except KeyboardInterrupt:
        print("chaos.py: interrupted")
        failed += 1
    finally:
        kill_children()
    print(f"{passed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
