#!/usr/bin/env python3
# The Python twin of fake-agent.mjs (same environment variables, same SIGUSR1 protocol): proves
# detection looks through a python3 launcher to the agent script's name.
import json, os, signal, sys, tomllib, tty

with open(os.environ.get("FAKE_FIXTURE", ""), "rb") as f:
    cases = tomllib.load(f).get("case", [])
sequence = os.environ.get("FAKE_SEQUENCE", "working,blocked,idle").split(",")
log = os.environ.get("FAKE_INPUT_LOG")
step = 0

def draw(state):
    c = next((c for c in cases if c.get("state") == state), None)
    text = c["screen"] if c else "> \n"
    title = c.get("title", "fake agent") if c else "fake agent"
    sys.stdout.write(f"\x1b]0;{title}\x07\x1b[H\x1b[2J" + text.replace("\n", "\r\n"))
    sys.stdout.flush()

def advance(*_):
    global step
    if step < len(sequence):
        draw(sequence[step])
        step += 1

signal.signal(signal.SIGUSR1, advance)
tty.setraw(sys.stdin.fileno())
advance()
while True:
    try:
        data = os.read(sys.stdin.fileno(), 4096)
    except InterruptedError:
        continue
    if not data:
        break
    s = data.decode("utf-8", "replace")
    if log:
        with open(log, "a") as f:
            f.write(json.dumps(s) + "\n")
    if "/exit" in s:
        break
