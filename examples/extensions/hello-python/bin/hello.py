#!/usr/bin/env python3
# Says hello through the running rozi, and counts the greetings in the state directory.
import json
import os
import subprocess
from pathlib import Path

rozi = os.environ.get("ROZI_BIN", "rozi")
extension = os.environ["ROZI_EXTENSION"]
state = Path(os.environ["ROZI_EXTENSION_STATE_DIR"]) / "count.json"
count = json.loads(state.read_text())["count"] + 1 if state.exists() else 1
tmp = state.with_suffix(".tmp")
tmp.write_text(json.dumps({"count": count}))
tmp.replace(state)  # atomic: several processes of the extension may write
print(f"hello #{count} in {os.getcwd()}")
subprocess.run([rozi, "notify", f"Hello from {extension}"], check=False)
