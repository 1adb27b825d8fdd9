"""Running one history of the sync chaos test: World holds the history's directory, its
server, proxy and three devices, runs each operation as real `todo` commands (Command, one
run and how it ended), and at the end quiesces and reads the final state of the server and
of every device. Trace records what the commands reported doing (adds, writes, removals,
syncs, the steps for the reproduction) and the failures the checks find; Trace.seen says
whether one device had pulled another's write."""

import json
import os
import shlex
import time
import uuid as uuids

from common import COMMAND_TIMEOUT, DEVICES, FIELDS, SERVER, TODO, HarnessError
from processes import Server, finish, spawn, unprivileged
from proxy import Proxy

# --------------------------------------------------------------------------- what happened

class Command:
    """One run of `todo --file dN.json --json ARGS`, and how it ended; with dev None, one run
    of `todo-server ARGS` on the history's database (prune)."""

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
        if self.dev is None:
            return "todo-server " + " ".join(shlex.quote(a) for a in self.args)
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

    def unanswered(self, dev):
        """Whether the device's state holds operations whose answer it has not had (its
        `sync.outbox`), read from its state file and the journal lines after it (a line with
        `sync` holds all of it; a journal of another generation is not the file's)."""
        path = self.file(dev)
        try:
            with open(path) as f:
                state = json.load(f)
        except (OSError, ValueError):
            return False
        sync = state.get("sync") or {}
        try:
            with open(path + ".journal") as f:
                lines = [json.loads(line) for line in f if line.strip()]
        except (OSError, ValueError):
            lines = []
        if lines and lines[0].get("generation") == state.get("generation"):
            for line in lines[1:]:
                sync = line.get("sync", sync)
        return bool(sync.get("outbox"))

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
        self.batch(index, op["dev"], lines, {l["label"] for l in op["lines"] if l["action"] == "add"})

    def batch(self, index, dev, lines, added=()):
        """Runs `todo batch` with lines; records what its answer says it added, changed, removed."""
        answer = self.todo(dev, ["batch"], stdin="\n".join(json.dumps(l) for l in lines) + "\n").json() or {}
        for todo in answer.get("changed", []):
            if todo["name"] in added and todo["name"] not in self.trace.labels:
                self.trace.labels[todo["name"]] = todo["uuid"]
            self.trace.write(index, dev, todo, None)
        for todo in answer.get("removed", []):
            self.trace.removal(index, dev, todo, "delete")

    def op_batch_next(self, index, op):
        """One batch that completes a recurring todo, then edits, tags, deletes (skips) or
        completes the occurrence that completion made, never synced, and so on down the chain:
        each line names the occurrence by its UUID (uuid5 of the series and the UUID of the
        occurrence it follows, Series.swift), which the lines before it made."""
        dev = op["dev"]
        todo = self.resolve(dev, op["target"])
        if todo is None or not todo["recur"] or todo["completed"]:
            open_rules = [t for t in self.holdings(dev) if t["recur"] and not t["completed"]]
            todo = max(open_rules, key=lambda t: t["id"]) if open_rules else None
        if todo is None:
            self.step.setdefault("notes", []).append(f"d{dev} holds no open recurring todo")
            return
        series = todo["series"] or todo["uuid"]
        lines, current = [{"action": "toggle", "id": todo["id"]}], todo["uuid"].lower()
        for then in op["then"]:
            made = str(uuids.uuid5(uuids.UUID(series), current))
            ref = made.replace("-", "")[:8]
            if then["action"] == "edit":
                name = self.renamed({"uuid": made, "series": series.lower(), "name": todo["name"]}, then["name"])
                lines.append({"action": "edit", "id": ref, "name": name})
            elif then["action"] == "tags":
                lines.append({"action": "edit", "id": ref, "tags": then["tags"]})
            elif then["action"] == "delete":     # a skip: it makes the occurrence after it
                lines.append({"action": "delete", "ids": [ref]})
                current = made
            else:                                # toggle: completes it, making the next one
                lines.append({"action": "toggle", "id": ref})
                current = made
        self.batch(index, dev, lines)

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

    def synced(self, index, command, at=None):
        """Notes a sync's outcome: for Trace.seen (at `at`, a place within the operation, else
        at its index), and an exit it must not have."""
        self.trace.syncs.append((index if at is None else at, command.dev, command.ok))
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

    def op_sync_overtaken(self, index, op):
        """A sync whose push the server committed and answered, overtaken before it hears the
        answer: the device changes a todo and pushes it (`pre`), its sync goes through the
        proxy, and once the server has answered its first POST the sync is killed (`kill`:
        the proxy holds that reply, then drops it), has already ended with the reply dropped
        (`lost`), or still waits for the held reply (`late`). Meanwhile the device changes the
        todo again (`edit`), the server may prune stored answers and tombstones (`prune`),
        another device syncs, changes the same todo and syncs, and the device may sync on its
        own (`overtake`); then a late reply is sent and its sync goes on, and the device syncs
        again (the retry). Its parts are places index + k/10 for Trace.seen; the late sync
        counts at its start, which is where it read the state it pushes and merges, unless it
        first resent what an earlier sync left unanswered (then where its reply is sent)."""
        dev, other, mode = op["dev"], op["other"], op["mode"]
        parts = self.step["parts"] = []

        def at(k):
            return round(index + k / 10, 1)

        def part(run):
            before = len(self.step["commands"])
            run()
            parts.extend(("run", command) for command in self.step["commands"][before:])

        part(lambda: getattr(self, "op_" + op["pre"]["kind"])(at(0), op["pre"]))
        # A sync that first sends again what an earlier one left unanswered pushes only that in
        # its first POST (the one the proxy holds), and what `pre` changed after the held reply:
        # a late one then counts (for Trace.seen) where that reply is sent, not at its start.
        resends = self.unanswered(dev)
        process, first = self.start(dev, ["sync"], "proxy")
        waiting = False
        if mode == "lost":               # the plan drops the reply after the server committed
            self.synced(index, self.wait(process, first), at(1))
            parts.append(("run", first))
        else:
            deadline = time.monotonic() + COMMAND_TIMEOUT
            while not self.proxy.held(index) and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.005)
            if mode == "kill" and process.poll() is None:
                process.kill()
                first.killed = True
            if mode == "kill" or process.poll() is not None:
                self.proxy.release(index, drop=(mode == "kill"))
                self.synced(index, self.wait(process, first), at(1))
                parts.append(("kill" if first.killed else "run", first))
            else:
                waiting = True
                parts.append(("background", first))
        if op.get("edit"):
            part(lambda: getattr(self, "op_" + op["edit"]["kind"])(at(2), op["edit"]))
        if op.get("prune"):
            part(lambda: self.prune(index))
        part(lambda: self.synced(index, self.todo(other, ["sync"]), at(3)))
        part(lambda: getattr(self, "op_" + op["other_edit"]["kind"])(at(4), op["other_edit"]))
        part(lambda: self.synced(index, self.todo(other, ["sync"]), at(5)))
        if op.get("overtake"):
            part(lambda: self.synced(index, self.todo(dev, ["sync"]), at(6)))
        if waiting:
            self.proxy.release(index)
            self.synced(index, self.wait(process, first), round(index + 0.65, 2) if resends else at(1))
            parts.append(("released", first))
        part(lambda: self.synced(index, self.todo(dev, ["sync"]), at(7)))

    def op_prune(self, index, op):
        self.prune(index)

    def prune(self, index):
        """`todo-server prune --older-than 0` on the server's database while the server runs
        (or lies killed), as an operator's cron runs it: every stored push answer and every
        tombstone goes, so a retried push or a device behind the feed meets pruned state."""
        command = Command(None, ["prune", "--older-than", "0"], "direct", None)
        self.step["commands"].append(command)
        command.code, command.out, command.err = finish(
            spawn(unprivileged([SERVER, *command.args]), self.server.env))
        if command.code != 0:
            self.trace.fail("prune", f"op {index}: `{command.shell()}` {command.outcome()}")

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
