import { describe, expect, it } from 'vitest';
import { readConfigSidebarTabs } from './configSidebarTabs';

function read(text: string) {
  return readConfigSidebarTabs({ text });
}

describe('config.toml [[sidebar.tabs]]', () => {
  it('reads command and entries tabs, and a dotted id that replaces an extension tab', () => {
    const r = read(`
[[sidebar.tabs]]
name = "todo"
label = "TODO"
command = "grep -rn TODO ."
interval = 10
group_prefix = "## "
on_click = { send = "{line}" }

[[sidebar.tabs]]
name = "agents"
label = "Agents"
entries = [{ label = "shell", group = "local", run = "bash" }]

[[sidebar.tabs]]
name = "clock-sidebar.clock"
label = "My clock"
command = "date"
`);
    expect(r.warnings).toEqual([]);
    expect(r.tabs.map((t) => [t.publicId, t.source.kind, t.intervalSeconds])).toEqual([
      ['todo', 'command', 10],
      ['agents', 'entries', 30],
      ['clock-sidebar.clock', 'command', 30],
    ]);
    expect(r.tabs[0]?.source).toMatchObject({ command: 'grep -rn TODO .', groupPrefix: '## ' });
    expect(r.tabs[1]?.source).toMatchObject({
      entries: [{ label: 'shell', group: 'local', action: { kind: 'run', command: 'bash' } }],
    });
  });

  it('reports every bad table with its line, skips it alone and warns on a clamped interval', () => {
    const r = read(`[[sidebar.tabs]]
name = "Bad Name"
label = "x"
command = "true"

[[sidebar.tabs]]
name = "both"
label = "Both"
command = "true"
entries = [{ label = "a", run = "a" }]

[[sidebar.tabs]]
name = "fast"
label = "Fast"
command = "date"
interval = 1
settings = ["rows"]

[[sidebar.tabs]]
name = "feed"
label = "Feed"
stream = true

[[sidebar.tabs]]
name = "fast"
label = "Again"
entries = [{ label = "a", send = "a" }]
`);
    expect(r.tabs.map((t) => [t.publicId, t.intervalSeconds])).toEqual([['fast', 5]]);
    expect(r.warnings).toHaveLength(6);
    for (const w of r.warnings) expect(w).toMatch(/^config\.toml:\d+: sidebar\.tabs\[\d\][^\n]*$/);
    expect(r.warnings.some((w) => w.startsWith('config.toml:2: sidebar.tabs[0].name:'))).toBe(true);
    expect(
      r.warnings.some(
        (w) => w.startsWith('config.toml:9: sidebar.tabs[1].command:') && /exactly one of/.test(w),
      ),
    ).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('config.toml:16: sidebar.tabs[2].interval: 1 is below'))).toBe(
      true,
    );
    expect(
      r.warnings.some((w) => w.includes('sidebar.tabs[2].settings') && w.includes('extension tabs only')),
    ).toBe(true);
    expect(r.warnings.some((w) => w.includes('sidebar.tabs[3].stream'))).toBe(true);
    expect(r.warnings.some((w) => w.includes('sidebar.tabs[4].name') && w.includes('already defined'))).toBe(
      true,
    );
  });

  it('says what is wrong with a [sidebar] that is not the expected shape', () => {
    expect(read('sidebar = 3\n').warnings).toEqual(['config.toml: [sidebar] must be a table']);
    expect(read('[sidebar]\ntabs = "x"\n').warnings[0]).toMatch(/sidebar\.tabs must be an array of tables/);
    expect(read('[sidebar]\n').tabs).toEqual([]);
  });
});
