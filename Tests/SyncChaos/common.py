"""Settings and state every module of the sync chaos test shares, kept here alone: the paths
of the todo and todo-server binaries (TODO_BINARY / TODO_SERVER_BINARY, read once at import),
the number of devices, the per-command timeout, the todo fields compared, the order in which a
shrink prefers failed checks, HarnessError (a fault of the harness, not of todo) and the set of
child processes that kill_children() ends. The other modules import these names from here and
never rebind them, so they all see the same values and the same CHILDREN set."""

import os
import threading

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TODO = os.environ.get("TODO_BINARY", os.path.join(REPO, ".build/debug/todo"))
SERVER = os.environ.get("TODO_SERVER_BINARY", os.path.join(REPO, "Server/.build/debug/todo-server"))
DEVICES = 3
COMMAND_TIMEOUT = 60
FIELDS = ("name", "description", "notes", "completed", "tags", "project", "priority",
          "due", "wait", "recur", "until", "series")
# Which failure a shrink keeps, when a history fails several checks: the first listed.
PRIORITY = ("crash", "hang", "server", "prune", "inv6", "inv5", "inv2", "inv3", "inv4", "exit",
            "inv1", "quiesce")


class HarnessError(Exception):
    """Something went wrong in this script or its machine, not in todo."""


# Every child process still running; processes.kill_children() ends them.
CHILDREN = set()
CHILDREN_LOCK = threading.Lock()
