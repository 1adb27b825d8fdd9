#!/usr/bin/env python3
"""Memory and CPU of todo-server under issue 24's abuse, one scenario at a time.

    python3 Benchmarks/server-abuse.py PATH-TO-todo-server [SCENARIO...]

Each scenario starts a new server on a new SQLite database, holding 500 todos of ~2 kB (so a
page of /v1/changes?limit=1000 is ~1 MB), and prints a Markdown row: the server's RSS before,
its peak while the scenario runs (sampled every 20 ms), and what the clients saw.

  unread    4 connections pipeline 300 GET /v1/changes?limit=1000 each and read nothing,
            for 10 s (the idle timeout is 5 s)
  uploads   30 connections without a token start 8 MiB uploads and send 2 MiB each
  slow      20 authenticated connections send a push body one byte a second, for 10 s
  emfile    80 connections to a server limited to 64 descriptors: its CPU over 3 s
  answers   a user with 500 todos of 60 kB (a 30 MB calendar-query answer); 30 connections
            that read nothing (a 4 kB receive buffer) ask for it, held for 15 s
  bodies    6 rounds of 50 connections that each push a 0.8 MB body (an empty push padded
            with blanks), read the answer and close: the RSS after each round, which must
            level off (each round once kept its 40 MB of bodies for good)

Figures (release build, SQLite, 2 shared cores, 2026-11-28; before = cf6038a):
  answers   peak RSS, 3 runs: before 1312, 1371, 1406 MB (every answer made and held);
            after 310, 305, 351 MB (2 answers made, 28 told 503 Retry-After)
  bodies    RSS after each round: before 87 127 166 205 244 283 MB; after 48 59 74 75 75 75 MB
"""
import json, os, socket, subprocess, sys, tempfile, threading, time, uuid

SERVER = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else sys.exit(__doc__)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, env=None, descriptors=None):
        self.dir = tempfile.mkdtemp(prefix="abuse-")
        self.env = dict(os.environ, TODO_SERVER_DB=f"{self.dir}/db.sqlite", TODO_SERVER_IDLE_TIMEOUT="5", **(env or {}))
        run = lambda *a: subprocess.run([SERVER, *a], env=self.env, cwd=self.dir, capture_output=True, text=True, check=True).stdout
        run("migrate"); run("user", "add", "alice")
        self.token = run("token", "add", "alice").strip()
        self.port = free_port()
        prefix = ["prlimit", f"--nofile={descriptors}"] if descriptors else []
        self.log = open(f"{self.dir}/log", "w")
        self.process = subprocess.Popen(prefix + [SERVER, "serve", "--port", str(self.port)], env=self.env, cwd=self.dir,
                                        stdout=self.log, stderr=self.log)
        for _ in range(500):
            try:
                if self.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startswith(b"HTTP/1.1 200"):
                    break
            except OSError:
                time.sleep(0.02)
        self.pid = self.process.pid  # prlimit execs the server

    def request(self, text, body=b""):
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as s:
            s.sendall(text.encode() + body)
            data = b""
            while chunk := s.recv(65536):
                data += chunk
            return data

    def seed(self, count=500):
        ops = [{"opId": str(uuid.uuid4()), "kind": "put", "uuid": str(uuid.uuid4()), "baseRev": 0,
                "todo": {"name": f"{i} " + "n" * 1000, "description": "d" * 1000, "notes": "", "completed": False,
                         "createdAt": "2026-11-26T00:00:00.000Z", "updatedAt": "2026-11-26T00:00:00.000Z"}} for i in range(count)]
        body = json.dumps({"operations": ops}).encode()
        head = (f"POST /v1/push HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {self.token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        answer = self.request(head, body)
        assert answer.startswith(b"HTTP/1.1 200"), answer[:300]

    def rss(self):
        for line in open(f"/proc/{self.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def cpu(self):
        fields = open(f"/proc/{self.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.kill(); self.process.wait(); self.log.close()


def peak_while(server, seconds, action):
    peak, stop = server.rss(), time.time() + seconds
    thread = threading.Thread(target=action, daemon=True); thread.start()
    while time.time() < stop:
        peak = max(peak, server.rss()); time.sleep(0.02)
    return peak


def mb(n): return f"{n / 2**20:.0f} MB"


def unread():
    server = Server(); server.seed()
    request = f"GET /v1/changes?since=0&limit=1000 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {server.token}\r\n\r\n".encode()
    server.request(request.decode().replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n"))
    before, sockets = server.rss(), []
    def attack():
        for _ in range(4):
            s = socket.create_connection(("127.0.0.1", server.port)); s.setblocking(False)
            try: s.send(request * 300)
            except BlockingIOError: pass
            sockets.append(s)
    peak = peak_while(server, 10, attack)
    answered = open(f"{server.dir}/log").read().count("GET /v1/changes 200") - 1
    server.stop()
    return before, peak, f"{answered} answers made for 1200 requests"


def uploads():
    server = Server(); before = server.rss(); codes = []
    def attack():
        sockets = []
        for _ in range(30):
            s = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            s.sendall(b"POST /v1/push HTTP/1.1\r\nHost: x\r\nContent-Length: 8388608\r\n\r\n"); sockets.append(s)
        for s in sockets:
            try:
                for _ in range(32): s.sendall(b" " * 65536)
            except OSError: pass
        for s in sockets:
            try: codes.append(s.recv(100).split(b" ")[1].decode())
            except (OSError, IndexError): codes.append("none")
    peak = peak_while(server, 8, attack)
    server.stop()
    return before, peak, "answers " + ", ".join(f"{c}×{codes.count(c)}" for c in sorted(set(codes)))


def slow():
    server = Server(); before = server.rss(); closed = []
    def attack():
        sockets = []
        for _ in range(20):
            s = socket.create_connection(("127.0.0.1", server.port))
            s.sendall(f"POST /v1/push HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {server.token}\r\nContent-Length: 1000\r\n\r\n{{".encode())
            sockets.append(s)
        start = time.time()
        while sockets and time.time() - start < 9:
            for s in list(sockets):
                try: s.sendall(b" ")
                except OSError: sockets.remove(s); closed.append(time.time() - start)
            time.sleep(1)
    peak = peak_while(server, 10, attack)
    server.stop()
    return before, peak, f"{len(closed)} of 20 closed" + (f" after {min(closed):.0f}–{max(closed):.0f} s" if closed else "")


def emfile():
    server = Server({"TODO_SERVER_MAX_CONNECTIONS": "1000"}, descriptors=64)
    before = server.rss()
    sockets = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(80)]
    time.sleep(0.5); start, began = server.cpu(), time.time(); time.sleep(3)
    busy = (server.cpu() - start) / (time.time() - began)
    for s in sockets: s.close()
    time.sleep(1.5)
    ok = server.request("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").startswith(b"HTTP/1.1 200")
    server.stop()
    return before, 0, f"{busy * 100:.0f}% of a core while out of descriptors; answers again: {ok}"


def answers():
    server = Server()
    for _ in range(5):  # pushes of 100 todos of 60 kB, each below the 8 MiB body limit
        ops = [{"opId": str(uuid.uuid4()), "kind": "put", "uuid": str(uuid.uuid4()), "baseRev": 0,
                "todo": {"name": "n", "description": "", "notes": "x" * 60_000, "completed": False,
                         "createdAt": "2026-11-26T00:00:00.000Z", "updatedAt": "2026-11-26T00:00:00.000Z"}} for _ in range(100)]
        body = json.dumps({"operations": ops}).encode()
        head = (f"POST /v1/push HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {server.token}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
        assert server.request(head, body).startswith(b"HTTP/1.1 200")
    import base64
    query = (b'<C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/>'
             b'</D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VTODO"/></C:comp-filter></C:filter></C:calendar-query>')
    basic = base64.b64encode(f"alice:{server.token}".encode()).decode()
    request = (f"REPORT /dav/alice/tasks/ HTTP/1.1\r\nHost: x\r\nDepth: 1\r\nAuthorization: Basic {basic}\r\n"
               f"Content-Type: application/xml\r\nContent-Length: {len(query)}\r\n\r\n").encode() + query
    before, sockets = server.rss(), []
    def attack():
        for _ in range(30):
            s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", server.port)); s.sendall(request); sockets.append(s)
    peak = peak_while(server, 15, attack)
    codes = []
    for s in sockets:
        s.settimeout(5)
        try: codes.append(s.recv(12).split(b" ")[1].decode())
        except (OSError, IndexError): codes.append("none")
        s.close()
    server.stop()
    return before, peak, "answers " + ", ".join(f"{c}×{codes.count(c)}" for c in sorted(set(codes)))


def bodies():
    server = Server(); before = server.rss(); after = []
    body = b'{"operations": [' + b" " * 800_000 + b"]}"
    head = (f"POST /v1/push HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {server.token}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode()
    codes = []
    def push():
        answer = server.request(head.decode(), body)
        codes.append(answer.split(b" ")[1].decode() if answer else "none")
    peak = before
    for _ in range(6):
        threads = [threading.Thread(target=push) for _ in range(50)]
        for t in threads: t.start()
        for t in threads:
            while t.is_alive():
                peak = max(peak, server.rss()); t.join(0.02)
        after.append(server.rss())
    server.stop()
    answers = ", ".join(f"{c}×{codes.count(c)}" for c in sorted(set(codes)))
    return before, peak, "after each round: " + " → ".join(mb(a) for a in after) + f" (answers {answers})"


scenarios = {"unread": unread, "uploads": uploads, "slow": slow, "emfile": emfile, "answers": answers, "bodies": bodies}
print("| scenario | RSS before | RSS peak | clients saw |\n|---|---|---|---|")
for name in sys.argv[2:] or scenarios:
    scenario = scenarios[name]
    before, peak, note = scenario()
    print(f"| {name} | {mb(before)} | {mb(peak) if peak else '-'} | {note} |", flush=True)
