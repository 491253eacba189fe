#!/usr/bin/env python3
"""A host picker written the way rozi's docs describe one: the Host entries of ~/.ssh/config
(wildcard patterns left out) go to `rozi pick --json` as rows, and the chosen one opens with
`rozi new-pane --focus --argv ssh HOST`. A cancelled picker is not an error."""
import glob
import json
import os
import subprocess
import sys

ROZI = os.environ.get("ROZI_BIN") or "rozi"
NODE = [] if not ROZI.endswith(".mjs") else [os.environ.get("ROZI_NODE", "node")]
SSH_DIR = os.path.join(os.path.expanduser("~"), ".ssh")


def rozi(*args, **kw):
    return subprocess.run(NODE + [ROZI, *args], **kw)


def read_config(path, hosts, seen):
    """Host blocks of one file, following Include (relative paths are under ~/.ssh)."""
    path = os.path.realpath(path)
    if path in seen or not os.path.isfile(path):
        return
    seen.add(path)
    current = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            words = raw.split("#", 1)[0].split()
            if not words:
                continue
            key, values = words[0].lower(), words[1:]
            if key == "include":
                for pattern in values:
                    full = os.path.join(SSH_DIR, os.path.expanduser(pattern))
                    for inc in sorted(glob.glob(full)):
                        read_config(inc, hosts, seen)
            elif key == "host":
                current = [v for v in values if not any(c in v for c in "*?!")]
                for name in current:
                    hosts.setdefault(name, {})
            elif key == "match":
                current = []
            elif key in ("hostname", "user", "port") and values:
                for name in current:
                    hosts[name].setdefault(key, values[0])


def describe(info):
    target = info.get("hostname", "")
    if info.get("user"):
        target = f"{info['user']}@{target}" if target else info["user"]
    if info.get("port"):
        target = f"{target}:{info['port']}"
    return target


def main():
    hosts = {}
    read_config(os.path.join(SSH_DIR, "config"), hosts, set())
    if not hosts:
        rozi("notify", "--level", "warn", "ssh-hosts: no Host entries in ~/.ssh/config")
        return 0
    rows = [{"id": name, "label": name, "description": describe(info)} for name, info in hosts.items()]
    request = {"title": "SSH to host", "placeholder": "host", "rows": rows}
    picked = rozi(
        "pick", "--json", input=json.dumps(request) + "\n", stdout=subprocess.PIPE, text=True
    )
    if picked.returncode == 1:
        return 0  # cancelled
    if picked.returncode != 0:
        return picked.returncode
    for line in picked.stdout.splitlines():
        answer = json.loads(line)
        host = answer.get("selected")
        if host in hosts:
            return rozi("new-pane", "--focus", "--title", f"ssh {host}", "--argv", "ssh", host).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
