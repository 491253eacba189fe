#!/usr/bin/env python3
# A service: keeps one `rozi sidebar publish` open and writes a snapshot of rows per tick. It
# watches its own stdin and exits at end of file, so it never outlives the rozi that runs it.
import json
import os
import select
import subprocess
import sys
import time

rozi = os.environ.get("ROZI_BIN", "rozi")
config = json.loads(os.environ.get("ROZI_EXTENSION_CONFIG", "{}"))
every = int(config.get("every", 2))
pub = subprocess.Popen([rozi, "sidebar", "publish", "--tab", "clock"], stdin=subprocess.PIPE, text=True)
started = time.time()
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
    ready, _, _ = select.select([sys.stdin], [], [], every)
    if ready and sys.stdin.read(1) == "":
        pub.stdin.close()
        pub.wait(timeout=5)
        sys.exit(0)
