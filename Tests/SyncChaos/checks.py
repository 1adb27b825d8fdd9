"""The checks of the sync chaos test, run on a history's Trace and the final state after
quiescing: convergence (inv1), no lost add (inv2), no resurrection (inv3), the last writer
winning when it had seen everything (inv4) and one open occurrence per series holding the
rule (inv5); check() quiesces the World first (which also checks `quiesce` and inv6). The
docstring of chaos.py says exactly what each check allows."""

from common import FIELDS

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
