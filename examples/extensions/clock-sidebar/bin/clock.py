#!/usr/bin/env python3
# A service: keeps one `rozi sidebar publish` open and writes a snapshot of rows per tick. It
# watches its own stdin and exits at end of file, so it never outlives the rozi that runs it.
# What the user does with its rows comes back on the publisher's stdout, one JSON line each
# ({"event": "click", "tab": "clock", "row": {"id": ..., "label": ...}}); this service logs it to
# stderr, which rozi keeps in the service's log (`rozi extensions logs clock-sidebar`).
import json
import os
import select
import subprocess
import sys
import time

rozi = os.environ.get("ROZI_BIN", "rozi")
config = json.loads(os.environ.get("ROZI_EXTENSION_CONFIG", "{}"))
every = int(config.get("every", 2))
pub = subprocess.Popen([rozi, "sidebar", "publish", "--tab", "clock"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
started = time.time()
pending = b""


def read_events():
    """Reads what is ready on the publisher's stdout (raw, so no line waits in a buffer)."""
    global pending
    chunk = os.read(pub.stdout.fileno(), 65536)
    pending += chunk
    *lines, pending = pending.split(b"\n")
    for line in lines:
        event = json.loads(line)
        if event.get("event") == "click":
            row = event.get("row", {})
            print(f"clicked {row.get('id') or row.get('label')}", file=sys.stderr, flush=True)
    return chunk != b""


def wait(seconds):
    """Sleeps until the next tick, handling clicks meanwhile; False once our own stdin ends."""
    deadline = time.time() + seconds
    while True:
        left = deadline - time.time()
        if left <= 0:
            return True
        ready, _, _ = select.select([sys.stdin, pub.stdout], [], [], left)
        if pub.stdout in ready and not read_events():
            sys.exit(1)  # the publisher stopped (e.g. a retired generation): let rozi decide
        if sys.stdin in ready and sys.stdin.read(1) == "":
            return False


while True:
    now = time.localtime()
    rows = [
        {"id": "time", "label": time.strftime("%H:%M:%S", now), "group": "Now"},
        {"id": "uptime", "label": f"up {int(time.time() - started)} s", "group": "Service"},
        {"id": "pid", "label": f"pid {os.getpid()}", "group": "Service"},
    ]
    try:
        pub.stdin.write(json.dumps(rows) + "\n")
        pub.stdin.flush()
    except BrokenPipeError:
        sys.exit(1)  # the publisher was refused (e.g. a retired generation): let rozi decide
    if not wait(every):
        pub.stdin.close()
        pub.wait(timeout=5)
        sys.exit(0)
