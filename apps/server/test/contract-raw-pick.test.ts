// rozi's `pick` over the raw control socket (its control.md "Picker protocol"), as a program that
// opens ROZI_SOCKET itself would use it: `{"cmd":"pick",…}`, the ack, `{"rows":[…]}` updates,
// action lines that keep the palette open, the one terminal line, and the bad inputs of issue
// 15 (invalid JSON mid-stream, 100,000 rows, a row without an id, a 1 MB label, two pickers at
// once, a client that goes away, an overlay in the way). A WebSocket viewer stands in for the
// browser and answers through extensions.pickerAnswer, as the page does.
import { createConnection, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PickerRequest, PickerRow } from '../src/events/types';
import { waitFor, type TestServer } from './harness';
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

interface Client {
  socket: Socket;
  lines: Record<string, unknown>[];
  closed: Promise<void>;
  send(line: unknown): void;
}

function connect(request: unknown): Client {
  const socket = createConnection(server.env.ROZI_SOCKET as string);
  const lines: Record<string, unknown>[] = [];
  let buf = '';
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => {
    buf += d;
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buf.slice(0, nl)) as Record<string, unknown>);
      buf = buf.slice(nl + 1);
    }
  });
  const closed = new Promise<void>((r) => socket.on('close', () => r()));
  const send = (line: unknown) =>
    socket.write((typeof line === 'string' ? line : JSON.stringify(line)) + '\n');
  socket.on('connect', () => send(request));
  return { socket, lines, closed, send };
}

type Event = { type: string; picker?: PickerRequest; id?: string; rows?: PickerRow[] };
const events = (): Event[] =>
  viewer.messages.flatMap((m) => (m.t === 'event' ? [m.event as unknown as Event] : []));
const after = (n: number, type: string) =>
  waitFor(
    type,
    () =>
      events()
        .slice(n)
        .find((e) => e.type === type),
    20_000,
  );
const answer = (id: string, result: unknown) => server.call('extensions.pickerAnswer', { id, result });

describe('pick on the raw socket', () => {
  it('acks, takes row updates, reports actions and ends with {"selected":"<id>"}', async () => {
    const seen = events().length;
    const c = connect({
      cmd: 'pick',
      title: 'Branch',
      placeholder: 'Search branches…',
      width: 500,
      actions: [{ id: 'delete', key: 'ctrl-d', label: 'delete', confirm: true }],
      rows: [{ id: 'main', label: 'main', disabled: 'Current', active: true }],
    });
    const picker = (await after(seen, 'picker-open')).picker as PickerRequest;
    await waitFor('the ack', () => c.lines.length >= 1);
    expect(c.lines[0]).toEqual({ ok: true });
    expect(picker).toMatchObject({
      title: 'Branch',
      placeholder: 'Search branches…',
      width: 120,
      rows: [{ id: 'main', label: 'main', disabled: 'Current', active: true }],
      actions: [{ id: 'delete', key: 'ctrl-d', label: 'delete', confirm: true }],
    });
    // Invalid JSON mid-stream is skipped; the next line still refreshes the rows.
    const before = events().length;
    c.send('{"rows": [ not json');
    c.send({
      rows: [
        { id: 'main', label: 'main', disabled: 'Current' },
        { label: 'feat/x', group: 'Local' },
      ],
    });
    const update = await after(before, 'picker-rows');
    expect(update.rows).toEqual([
      { id: 'main', label: 'main', disabled: 'Current' },
      { id: 'feat/x', label: 'feat/x', group: 'Local' },
    ]);
    expect(
      events()
        .slice(before)
        .filter((e) => e.type === 'picker-rows'),
    ).toHaveLength(1);

    await answer(picker.id, {
      kind: 'action',
      action: 'delete',
      selected: { id: 'feat/x', label: 'feat/x' },
      input: null,
      close: false,
    });
    await waitFor('the action line', () => c.lines.length >= 2);
    expect(c.lines[1]).toEqual({ action: 'delete', selected: 'feat/x' });
    await answer(picker.id, { kind: 'selected', row: { id: 'feat/x', label: 'feat/x' } });
    await c.closed;
    expect(c.lines.slice(2)).toEqual([{ selected: 'feat/x' }]);
  });

  it('refuses a second picker at once and cancels when the client goes away', async () => {
    const seen = events().length;
    const first = connect({ cmd: 'pick', rows: ['a', 'b'] });
    const picker = (await after(seen, 'picker-open')).picker as PickerRequest;
    const second = connect({ cmd: 'pick', rows: ['c'] });
    await second.closed;
    expect(second.lines).toEqual([{ ok: false, error: 'a picker is already open', code: 'picker-open' }]);
    first.socket.destroy();
    const closed = await after(seen, 'picker-closed');
    expect(closed.id).toBe(picker.id);
    // The broker is free again: a new picker opens and a cancellation ends it.
    const n = events().length;
    const third = connect({ cmd: 'pick', rows: ['x'] });
    const next = (await after(n, 'picker-open')).picker as PickerRequest;
    await answer(next.id, { kind: 'cancelled' });
    await third.closed;
    expect(third.lines).toEqual([{ ok: true }, { cancelled: true }]);
  });

  it('bounds 100,000 rows, a row without an id or label and a 1 MB label; says when an overlay is open', async () => {
    const seen = events().length;
    const c = connect({ cmd: 'pick', title: 'Many' });
    await waitFor('the ack', () => c.lines.length >= 1, 20_000);
    // 100,001 rows (one line of ~2.5 MB, under the socket's 4 MiB line): the first 100,000 listed.
    c.send({ rows: Array.from({ length: 100_001 }, (_, i) => ({ id: `${i}`, label: `${i}` })) });
    const many = (await after(seen, 'picker-rows')).rows as PickerRow[];
    expect(many).toHaveLength(100_000);
    expect(many.at(-1)?.id).toBe('99999');
    // A row without an id or a label is skipped; a 1 MB label is cut, its id kept.
    const mid = events().length;
    c.send({ rows: [{ description: 'no id, no label' }, { id: 'big', label: 'x'.repeat(1024 * 1024) }] });
    const got = (await after(mid, 'picker-rows')).rows as PickerRow[];
    expect(got.map((r) => r.id)).toEqual(['big']);
    expect(got[0]?.label).toHaveLength(1000);
    expect(got[0]?.label.endsWith('…')).toBe(true);
    // The only browser refuses (its palette is open): rozi's overlay error, then the end.
    const picker = (await after(seen, 'picker-open')).picker as PickerRequest;
    await answer(picker.id, { kind: 'refused', reason: 'overlay' });
    await c.closed;
    expect(c.lines).toEqual([{ ok: true }, { ok: false, error: 'an overlay is open', code: 'overlay-open' }]);
  }, 60_000);
});
