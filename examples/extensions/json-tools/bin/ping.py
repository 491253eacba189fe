#!/usr/bin/env python3
import json
import os
import sys

json.load(sys.stdin)
print(json.dumps({"pong": True, "invocation": os.environ.get("ROZI_INVOCATION_ID")}))
