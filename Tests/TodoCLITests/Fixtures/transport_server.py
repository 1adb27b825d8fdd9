#!/usr/bin/env python3
"""A stand-in for the sync server that records what reaches it, for the client transport tests.

usage: transport_server.py MODE PORTFILE LOGFILE ADDRESS [TARGET]
MODE:
  api       answers an empty sync API: no changes (pushes are not expected)
  redirect  answers 307 to TARGET followed by the request's path and query
  moved     answers 307 to /moved + the path on this server, and serves api under /moved
  echo401, echo500
            answers that status with the Authorization header it got in the reason
ADDRESS: the IPv4 address to listen on. Each request is appended to LOGFILE, before it is
answered, as one line: METHOD PATH AUTHORIZATION (or - when there is none).
Writes the port to PORTFILE once listening, then serves until killed or its parent exits.
"""
import http.server, json, os, socketserver, sys, threading, time

MODE, PORTFILE, LOGFILE, ADDRESS = sys.argv[1:5]
TARGET = sys.argv[5] if len(sys.argv) > 5 else ""
DATASET = "171BC18B-7DB1-4578-9E22-4F08508E27EF"

import fixture_support

fixture_support.exit_with_parent()

class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def record(self):
        auth = self.headers.get("Authorization", "-")
        with open(LOGFILE, "a") as log:
            log.write(f"{self.command} {self.path} {auth}\n")

    def send(self, status, body, headers=()):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def answer(self):
        length = int(self.headers.get("Content-Length", "0"))
        if length:
            self.rfile.read(length)
        self.record()
        if MODE == "redirect":
            self.send(307, {"error": True, "reason": "moved"}, [("Location", TARGET + self.path)])
        elif MODE == "moved" and not self.path.startswith("/moved/"):
            self.send(307, {"error": True, "reason": "moved"}, [("Location", "/moved" + self.path)])
        elif MODE.startswith("echo"):
            reason = "you sent " + self.headers.get("Authorization", "nothing")
            self.send(int(MODE[4:]), {"error": True, "reason": reason})
        else:
            self.send(200, {"datasetId": DATASET, "changes": [], "nextCursor": 0, "hasMore": False})

    do_GET = answer
    do_POST = answer

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

server = Server((ADDRESS, 0), Handler)
with open(PORTFILE + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(PORTFILE + ".tmp", PORTFILE)
server.serve_forever()
