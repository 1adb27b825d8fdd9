"""Running, shrinking and reporting histories of the sync chaos test: run_history() runs
operations in a fresh World and checks them; Shrinker cuts a failing history down (shortest
failing prefix, chunks and single operations removed, operations made simpler by
simpler_variants()) while it still fails the same check; print_reproduction() prints a
history as shell commands a person can paste, and save() writes it as JSON for --replay."""

import json
import os
import shutil
import sys
import tempfile
import time

from checks import check
from common import PRIORITY, HarnessError
from world import World

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
    if kind == "sync_overtaken":
        variants += overtaken_variants(op)
    if kind == "batch_next" and len(op["then"]) > 1:
        variants += [[dict(op, then=op["then"][:i] + op["then"][i + 1:])] for i in range(len(op["then"]))]
    if op.get("via") == "proxy" and kind != "sync_overtaken":
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


def overtaken_variants(op):
    """Simpler stand-ins for a sync_overtaken: with its reply lost, as the plain operations
    it then is (which the shrink can cut further); else with its reply lost instead of held;
    and without each of its optional parts."""
    variants = []
    if op["mode"] == "lost":
        sync = {"kind": "sync", "via": "direct", "plan": {}}
        plain = [op["pre"], dict(sync, dev=op["dev"], via="proxy", plan=op["plan"])]
        plain += [op["edit"]] if op.get("edit") else []
        plain += [{"kind": "prune"}] if op.get("prune") else []
        plain += [dict(sync, dev=op["other"]), op["other_edit"], dict(sync, dev=op["other"])]
        plain += [dict(sync, dev=op["dev"])] * (2 if op.get("overtake") else 1)
        variants.append(plain)
    else:
        variants.append([dict(op, mode="lost", plan={"POST": [["drop_after"]]})])
    for part in ("edit", "prune", "overtake"):
        if op.get(part):
            variants.append([dict(op, **{part: False if part != "edit" else None})])
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
                "delay": f"delayed {action[-1]} s ({status})",
                "hold": f"forwarded, the server answered {status}, the reply held"
                        + (", then dropped" if event.get("dropped") else ", then sent")
                        + (f" ({event['released']})" if event.get("released") else "")}[action[0]]
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
    if kind == "sync_overtaken":
        return overtaken_lines(step)
    if kind == "prune":
        return [shells[0] + "   # on the server's database (TODO_SERVER_DB), while it runs" + comment]
    return [shells[0] + comment] + shells[1:]


def overtaken_lines(step):
    """A sync_overtaken as shell lines: its parts in the order they ran."""
    lines, proxy = [], describe_proxy(step["proxy"])
    for how, command in step["parts"]:
        notes = [command.outcome()] if command.code != 0 or command.killed or command.args == ["sync"] else []
        if command.via == "proxy":
            notes.append(proxy)
        if command.dev is None:
            notes.append("on the server's database (TODO_SERVER_DB), while it runs")
        comment = "   # " + "; ".join(notes) if notes else ""
        if how == "background":
            lines.append(f"{command.shell()} & SYNC=$!   # {proxy}; go on once the server has answered its first POST")
        elif how == "kill":
            lines.append(f"{command.shell()} & SYNC=$!   # the proxy holds the reply to its first POST")
            lines.append(f"kill -9 $SYNC   # once the server has answered that POST: " + "; ".join(notes))
        elif how == "released":
            lines.append(f"wait $SYNC   # the proxy sends the held reply now; the sync {command.outcome()}")
        else:
            lines.append(command.shell() + comment)
    return lines


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
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, f"chaos-{seed}.json")
    with open(path, "w") as f:
        json.dump({"seed": seed, "check": check_id, "ops": ops}, f, indent=1)
    return path
