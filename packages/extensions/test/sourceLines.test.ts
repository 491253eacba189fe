// Line numbers come from scanning the text (smol-toml keeps no positions): check the layouts
// manifests use, and the fallbacks for paths without a line of their own.
import { describe, expect, it } from 'vitest';
import { indexSourceLines } from '../src/manifest/sourceLines';

const TEXT = `[extension]
id = "x"
api = 1

[[commands]]
id = "a"
send = """
[[commands]]
not a header
"""

[[commands]]
id = "b"
exec = ["x"]

[[services]]
name = "s"

[services.env]
A = "1"

[[agents]]
id = "t"
match = { names = ["t"] }

[[agents.states]]
state = "working"

[[agents.states]]
"state" = "idle"

[settings]
rows = { default = 1, min = 5 }
`;

describe('indexSourceLines', () => {
  const lineOf = indexSourceLines(TEXT);
  it.each([
    [['extension', 'api'], 3],
    [['commands'], 5],
    [['commands', 0, 'send'], 7],
    [['commands', 1], 12],
    [['commands', 1, 'exec'], 14],
    [['commands', 1, 'exec', 0], 14],
    [['services', 0, 'env', 'A'], 20],
    [['agents', 0, 'match', 'names'], 24],
    [['agents', 0, 'states', 1, 'state'], 30],
    [['agents', 0, 'states', 0], 26],
    [['settings', 'rows', 'default'], 33],
  ] as const)('%j is on line %i', (path, line) => {
    expect(lineOf(path)).toBe(line);
  });
  it('has no line for a path outside the document', () => {
    expect(lineOf(['nowhere'])).toBeNull();
  });
});
