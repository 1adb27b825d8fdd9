#!/usr/bin/env python3
"""A TCP proxy to a real server that, for the first N POST requests, forwards the request,
waits for the server's whole answer, and then drops the connection without passing it on:
the server has committed, the client never hears so.

usage: drop_proxy.py UPSTREAM_PORT DROPS PORTFILE
"""
import os, socket, sys, threading, time

UPSTREAM = int(sys.argv[1])

import fixture_support

fixture_support.exit_with_parent()
drops = [int(sys.argv[2])]
lock = threading.Lock()

def read_message(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return head + b"\r\n\r\n" + body

def handle(client):
    try:
        while True:
            request = read_message(client)
            if not request:
                return
            upstream = socket.create_connection(("127.0.0.1", UPSTREAM))
            upstream.sendall(request)
            response = read_message(upstream)
            upstream.close()
            with lock:
                drop = request.startswith(b"POST") and drops[0] > 0
                if drop:
                    drops[0] -= 1
            if drop:
                return
            client.sendall(response)
    finally:
        client.close()

listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(16)
with open(sys.argv[3], "w") as f:
    f.write(str(listener.getsockname()[1]))
while True:
    connection, _ = listener.accept()
    threading.Thread(target=handle, args=(connection,), daemon=True).start()
