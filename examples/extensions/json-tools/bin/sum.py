#!/usr/bin/env python3
# An action: JSON arguments on stdin, exactly one JSON value on stdout, exit 0.
import json
import sys

args = json.load(sys.stdin)
print(f"summing {len(args['numbers'])} numbers", file=sys.stderr)  # kept in the extension's log
print(json.dumps({"sum": sum(args["numbers"]), "count": len(args["numbers"])}))
