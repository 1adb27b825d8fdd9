"""Child processes of the sync chaos test: spawn() and finish() run a command with pipes and
a timeout, registering it in common.CHILDREN so that kill_children() ends whatever is left
(each child also gets SIGKILL when this script dies); poll_until() waits for a condition and
free_port() finds a free loopback port. Server is the real todo-server on a fresh SQLite
database, which a history kills with kill -9, starts again on the same database, and reads
the change feed of."""

import ctypes
import json
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
import urllib.request

from common import CHILDREN, CHILDREN_LOCK, COMMAND_TIMEOUT, SERVER, HarnessError

# --------------------------------------------------------------------------- child processes

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

def unprivileged(argv):
    """argv run as the unprivileged user servers are deployed as: when this script is root (CI),
    through setpriv as $TODO_TEST_USER (default nobody), else as it is."""
    if os.geteuid() != 0:
        return argv
    entry = pwd.getpwnam(os.environ.get("TODO_TEST_USER", "nobody"))
    return ["/usr/bin/setpriv", f"--reuid={entry.pw_uid}", f"--regid={entry.pw_gid}", "--clear-groups",
            "--pdeathsig=KILL", "--",
            _reachable(argv[0]), *argv[1:]]


def give(path):
    """Gives the folder `path` to the user `unprivileged` runs as, as a deployment does, and lets
    that user pass through the folder above it (a mkdtemp folder is closed to others)."""
    if os.geteuid() == 0:
        entry = pwd.getpwnam(os.environ.get("TODO_TEST_USER", "nobody"))
        os.chown(path, entry.pw_uid, entry.pw_gid)
        parent = os.path.dirname(os.path.abspath(path))
        os.chmod(parent, os.stat(parent).st_mode | 0o001)


def _reachable(executable):
    """executable, or a copy in a folder anyone may enter when a folder above it is closed."""
    path = os.path.abspath(executable)
    parts = path.split("/")
    if all(os.stat("/".join(parts[:i + 1]) or "/").st_mode & 0o001 for i in range(len(parts))):
        return path
    folder = f"/tmp/todo-tests-bin-{os.getpid()}"
    copy = os.path.join(folder, os.path.basename(path))
    if not os.path.exists(copy):
        os.makedirs(folder, mode=0o755, exist_ok=True)
        os.chmod(folder, 0o755)
        shutil.copy2(path, copy)
    return copy


class Server:
    """The real todo-server on a fresh SQLite database in `directory`/server, user alice, run as
    an unprivileged user (`unprivileged`)."""

    def __init__(self, directory):
        self.directory = directory
        self.data = os.path.join(directory, "server")
        os.makedirs(self.data, exist_ok=True)
        give(self.data)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {"TODO_SERVER_DB": os.path.join(self.data, "server.sqlite"), "PATH": "/usr/bin:/bin",
                    "HOME": self.data, "LOG_LEVEL": "warning", "LANG": "C.UTF-8"}
        self.process = None
        self.log = open(os.path.join(directory, "server.log"), "ab")
        self.command("migrate")
        self.command("user", "add", "alice")
        self.token = self.command("token", "add", "alice").strip()
        self.start()

    def command(self, *arguments):
        code, out, err = finish(spawn(unprivileged([SERVER, *arguments]), self.env))
        if code != 0:
            raise HarnessError(f"todo-server {' '.join(arguments)} exited {code}: {err.strip()}")
        return out

    @property
    def up(self):
        return self.process is not None and self.process.poll() is None

    def start(self):
        """Starts `serve` on the same port and database; waits (polling) until /health answers."""
        argv = unprivileged([SERVER, "serve", "--hostname", "127.0.0.1", "--port", str(self.port)])
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
