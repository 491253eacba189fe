#!/usr/bin/env python3
"""An activity service written the way rozi's docs describe one: it follows
`rozi subscribe pane-status-changed pane-exited`, publishes one row per pane that reports a
status through `rozi publish` (a {"rows": [...]} snapshot per change), and when a person
activates a row (`{"activate": "<id>"}` on publish's stdout) it runs `rozi focus <pane>`."""
import json
import os
import subprocess
import sys
import threading

ROZI = os.environ.get("ROZI_BIN") or "rozi"
NODE = [] if not ROZI.endswith(".mjs") else [os.environ.get("ROZI_NODE", "node")]

rows = {}  # pane id (str) -> row
lock = threading.Lock()


def rozi(*args, **kw):
    return subprocess.Popen(NODE + [ROZI, *args], **kw)


publish = rozi("publish", "--name", "slots", stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send():
    with lock:
        snapshot = {"rows": list(rows.values())}
    publish.stdin.write(json.dumps(snapshot) + "\n")
    publish.stdin.flush()


def activations():
    for line in publish.stdout:
        try:
            pane = json.loads(line).get("activate")
        except ValueError:
            continue
        if pane:
            rozi("focus", str(pane)).wait()


threading.Thread(target=activations, daemon=True).start()
events = rozi("subscribe", "pane-status-changed", "pane-exited", stdout=subprocess.PIPE, text=True)
for line in events.stdout:
    try:
        event = json.loads(line)
    except ValueError:
        continue
    data = event.get("data", {})
    pane = str(data.get("pane", ""))
    with lock:
        if event.get("event") == "pane-exited" or not data.get("status"):
            rows.pop(pane, None)
        else:
            rows[pane] = {
                "id": pane,
                "title": f"pane {pane}: {data['status']}",
                "status": data["status"],
                "reason": data.get("reason", ""),
            }
    send()
sys.exit(events.wait())
