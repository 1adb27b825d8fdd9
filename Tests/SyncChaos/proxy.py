"""The fault-injecting proxy of the sync chaos test: a thread of this script between the
todo commands and the todo-server, on a loopback port, that per request forwards, drops the
connection before the server sees it, drops the reply after the server committed, or delays
it, or holds the reply after the server committed until the history releases it (or drops
it then), following the plan an operation arms it with, and records what it did.
read_request() reads one HTTP request off a client connection."""

import socket
import threading
import time

from common import COMMAND_TIMEOUT

# The longest a reply is held (`hold`): below the client's TODO_TIMEOUT (20 s), so that a
# history whose steps in between take long still has its sync hear the reply.
HOLD_MAX = 15

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
    committed; the client never hears it), `delay SECONDS`, or `hold` (the server answered
    and committed; the reply waits until `release`, then is sent, or dropped with `drop`).
    What it did is in `events`."""

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

    def held(self, op_index):
        """Is a reply of operation op_index held (its request answered and committed)?"""
        with self.lock:
            return any(event["held"] for event in self.events if event["op"] == op_index)

    def release(self, op_index, drop=False):
        """Lets the held replies of operation op_index go on: sent, or dropped with drop."""
        with self.lock:
            for event in self.events:
                if event["op"] == op_index and event["gate"] is not None and not event["gate"].is_set():
                    event["dropped"] = drop
                    event["gate"].set()

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
            event = {"op": self.op, "method": method, "path": path, "action": action, "status": None,
                     "gate": threading.Event() if action[0] == "hold" else None, "held": False}
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
            if action[0] == "hold" and answer:
                event["held"] = True
                if not event["gate"].wait(HOLD_MAX):
                    event["released"] = f"let go after {HOLD_MAX} s, before the history released it"
                if event.get("dropped") or "drop" in action:
                    return
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
