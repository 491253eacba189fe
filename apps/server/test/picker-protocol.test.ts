// rozi's picker protocol through the real CLI and server (control.md "Picker protocol"): string
// `disabled` reasons, `{"selected":"<id>"}` answers, actions that keep the palette open, row
// updates, and the bad inputs of issue 15 — invalid JSON mid-stream, a row without an id, a 1 MB
// label, 100,000 rows, two pickers at once, an overlay in the way, a client that goes away. A
// WebSocket viewer stands in for the browser (the modal itself is covered by e2e).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickerRequest, PickerRow } from '../src/events/types';
import { BIN, waitFor, type TestServer } from './harness';
import { startServerForFile } from './fileServer';
import { Viewer } from './viewer';

let server: TestServer;
let viewer: Viewer;
startServerForFile((s) => (server = s));

beforeAll(async () => {
  viewer = new Viewer(server);
  await viewer.opened;
});
afterAll(async () => {
  await viewer.close();
});

interface Pick {
  proc: ChildProcessWithoutNullStreams;
  stdout(): string;
  stderr(): string;
  exit: Promise<number | null>;
  write(line: unknown): void;
}

function pick(args: string[]): Pick {
  const proc = spawn(process.execPath, [BIN, 'pick', ...args], { env: server.env, stdio: 'pipe' });
  let out = '';
  let err = '';
  proc.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  proc.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exit = new Promise<number | null>((r) => proc.once('exit', (code) => r(code)));
  return {
    proc,
    stdout: () => out,
    stderr: () => err,
    exit,
    write: (line) => proc.stdin.write((typeof line === 'string' ? line : JSON.stringify(line)) + '\n'),
  };
}

type Event = { type: string; picker?: PickerRequest; id?: string; rows?: PickerRow[] };
const events = (): Event[] =>
  viewer.messages.flatMap((m) => (m.t === 'event' ? [m.event as unknown as Event] : []));

async function opened(after: number): Promise<PickerRequest> {
  return waitFor(
    'picker-open',
    () =>
      events()
        .slice(after)
        .find((e) => e.type === 'picker-open')?.picker,
    20_000,
  );
}

const answer = (id: string, result: unknown) => server.call('extensions.pickerAnswer', { id, result });

describe('rozi pick --json', () => {
  it('shows string disabled reasons and answers {"selected":"<id>"} (exit 0)', async () => {
    const seen = events().length;
    const p = pick(['--json', '--title', 'Branch']);
    p.write({
      rows: [
        { id: 'main', label: 'main', disabled: 'Current', active: true },
        { label: 'feat/x', description: 'ahead 1', group: 'Local' },
      ],
    });
    const picker = await opened(seen);
    expect(picker.title).toBe('Branch');
    expect(picker.rows).toEqual([
      { id: 'main', label: 'main', disabled: 'Current', active: true },
      { id: 'feat/x', label: 'feat/x', description: 'ahead 1', group: 'Local' },
    ]);
    await answer(picker.id, { kind: 'selected', row: picker.rows[1] });
    expect(await p.exit).toBe(0);
    expect(p.stdout()).toBe('{"selected":"feat/x"}\n');
    await waitFor('picker-closed', () =>
      events().some((e) => e.type === 'picker-closed' && e.id === picker.id),
    );
  });

  it('an action leaves the palette open for a refreshed rows line; invalid JSON mid-stream is named and skipped; Esc prints {"cancelled":true} (exit 1)', async () => {
    const seen = events().length;
    const p = pick(['--json']);
    p.write({
      title: 'Switch branch',
      width: 72,
      actions: [{ id: 'delete', key: 'ctrl-d', label: 'delete', confirm: true }],
      rows: [{ label: 'a' }, { label: 'b' }],
    });
    const picker = await opened(seen);
    expect(picker).toMatchObject({ width: 72, actions: [{ id: 'delete', key: 'ctrl-d', confirm: true }] });
    await answer(picker.id, {
      kind: 'action',
      action: 'delete',
      selected: picker.rows[0],
      input: null,
      close: false,
    });
    await waitFor('the action line', () => p.stdout() === '{"action":"delete","selected":"a"}\n');
    p.write('{"rows": [ not json');
    p.write({ rows: [{ label: 'b' }] });
    const update = await waitFor('picker-rows', () =>
      events().find((e) => e.type === 'picker-rows' && e.id === picker.id),
    );
    expect(update.rows).toEqual([{ id: 'b', label: 'b' }]);
    expect(p.stderr()).toMatch(/^rozi pick: line 2 is not JSON \(.+\); ignored\n$/);
    await answer(picker.id, { kind: 'cancelled' });
    expect(await p.exit).toBe(1);
    expect(p.stdout().split('\n').at(-2)).toBe('{"cancelled":true}');
  });

  it('a second picker fails at once with "a picker is already open" (exit 2); a client that goes away cancels its picker', async () => {
    const seen = events().length;
    const first = pick(['--json']);
    first.write({ rows: ['x'] });
    const picker = await opened(seen);
    const second = pick(['--json']);
    second.write({ rows: ['y'] });
    expect(await second.exit).toBe(2);
    expect(second.stderr()).toMatch(/a picker is already open/);
    first.proc.kill('SIGKILL');
    await waitFor('picker-closed after the client died', () =>
      events().some((e) => e.type === 'picker-closed' && e.id === picker.id),
    );
  });

  it('every browser refusing behind an overlay fails it with "an overlay is open" (exit 2)', async () => {
    const seen = events().length;
    const p = pick(['--json']);
    p.write({ rows: ['x'] });
    const picker = await opened(seen);
    await answer(picker.id, { kind: 'refused', reason: 'overlay' });
    expect(await p.exit).toBe(2);
    expect(p.stderr()).toMatch(/an overlay is open/);
  });

  it('bounds 100,000 rows, a 1 MB label and a row without a label, saying so on stderr', async () => {
    const seen = events().length;
    const p = pick(['--json']);
    const rows: unknown[] = Array.from({ length: 100_000 }, (_, i) => ({ id: `r${i}`, label: `row ${i}` }));
    rows[1] = { id: 'big', label: 'x'.repeat(1024 * 1024) };
    rows[2] = { description: 'no label' };
    p.write({ title: 'Many', rows });
    const picker = await opened(seen);
    expect(picker.rows.length).toBe(99_999);
    expect(picker.rows[1]!.label.length).toBe(1000);
    expect(p.stderr()).toContain("rozi pick: row 2's label is 1048576 characters; shown cut");
    expect(p.stderr()).toContain('rozi pick: row 3 has no label; skipped');
    await answer(picker.id, { kind: 'selected', row: picker.rows[1] });
    expect(await p.exit).toBe(0);
    expect(p.stdout()).toBe('{"selected":"big"}\n');
  });

  it('plain mode prints the chosen line; -t sets the title', async () => {
    const seen = events().length;
    const p = pick(['-t', 'Open']);
    p.proc.stdin.end('one\ntwo\n');
    const picker = await opened(seen);
    expect(picker.title).toBe('Open');
    await answer(picker.id, { kind: 'selected', row: picker.rows[1] });
    expect(await p.exit).toBe(0);
    expect(p.stdout()).toBe('two\n');
  });
});
