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
once, a command run while a sync of its device is in flight, a sync overtaken after the
server committed its push (killed, its reply lost, or its reply held while the device
changes the todo again, the server may prune, another device changes the same todo, and
the device syncs again), a batch that completes a recurring todo and changes the
occurrence that made, `todo-server prune --older-than 0` on the running server's
database, and kill -9 of the server followed (a few operations later) by a restart on the
same database. Then it quiesces (server up, proxy out, devices synced round-robin until
nothing moves, at most 5 rounds) and checks:

  crash, hang  every command exits 0..5 (1 and 2 are fine: the todo may be gone), within
         60 s, and never by a signal this script did not send
  exit   a sync exits 0, or 3 when the server was down or the proxy dropped one of its
         connections (the proxy never alters bytes, so 5 is always a failure)
  server the server starts again after kill -9, on the same database
  prune  `todo-server prune --older-than 0` exits 0, run while the server runs (or lies killed)
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
    python3 Tests/SyncChaos/chaos.py --minutes 120     # a nightly-style hunt: every failure
    python3 Tests/SyncChaos/chaos.py --case all
    python3 Tests/SyncChaos/chaos.py --replay /tmp/chaos-42.json
"""

import argparse
import json
import os
import random
import signal
import sys
import tempfile
import time

# The rest of the test lives in the modules beside this file (common, processes, proxy,
# generate, world, checks, shrink), imported from this file's directory whatever the working
# directory, and never compiled into a __pycache__ in the tree.
sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.realpath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from common import COMMAND_TIMEOUT, SERVER, TODO, HarnessError
from generate import generate
from processes import kill_children
from shrink import Shrinker, primary, print_reproduction, run_history, save


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
    # A creation whose push was lost, deleted and synced (the put resent, then the delete,
    # whose tombstone keeps this device's copy), the delete undone and the todo done: the
    # tombstone's copy must not take the completion back (seed 50054, issue 42).
    "undone-delete-done": [
        {"kind": "add", "dev": 1, "label": "t5", "words": ["t5"]},
        _sync(1, {"POST": [["drop_before"]]}),
        _op("delete", 1, "t5"),
        _sync(1),
        {"kind": "undo", "dev": 1},
        _op("done", 1, "t5"),
    ],
    # A creation whose push is answered late (held), its stored answer pruned meanwhile; another
    # device pulls it and deletes it; a second sync of the first device, overtaking the held
    # one, sends the creation again and meets the tombstone of a delete that saw all of it:
    # the delete stands (seed 700025, issue 42).
    "overtaken-creation-deleted": [
        {"kind": "add", "dev": 1, "label": "t6", "words": ["t6"]},
        {"kind": "sync_overtaken", "dev": 1, "other": 0, "mode": "late", "via": "proxy",
         "plan": {"POST": [["hold"]]}, "pre": _op("toggle", 1, "t6", "self"), "prune": True,
         "other_edit": _op("delete", 0, "t6", "self"), "overtake": True},
    ],
    # The same with an edit of a synced todo: the second sync resends the rename and meets the
    # tombstone of a delete whose last copy had it; nothing of the first device's stands
    # against the delete (seed 710316, issue 42).
    "overtaken-edit-deleted": [
        {"kind": "add", "dev": 1, "label": "t8", "words": ["t8"]},
        _sync(1),
        {"kind": "sync_overtaken", "dev": 1, "other": 0, "mode": "late", "via": "proxy",
         "plan": {"POST": [["hold"]]}, "pre": _op("edit_name", 1, "t8", "self", name="t8-renamed"),
         "prune": True, "other_edit": _op("delete", 0, "t8", "self"), "overtake": True},
    ],
    # A completion whose push is answered late (held), its stored answer pruned meanwhile;
    # another device pulls it and reopens the todo; a second sync of the first device,
    # overtaking the held one, sends the completion again: it was applied, so the reopen, made
    # after it, stands (seed 770364, issue 42).
    "overtaken-completion-reopened": [
        {"kind": "add", "dev": 1, "label": "t9", "words": ["t9"]},
        _sync(1), _sync(0),
        {"kind": "sync_overtaken", "dev": 0, "other": 1, "mode": "late", "via": "proxy",
         "plan": {"POST": [["hold"]]}, "pre": _op("done", 0, "t9", "self"), "prune": True,
         "other_edit": _op("reopen", 1, "t9", "self"), "overtake": True},
    ],
    # A creation whose push was lost, then completed: the next sync first sends the creation
    # again (its reply held) and the completion only after that reply. Another device pulls
    # the open todo and reopens it (no change) meanwhile: the completion stands, and the check
    # must not count it as pushed before the reopen (seed 780323, a false inv4 of the check).
    "resend-before-completion": [
        {"kind": "add", "dev": 0, "label": "t4", "words": ["t4", "recur:weekly", "due:2026-12-01"]},
        _sync(0, {"POST": [["drop_before"]]}),
        {"kind": "sync_overtaken", "dev": 0, "other": 2, "mode": "late", "via": "proxy",
         "plan": {"POST": [["hold"]]}, "pre": _op("done", 0, "t4"), "prune": False,
         "other_edit": _op("reopen", 2, "t4", "self"), "overtake": False},
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
    failing = []
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
        failing.append(f"{seed} ({check_id})")
        print(f"history {index} (seed {seed}): {len(ops)} ops, {took:.1f} s: FAILED {check_id}", flush=True)
        for failure in trace.failures:
            print(f"  {failure['check']}: {failure['message']}")
        report_failure(args, seed, ops, trace, check_id)
        if not args.keep_going:
            break
    if failing:
        # A long hunt's failures scroll by: their seeds again, each replayed by --seed S --histories 1.
        print(f"failing seeds: {', '.join(failing)}", flush=True)
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
    parser.add_argument("--minutes", type=float,
                        help="a longer hunt (nightly): start histories for this many minutes instead of --seconds, "
                             "going on after a failure (each one shrunk and printed), failing seeds listed at the end")
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
    if args.minutes is not None:
        if args.minutes <= 0:
            parser.error("--minutes takes a number of minutes above 0")
        args.seconds = args.minutes * 60
        args.keep_going = True
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
