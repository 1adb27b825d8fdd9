"""The CalDAV face against real clients: the python `caldav` library (PyPI), vdirsyncer with
todoman (Debian), and `todo`, on the same account of the real todo-server. Discovery, saving, listing, completing, renaming,
deleting, and sync tokens, each checked from both sides. Run by .ci/test-caldav-clients; needs
.build/debug/todo (with todo-sync) and Server/.build/debug/todo-server (or TODO_BINARY /
TODO_SERVER_BINARY). Exits non-zero with the failed check's message."""

import json
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "SyncChaos"))
from common import TODO  # noqa: E402
from processes import Server, finish, kill_children, spawn  # noqa: E402

import caldav  # noqa: E402

REMINDER = "\r\n".join([
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//python caldav check//EN", "BEGIN:VTODO",
    "UID:py-reminder-1", "DTSTAMP:20261120T100000Z", "SUMMARY:call mum", "X-APPLE-SORT-ORDER:731000000",
    "BEGIN:VALARM", "X-WR-ALARMUID:ALARM-1", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM",
    "END:VTODO", "END:VCALENDAR", ""])


def check(condition, message):
    if not condition:
        raise AssertionError(message)


class Laptop:
    """`todo` with its own state file, syncing with the server."""

    def __init__(self, directory, server, name="laptop"):
        self.file = os.path.join(directory, f"{name}.json")
        self.env = {"HOME": directory, "TZ": "UTC", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                    "TODO_SERVER": server.url, "TODO_TOKEN": server.token, "TODO_TIMEOUT": "30"}

    def run(self, *args):
        code, out, err = finish(spawn([TODO, "--file", self.file, *args], self.env))
        check(code == 0, f"todo {' '.join(args)} exited {code}: {err.strip()}")
        return out

    def todos(self):
        return {todo["name"]: todo for todo in json.loads(self.run("list", "--filter", "all", "--json"))}

    def series(self, name):
        """(due, completed, recur) of each todo named `name`, by due date."""
        return sorted((t.get("due"), t["completed"], t.get("recur"))
                      for t in json.loads(self.run("list", "--filter", "all", "--json")) if t["name"] == name)


class Todoman:
    """todoman on a vdir that vdirsyncer syncs with the server, as its documentation sets up."""

    def __init__(self, directory, server):
        self.home = os.path.join(directory, "todoman")
        self.tasks = os.path.join(self.home, "tasks")
        os.makedirs(os.path.join(self.home, "vdirsyncer-status"))
        os.makedirs(self.tasks)
        token_file = os.path.join(self.home, "token")
        with open(token_file, "w") as out:
            out.write(server.token)
        self.vdirsyncer_config = os.path.join(self.home, "vdirsyncer.conf")
        with open(self.vdirsyncer_config, "w") as out:
            out.write(f"""[general]
status_path = "{self.home}/vdirsyncer-status/"

[pair todo]
a = "todo_local"
b = "todo_remote"
collections = ["from b"]

[storage todo_local]
type = "filesystem"
path = "{self.tasks}/"
fileext = ".ics"

[storage todo_remote]
type = "caldav"
url = "{server.url}/dav/"
username = "alice"
password.fetch = ["command", "cat", "{token_file}"]
""")
        self.todoman_config = os.path.join(self.home, "todoman.py")
        with open(self.todoman_config, "w") as out:
            out.write(f'path = "{self.tasks}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\ndefault_list = "tasks"\ndefault_priority = 0\n')
        self.env = {"HOME": self.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC"}

    def vdirsyncer(self, *args):
        answers = "y\n" * 4
        code, out, err = finish(spawn(["vdirsyncer", "-c", self.vdirsyncer_config, *args], self.env, stdin=answers), stdin=answers)
        check(code == 0, f"vdirsyncer {' '.join(args)} exited {code}: {err.strip()} {out.strip()}")

    def todoman(self, *args, porcelain=False):
        # (--porcelain only to read: todoman 4's `new` then refuses its own default priority.)
        code, out, err = finish(spawn(["todoman", "-c", self.todoman_config, *(["--porcelain"] if porcelain else []), *args], self.env))
        check(code == 0, f"todoman {' '.join(args)} exited {code}: {err.strip()}")
        return out

    def todos(self):
        return {task["summary"]: task for task in json.loads(self.todoman("list", "--status", "ANY", porcelain=True))}


def with_todoman(directory, server, laptop):
    """vdirsyncer and todoman (Debian) with todo, both ways."""
    phone = Todoman(directory, server)
    phone.vdirsyncer("discover")
    laptop.run("add", "pay rent", "+bills")
    laptop.run("sync")
    phone.vdirsyncer("sync")
    check("pay rent" in phone.todos(), f"todo's todo reaches todoman: {list(phone.todos())}")
    phone.todoman("new", "--list", "tasks", "book dentist")
    phone.todoman("done", str(phone.todos()["pay rent"]["id"]))
    phone.vdirsyncer("sync")
    laptop.run("sync")
    mine = laptop.todos()
    check("book dentist" in mine, f"todoman's todo reaches todo: {list(mine)}")
    check(mine["pay rent"]["completed"], "done in todoman, done in todo")
    # todoman 4.1 drops CATEGORIES when it completes a todo; the server keeps the tags (issue 39).
    check(mine["pay rent"].get("tags") == ["bills"], f"todoman's done keeps the todo's tags: {mine['pay rent']}")
    laptop.run("edit", str(mine["book dentist"]["id"]), "--name", "book the dentist")
    laptop.run("sync")
    phone.vdirsyncer("sync")
    check("book the dentist" in phone.todos(), f"todo's rename reaches todoman: {list(phone.todos())}")
    print("ok: vdirsyncer and todoman sync with todo both ways")

    # todoman completes a repeating todo in place, drops its rule, and adds the next one as a
    # new VTODO: read as one completed occurrence, whichever vdirsyncer uploads first.
    laptop.run("add", "clean windows", "recur:weekly", "due:2026-12-03")
    laptop.run("sync")
    phone.vdirsyncer("sync")
    phone.todoman("done", str(phone.todos()["clean windows"]["id"]))
    phone.vdirsyncer("sync")
    laptop.run("sync")
    wanted = [("2026-12-03", True, None), ("2026-12-10", False, "weekly")]
    check(laptop.series("clean windows") == wanted, f"todoman's done completes one occurrence: {laptop.series('clean windows')}")
    phone.vdirsyncer("sync")
    windows = [t for t in json.loads(phone.todoman("list", "--status", "ANY", porcelain=True)) if t["summary"] == "clean windows"]
    check(len(windows) == 2 and sum(1 for t in windows if not t["completed"]) == 1,
          f"todoman has the completed occurrence and one open one: {windows}")
    print("ok: todoman's done on a repeating todo leaves one next occurrence")


def named(calendar, name, completed=False):
    return [t for t in calendar.todos(include_completed=completed) if str(t.icalendar_component.get("summary")) == name]


def with_repeating_todos(directory, server, laptop, tasks):
    """python-caldav's completion of one occurrence, alone and racing `todo done` offline on a
    laptop, with a second `todo` device looking on: one next occurrence everywhere."""
    laptop.run("add", "feed cat", "recur:weekly", "due:2026-12-01")
    laptop.run("sync")
    [cat] = named(tasks, "feed cat")
    cat.complete(handle_rrule=True)
    laptop.run("sync")
    wanted = [("2026-12-01", True, None), ("2026-12-08", False, "weekly")]
    check(laptop.series("feed cat") == wanted, f"complete(handle_rrule=True) completes one occurrence: {laptop.series('feed cat')}")
    check(len(named(tasks, "feed cat")) == 1 and len(named(tasks, "feed cat", completed=True)) == 2,
          f"the client sees one open occurrence and one completed: {[t.data for t in named(tasks, 'feed cat', completed=True)]}")
    print("ok: python-caldav's complete(handle_rrule=True) completes one occurrence, no duplicate")

    desktop = Laptop(directory, server, "desktop")
    laptop.run("add", "water fern", "recur:weekly", "due:2026-12-02")
    laptop.run("sync")
    desktop.run("sync")
    [fern] = named(tasks, "water fern")
    laptop.run("done", str(laptop.todos()["water fern"]["id"]))
    fern.complete(handle_rrule=True)
    for device in (laptop, desktop, laptop):
        device.run("sync")
    wanted = [("2026-12-02", True, None), ("2026-12-09", False, "weekly")]
    for device in (laptop, desktop):
        check(device.series("water fern") == wanted, f"the same occurrence done on a phone and a laptop: {device.series('water fern')}")
    check(len(named(tasks, "water fern")) == 1, f"one open occurrence on the client: {[t.data for t in named(tasks, 'water fern')]}")
    print("ok: an occurrence completed on the client and on a laptop offline leaves one next occurrence, on both laptops")
    for device in (laptop, desktop):
        numbers = [t["id"] for t in json.loads(device.run("list", "--filter", "all", "--json")) if t["name"] in ("feed cat", "water fern")]
        if numbers:
            device.run("delete", "--series", *map(str, numbers))
        device.run("sync")


def with_a_laptop_first(directory, server, laptop, tasks):
    """A repeating todo on the client and the laptop (made on either); the laptop completes an
    occurrence with `todo done` and syncs, then the client, which had not seen that, completes
    it with complete(handle_rrule=True): a completed copy under a new UID, and the series moved
    on with its stale If-Match. One completed occurrence and one next, everywhere."""
    for maker in ("client", "laptop"):
        name = f"sweep porch ({maker})"
        if maker == "client":
            tasks.save_todo(ical="\r\n".join([
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//python caldav check//EN", "BEGIN:VTODO", "UID:py-porch-1",
                "DTSTAMP:20261120T100000Z", f"SUMMARY:{name}", "DUE;VALUE=DATE:20261204", "RRULE:FREQ=WEEKLY",
                "END:VTODO", "END:VCALENDAR", ""]))
        else:
            laptop.run("add", name, "recur:weekly", "due:2026-12-04")
        laptop.run("sync")
        [porch] = named(tasks, name)
        laptop.run("done", str(laptop.todos()[name]["id"]))
        laptop.run("sync")
        porch.complete(handle_rrule=True)
        laptop.run("sync")
        wanted = [("2026-12-04", True, None), ("2026-12-11", False, "weekly")]
        check(laptop.series(name) == wanted, f"{name}: completed on a laptop first, then on a stale client: {laptop.series(name)}")
        both = [(str(t.icalendar_component.get("status")), t.icalendar_component.get("due").dt.isoformat()) for t in named(tasks, name, completed=True)]
        check(len(named(tasks, name)) == 1 and len(both) == 2, f"the client sees one open occurrence and one completed: {both}")
        numbers = [t["id"] for t in json.loads(laptop.run("list", "--filter", "all", "--json")) if t["name"] == name]
        laptop.run("delete", "--series", *map(str, numbers))
        laptop.run("sync")
    print("ok: an occurrence completed on a laptop, then by a stale client's copy and move, leaves one next occurrence")


def with_stale_versions_and_pruning(directory, server, laptop, tasks):
    """A client's change to a version another device changed since is merged; a sync token
    past the pruning horizon is refused and the client's full resync loses nothing."""
    laptop.run("add", "plan trip", "+travel")
    laptop.run("sync")
    [trip] = named(tasks, "plan trip")
    trip.load()
    laptop.run("edit", str(laptop.todos()["plan trip"]["id"]), "--description", "by train")
    laptop.run("sync")
    component = trip.icalendar_component
    component["priority"] = 1
    component.add("x-phone-note", "kept")
    trip.save()
    laptop.run("sync")
    mine = laptop.todos()["plan trip"]
    check(mine.get("description") == "by train" and mine.get("priority") == "H",
          f"a change based on an older version is merged with the laptop's: {mine}")
    check("X-PHONE-NOTE:kept" in named(tasks, "plan trip")[0].data, "the client's own property is kept")
    print("ok: a stale If-Match that changed another field is merged")

    token = tasks.objects_by_sync_token(load_objects=False).sync_token
    laptop.run("add", "renew passport")
    laptop.run("delete", str(laptop.todos()["plan trip"]["id"]))
    laptop.run("sync")
    server.command("prune", "--older-than", "0")
    try:
        tasks.objects_by_sync_token(sync_token=token, load_objects=False, disable_fallback=True)
        check(False, "a token past the pruning horizon is refused")
    except caldav.lib.error.AuthorizationError as refused:
        check(caldav.elements.dav.ValidSyncToken.tag in refused.preconditions,
              f"refused with 403 and DAV:valid-sync-token: {refused} {refused.preconditions}")
    everything = tasks.objects_by_sync_token(sync_token=token, load_objects=True)
    have = sorted(str(o.icalendar_component.get("summary")) for o in everything)
    check(have == sorted(laptop.todos()), f"the client's full resync has every todo: {have} vs {sorted(laptop.todos())}")
    print("ok: a sync token past the pruning horizon gets 403, and the full resync loses nothing")


def summaries(calendar, completed=True):
    return sorted(str(todo.icalendar_component.get("summary")) for todo in calendar.todos(include_completed=completed))


def main():
    with tempfile.TemporaryDirectory(prefix="todo-caldav-") as directory:
        server = Server(directory)
        try:
            laptop = Laptop(directory, server)
            client = caldav.DAVClient(url=server.url + "/dav/", username="alice", password=server.token)
            calendars = client.principal().calendars()
            check([c.get_display_name() for c in calendars] == ["Tasks"], f"one list, Tasks: {calendars}")
            tasks = calendars[0]
            print("ok: discovery finds the one task list")

            laptop.run("add", "buy milk", "+shop")
            laptop.run("sync")
            found = {str(t.icalendar_component.get("summary")): t for t in tasks.todos()}
            check("buy milk" in found, f"the laptop's todo reaches the client: {list(found)}")
            categories = found["buy milk"].icalendar_component.get("categories")
            check(categories is not None and "shop" in [str(c) for c in categories.cats], f"its tag is a category: {categories}")
            print("ok: a todo added with todo reaches the client, its tag a category")

            tasks.save_todo(ical=REMINDER)
            laptop.run("sync")
            check("call mum" in laptop.todos(), f"the client's todo reaches the laptop: {list(laptop.todos())}")
            print("ok: a todo saved by the client reaches todo")

            found["buy milk"].complete()
            laptop.run("sync")
            check(laptop.todos()["buy milk"]["completed"], "completed on the client, completed on the laptop")
            check(summaries(tasks, completed=False) == ["call mum"], f"the open ones: {summaries(tasks, completed=False)}")
            print("ok: completing on the client completes in todo")

            token = tasks.objects_by_sync_token(load_objects=False).sync_token
            number = laptop.todos()["call mum"]["id"]
            laptop.run("edit", str(number), "--name", "call mum and dad")
            laptop.run("sync")
            text = tasks.todo_by_uid("py-reminder-1").data
            check("SUMMARY:call mum and dad" in text, f"the rename reaches the client: {text}")
            for kept in ("X-APPLE-SORT-ORDER:731000000", "X-WR-ALARMUID:ALARM-1", "TRIGGER:-PT15M"):
                check(kept in text, f"{kept} survives an edit made in todo: {text}")
            changed = tasks.objects_by_sync_token(sync_token=token, load_objects=True)
            check([str(o.icalendar_component.get("summary")) for o in changed] == ["call mum and dad"],
                  f"the sync token gives only the change: {list(changed)}")
            print("ok: a rename in todo reaches the client, with its alarm and X-properties")

            token = changed.sync_token
            laptop.run("delete", str(laptop.todos()["buy milk"]["id"]))
            laptop.run("sync")
            check(summaries(tasks) == ["call mum and dad"], f"deleted in todo, gone from the client: {summaries(tasks)}")
            after = tasks.objects_by_sync_token(sync_token=token, load_objects=False)
            check(len(list(after)) == 1, f"the deletion comes with the sync token: {list(after)}")
            print("ok: a delete in todo reaches the client")

            laptop.run("add", "water plants", "recur:daily", "due:2026-12-01")
            laptop.run("sync")
            plants = [t for t in tasks.todos() if str(t.icalendar_component.get("summary")) == "water plants"]
            check(len(plants) == 1 and "RRULE:FREQ=DAILY" in plants[0].data, f"the series reaches the client: {[p.data for p in plants]}")
            plants[0].complete()
            laptop.run("sync")
            series = sorted((t["due"], t["completed"], t.get("recur")) for t in json.loads(laptop.run("list", "--filter", "all", "--json"))
                            if t["name"] == "water plants")
            check(series == [("2026-12-01", True, None), ("2026-12-02", False, "daily")],
                  f"completed on the client, the series goes on in todo, once: {series}")
            laptop.run("sync")
            open_plants = [str(t.icalendar_component.get("due").dt) for t in tasks.todos() if str(t.icalendar_component.get("summary")) == "water plants"]
            check(open_plants == ["2026-12-02"], f"the client sees the next occurrence: {open_plants}")
            print("ok: completing a repeating todo on the client makes the next one, once")
            numbers = [t["id"] for t in json.loads(laptop.run("list", "--filter", "all", "--json")) if t["name"] == "water plants"]
            laptop.run("delete", "--series", str(numbers[0]))
            laptop.run("sync")

            tasks.todo_by_uid("py-reminder-1").delete()
            laptop.run("sync")
            check(list(laptop.todos()) == [], f"deleted on the client, gone from todo: {list(laptop.todos())}")
            print("ok: a delete on the client reaches todo")

            with_repeating_todos(directory, server, laptop, tasks)
            with_a_laptop_first(directory, server, laptop, tasks)
            with_stale_versions_and_pruning(directory, server, laptop, tasks)
            with_todoman(directory, server, laptop)
        finally:
            server.close()
            kill_children()
    print("CalDAV clients: every check passed")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"CalDAV clients: FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
