#!/usr/bin/env python3
"""A server that speaks HTTP but not the sync API, for testing how `todo sync` copes.

usage: fake_server.py MODE PORTFILE
MODE: html502 | truncated | wrongshape | hang
Writes the port it listens on (127.0.0.1) to PORTFILE, then serves until killed.
"""
import http.server, os, socketserver, sys, threading, time

MODE = sys.argv[1]

import fixture_support

fixture_support.exit_with_parent()

class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self):
        if MODE == "hang":
            time.sleep(3600)
        if MODE == "html502":
            body, status, kind = b"<html><body><h1>502 Bad Gateway</h1></body></html>", 502, "text/html"
        elif MODE == "truncated":
            body, status, kind = b'{"datasetId":"171BC18B-7DB1-4578-9E22-4F08508E27EF","changes":[{"uuid":', 200, "application/json"
        else:
            body, status, kind = b'{"todos": [1, 2, 3], "ok": true}', 200, "application/json"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = answer
    do_POST = answer

class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True

server = Server(("127.0.0.1", 0), Handler)
with open(sys.argv[2], "w") as f:
    f.write(str(server.server_address[1]))
server.serve_forever()
