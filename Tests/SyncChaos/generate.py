"""The random histories of the sync chaos test: generate(seed) draws a history's 30-60
operations from random.Random(seed) alone, so a seed always gives the same operations. An
operation is a JSON-ready dict (kind, device, the todo it names by label, and for syncs the
route and the proxy's fault plan); Model is the generator's rough guess of which todos each
device holds, so that most operations name one it has."""

import random

from common import DEVICES

# --------------------------------------------------------------------------- histories

# Operation kinds and their weights. Few adds, many syncs and completions on few todos:
# the bugs live in several devices touching one todo (or one recurring series).
WEIGHTS = {
    "add": 12, "sync": 16, "done": 11, "toggle": 3, "reopen": 2, "edit_name": 6, "modify": 5,
    "delete": 5, "undo": 3, "annotate": 2, "clear_completed": 2, "batch": 3,
    "sync_killed": 3, "sync_twice": 2, "edit_during_sync": 3, "server_kill": 1,
    "prune": 2, "sync_overtaken": 3, "batch_next": 2,
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


def local_op(rng, model, kind, device, index, target=None):
    """An operation on one device's state file alone (on `target` if given); an add when it
    holds nothing to name."""
    target = target or (model.target(device) if kind != "add" else None)
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


def batch_next_op(rng, model, device, index):
    """A batch completing a recurring todo, then changing the occurrence it made (and maybe
    the ones after): edit its name, replace its tags, delete (skip) it or complete it."""
    labels = [label for label in model.labels if label in model.recurring and label in model.known[device]]
    if not labels:
        label = model.new_label(device, True)
        return {"kind": "add", "dev": device, "label": label, "words": add_words(rng, label, True)}
    label = rng.choice(labels[-2:]) if rng.random() < 0.75 else rng.choice(labels)
    then = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        action = rng.choice(["edit", "edit", "tags", "delete", "toggle"])
        step = {"action": action}
        if action == "edit":
            step["name"] = f"{label}-n{index}"
        elif action == "tags":
            step["tags"] = rng.sample(["home", "work", "later"], rng.choice([1, 2]))
        then.append(step)
    return {"kind": "batch_next", "dev": device, "target": {"label": label, "which": "open", "pick": 0.0},
            "then": then}


def overtaken_op(rng, model, device, index):
    """A sync overtaken after the server committed its push (World.op_sync_overtaken): the
    device changes a todo, its sync's reply is held by the proxy and then lost, or the sync
    killed, or the reply sent late; meanwhile the device changes the todo again, the server
    may prune, another device syncs, changes the same todo and syncs; then the device retries."""
    target = model.target(device)
    if target is None:
        return local_op(rng, model, "add", device, index)
    other = rng.choice([d for d in range(DEVICES) if d != device])
    mode = rng.choice(["kill", "kill", "lost", "late", "late"])
    plan = {"POST": [["drop_after"] if mode == "lost" else ["hold", "drop"] if mode == "kill" else ["hold"]]}
    op = {"kind": "sync_overtaken", "dev": device, "other": other, "mode": mode, "via": "proxy", "plan": plan,
          "pre": local_op(rng, model, rng.choice(["done", "done", "edit_name", "modify", "toggle", "annotate"]),
                          device, index, target)}
    model.synced(device)
    if rng.random() < 0.75:
        op["edit"] = local_op(rng, model, rng.choice(["done", "edit_name", "modify", "reopen", "delete", "annotate"]),
                              device, index, dict(target, pick=round(rng.random(), 3)))
    op["prune"] = rng.random() < 0.3
    model.synced(other)
    op["other_edit"] = local_op(rng, model, rng.choice(["done", "edit_name", "edit_name", "modify", "delete", "reopen"]),
                                other, index, dict(target, pick=round(rng.random(), 3)))
    model.synced(other)
    op["overtake"] = rng.random() < (0.7 if mode == "late" else 0.3)
    model.synced(device)
    return op


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
        if kind == "sync_overtaken" and restart_in is not None:   # it needs the server up
            kind = "sync_killed"
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
        elif kind == "batch_next":
            ops.append(batch_next_op(rng, model, device, index))
        elif kind == "sync_overtaken":
            ops.append(overtaken_op(rng, model, device, index))
        elif kind == "prune":
            ops.append({"kind": "prune"})
        elif kind in ("undo", "clear_completed"):
            ops.append({"kind": kind, "dev": device})
        else:
            ops.append(local_op(rng, model, kind, device, index))
    return ops
