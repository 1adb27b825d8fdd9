#!/usr/bin/env python3
"""Writes one data set of N todos for todo, Taskwarrior 2.6 and todo.txt-cli.

Usage: make_data.py N OUTDIR

Every third todo (ids 3, 6, 9, ...) is completed; names are about 40 characters,
deterministic (seeded) and unique. Some carry attributes, by id (see `attributes`): the
tags work (every 10th) and home (every 7th), the project garden (every 5th) or office
(5k+1), and a due date (every 4th) spread from 10 days ago to 19 days ahead of today.
The same todos, in the same order, go to:

  OUTDIR/todo/state.json           todo's state file (format version 6, never synced)
  OUTDIR/todo/modify.txt           the attributes as `todo modify -` runs: WORDS<TAB>IDS
  OUTDIR/task/{pending,completed,undo,backlog}.data   Taskwarrior 2.6 data directory
  OUTDIR/txt/{todo,done}.txt       todo.txt-cli files (active / completed lines)

and prints shell assignments naming the todo the timed operations act on: the active todo
in the middle of the active ones, as each tool numbers it (todo: its id; Taskwarrior: its
working-set ID, the position in pending.data; todo.txt: its line in todo.txt).
"""
import json
import os
import random
import sys
import uuid
from datetime import datetime, timedelta, timezone

WORDS = """call email write review plan book fix clean buy check update send read order
pay renew draft sort file test backup paint repair visit return print sign water cancel
plumber kitchen garden invoice report budget meeting dentist garage letter printer roof
bike laptop passport insurance window curtain fridge shelf ticket parcel recipe drawer
about for the with before after from new old weekly monthly spare blue green small""".split()


def name_for(rng, i):
    words = []
    while len(" ".join(words)) < 32:
        words.append(rng.choice(WORDS))
    name = " ".join(words).capitalize() + " n%06d" % i
    return name


TODAY = datetime.now().date()


def attributes(i):
    """The tags, project and due date (a date or None) of todo i."""
    tags = [t for t, k in (("home", 7), ("work", 10)) if i % k == 0]
    project = "garden" if i % 5 == 0 else "office" if i % 5 == 1 else None
    due = TODAY + timedelta(days=(i // 4) % 30 - 10) if i % 4 == 0 else None
    return tags, project, due


def modify_lines(n):
    """The attributes of todos 1..n as groups of `todo modify - WORDS`, one line each."""
    groups = {}
    for i in range(1, n + 1):
        tags, project, due = attributes(i)
        words = ["+" + t for t in tags] + (["project:" + project] if project else [])
        words += ["due:" + due.isoformat()] if due else []
        for word in words:
            groups.setdefault(word, []).append(str(i))
    return "".join("%s\t%s\n" % (word, " ".join(ids)) for word, ids in sorted(groups.items()))


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(20260101)
    base = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for sub in ("todo", "task", "txt"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)

    todo_lines, pending, completed, txt_active, txt_done = [], [], [], [], []
    active_ids, active_names = [], []
    for i in range(1, n + 1):
        name = name_for(rng, i)
        done = i % 3 == 0
        uid = str(uuid.UUID(int=rng.getrandbits(128), version=4))
        created = base + timedelta(seconds=i)
        updated = created + timedelta(days=1) if done else created
        iso = lambda d: d.strftime("%Y-%m-%dT%H:%M:%S.000Z")
        tags, project, due = attributes(i)
        extra = (', "tags": %s' % json.dumps(tags) if tags else "") + (', "project": "%s"' % project if project else "")
        extra += ', "due": "%s"' % due.isoformat() if due else ""
        todo_lines.append(
            '{"id": %d, "uuid": "%s", "name": %s, "description": "", "notes": "", '
            '"completed": %s, "createdAt": "%s", "updatedAt": "%s", "completedAt": %s, '
            '"synced": false%s}'
            % (i, uid, json.dumps(name, ensure_ascii=False), "true" if done else "false",
               iso(created), iso(updated), '"%s"' % iso(updated) if done else "null", extra))
        # Taskwarrior: the same attributes (a due date at local midnight, as `due:DATE` sets it).
        tw = (' project:"%s"' % project if project else "") + (' tags:"%s"' % ",".join(tags) if tags else "")
        tw += ' due:"%d"' % int(datetime(due.year, due.month, due.day).timestamp()) if due else ""
        # todo.txt: +project and +tag words, due:DATE.
        txt = "".join(" +" + w for w in ([project] if project else []) + tags) + (" due:" + due.isoformat() if due else "")
        entry, modified = int(created.timestamp()), int(updated.timestamp())
        if done:
            completed.append('[description:"%s"%s end:"%d" entry:"%d" modified:"%d" status:"completed" uuid:"%s"]'
                             % (name, tw, modified, entry, modified, uid))
            txt_done.append("x %s %s %s%s" % (updated.strftime("%Y-%m-%d"), created.strftime("%Y-%m-%d"), name, txt))
        else:
            pending.append('[description:"%s"%s entry:"%d" modified:"%d" status:"pending" uuid:"%s"]'
                           % (name, tw, entry, modified, uid))
            txt_active.append("%s %s%s" % (created.strftime("%Y-%m-%d"), name, txt))
            active_ids.append(i)
            active_names.append(name)

    state = ('{"format": "todo-state", "version": 6, "generation": "benchmark", "nextId": %d,\n'
             ' "sync": {"datasetId": null, "cursor": 0, "deletions": [], "outbox": []},\n'
             ' "todos": [' % (n + 1))
    state += ",".join("\n  " + line for line in todo_lines)
    state += ']}\n'
    write(out, "todo/state.json", state)
    # The same names in the same order, one a line, for `todo add -` (the lived-in states).
    write(out, "todo/names.txt", "".join(json.loads("[%s]" % line)[0]["name"] + "\n" for line in todo_lines))
    write(out, "todo/modify.txt", modify_lines(n))
    write(out, "task/pending.data", "".join(l + "\n" for l in pending))
    write(out, "task/completed.data", "".join(l + "\n" for l in completed))
    write(out, "task/undo.data", "")
    write(out, "task/backlog.data", "")
    write(out, "txt/todo.txt", "".join(l + "\n" for l in txt_active))
    write(out, "txt/done.txt", "".join(l + "\n" for l in txt_done))

    k = len(active_ids) // 2  # 0-based position of the middle active todo
    print("TODO_ID=%d" % active_ids[k])
    print("TASK_ID=%d" % (k + 1))
    print("TXT_LINE=%d" % (k + 1))
    # todo.txt has no "show one": `ls TERM` with a term only this todo's name holds.
    print("TXT_TERM=%s" % active_names[k].split()[-1])
    print("ACTIVE=%d" % len(active_ids))


def write(out, rel, text):
    with open(os.path.join(out, rel), "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()
