// The marks replay end to end without a browser: a mirror parses a shell's OSC 133 marks, its
// snapshot (what a kind 2 reset frame carries) is written into a second terminal standing for the
// page, and the replay at the snapshot's end must land on the rows that hold those prompts and
// outputs there — with a smaller scrollback, after a reflow, under a full-screen program, and
// past the mirror's MAX_COMMANDS.
import xtermHeadless from '@xterm/headless';
import type { Terminal } from '@xterm/headless';
import { describe, expect, it } from 'vitest';
import {
  bufferLines,
  MARKS_REPLAY_OSC,
  parseMarksReplay,
  replayedLine,
  type MarksReplay,
} from '@rozi/detect/shellMarks';
import { Mirror } from '../session/mirror';
import { MAX_COMMANDS } from './commandMarks';

const A = '\x1b]133;A\x07';
const B = '\x1b]133;B\x07';
const C = '\x1b]133;C\x07';
const D = (code: number) => `\x1b]133;D;${code}\x07`;
/** One command as bash with rozi's integration prints it: prompt, typed line, output, status. */
const command = (line: string, output: string[], code = 0) =>
  `${A}$ ${B}${line}\r\n${C}${output.map((o) => `${o}\r\n`).join('')}${D(code)}`;

function mirror(o: { cols?: number; rows?: number; scrollback?: number } = {}): Mirror {
  return new Mirror({
    cols: o.cols ?? 40,
    rows: o.rows ?? 6,
    scrollback: o.scrollback ?? 1000,
    onTitle: () => undefined,
    onBell: () => undefined,
  });
}

async function snapshotOf(m: Mirror, data: string): Promise<string> {
  m.push(Buffer.from(data));
  return m.whenParsed(() => m.serialize());
}

interface Landed {
  page: Terminal;
  replay: MarksReplay | null;
  /** Absolute page lines, as the page resolves them while it parses the replay. */
  commands: Array<{
    prompt: number | null;
    output: number | null;
    end: number | null;
    exitCode: number | null;
  }>;
  current: { prompt: number | null; output: number | null } | null;
}

/** Writes a snapshot into a fresh terminal (the page) and resolves the replay as the page does. */
async function land(
  snapshot: string,
  o: { cols?: number; rows?: number; scrollback?: number; after?: string } = {},
): Promise<Landed> {
  const page = new xtermHeadless.Terminal({
    cols: o.cols ?? 40,
    rows: o.rows ?? 6,
    scrollback: o.scrollback ?? 1000,
    allowProposedApi: true,
  });
  const landed: Landed = { page, replay: null, commands: [], current: null };
  page.parser.registerOscHandler(MARKS_REPLAY_OSC, (payload) => {
    const replay = parseMarksReplay(payload);
    landed.replay = replay;
    const normal = page.buffer.normal;
    const at = { cursorLine: normal.baseY + normal.cursorY, length: normal.length };
    const line = (r: number | null) => (r === null ? null : replayedLine(r, at));
    for (const c of replay?.commands ?? [])
      landed.commands.push({
        prompt: line(c.prompt),
        output: line(c.output),
        end: line(c.end),
        exitCode: c.exitCode,
      });
    if (replay?.current)
      landed.current = { prompt: line(replay.current.prompt), output: line(replay.current.output) };
    return true;
  });
  await new Promise<void>((resolve) => page.write(snapshot + (o.after ?? ''), resolve));
  return landed;
}

const text = (t: Terminal, line: number | null) =>
  line === null ? null : (t.buffer.normal.getLine(line)?.translateToString(true) ?? null);

describe('marks replay through a snapshot', () => {
  it('puts each earlier prompt, output and status on the page rows that hold them', async () => {
    const m = mirror();
    const snap = await snapshotOf(
      m,
      command('printf one', ['alpha', 'beta'], 0) +
        command('false', [], 1) +
        command('seq 3', ['1', '2', '3']) +
        `${A}$ `,
    );
    const l = await land(snap);
    expect(l.commands.map((c) => text(l.page, c.prompt))).toEqual(['$ printf one', '$ false', '$ seq 3']);
    expect(l.commands.map((c) => c.exitCode)).toEqual([0, 1, 0]);
    const first = l.commands[0]!;
    expect(bufferLines(l.page.buffer.normal, { from: first.output!, to: first.end! - 1 })).toEqual([
      'alpha',
      'beta',
    ]);
    const last = l.commands[2]!;
    expect(bufferLines(l.page.buffer.normal, { from: last.output!, to: last.end! - 1 })).toEqual([
      '1',
      '2',
      '3',
    ]);
    // The prompt being typed at is the current command's, on the cursor's row.
    expect(text(l.page, l.current!.prompt)?.trim()).toBe('$');
    expect(l.current!.prompt).toBe(l.page.buffer.normal.baseY + l.page.buffer.normal.cursorY);
    m.dispose();
  });

  it('holds when the page keeps less scrollback than the mirror: rows it lacks are null', async () => {
    const m = mirror({ scrollback: 1000 });
    let out = '';
    for (let i = 0; i < 20; i++) out += command(`echo c${i}`, [`out-${i}-a`, `out-${i}-b`]);
    const snap = await snapshotOf(m, out + `${A}$ `);
    // 20 commands × 4 rows + the prompt = 81 rows; the page keeps 30 of scrollback + 6 on screen.
    const l = await land(snap, { scrollback: 30 });
    expect(l.replay?.commands).toHaveLength(20);
    const held = l.commands.filter((c) => c.end !== null);
    expect(held.length).toBeGreaterThan(5);
    expect(held.length).toBeLessThan(20);
    for (const c of held) {
      const i = l.commands.indexOf(c);
      if (c.prompt !== null) expect(text(l.page, c.prompt)).toBe(`$ echo c${i}`);
      if (c.output !== null) expect(text(l.page, c.output)).toBe(`out-${i}-a`);
    }
    expect(text(l.page, l.commands[19]!.prompt)).toBe('$ echo c19');
    m.dispose();
  });

  it('tells a page at most MAX_COMMANDS commands, the newest', async () => {
    const m = mirror({ scrollback: 5000 });
    let out = '';
    for (let i = 0; i < MAX_COMMANDS + 30; i++) out += command(`true ${i}`, []);
    const l = await land(await snapshotOf(m, out + `${A}$ `), { scrollback: 5000 });
    expect(l.commands).toHaveLength(MAX_COMMANDS);
    expect(text(l.page, l.commands[0]!.prompt)).toBe('$ true 30');
    expect(text(l.page, l.commands.at(-1)!.prompt)).toBe(`$ true ${MAX_COMMANDS + 29}`);
    m.dispose();
  });

  it('marks rows reflowed by a resize where they went', async () => {
    const m = mirror({ cols: 40 });
    const long = 'x'.repeat(30);
    await snapshotOf(m, command(`echo ${long}`, [long + long]) + command('true', []) + `${A}$ `);
    m.resize(20, 6); // a narrower page attached: the mirror reflows before the snapshot
    const snap = await m.whenParsed(() => m.serialize());
    const l = await land(snap, { cols: 20 });
    const joined = (line: number | null) =>
      line === null ? null : bufferLines(l.page.buffer.normal, { from: line, to: line + 3 })[0];
    expect(joined(l.commands[0]!.prompt)).toBe(`$ echo ${long}`);
    expect(joined(l.commands[0]!.output)).toBe(long + long);
    expect(text(l.page, l.commands[1]!.prompt)).toBe('$ true');
    m.dispose();
  });

  it('lands under a full-screen program on the normal screen the page returns to', async () => {
    const m = mirror();
    const snap = await snapshotOf(
      m,
      command('ls', ['a', 'b']) + `${A}$ ${B}vim\r\n${C}\x1b[?1049h\x1b[Hvim screen`,
    );
    // Still in vim: the page resolves the lines on its normal buffer and reads them once vim exits.
    const l = await land(snap, { after: '\x1b[?1049l' });
    expect(l.page.buffer.active.type).toBe('normal');
    expect(text(l.page, l.commands[0]!.prompt)).toBe('$ ls');
    expect(text(l.page, l.current!.prompt)).toBe('$ vim');
    expect(l.current!.output).not.toBeNull();
    m.dispose();
  });

  it('reads a command whose output start left the scrollback from the oldest row', async () => {
    const m = mirror({ scrollback: 10 });
    const lines = Array.from({ length: 40 }, (_, i) => `n${i}`);
    const snap = await snapshotOf(m, command('seq', lines) + `${A}$ `);
    const l = await land(snap, { scrollback: 10 });
    expect(l.replay?.commands[0]).toMatchObject({ prompt: null, output: null });
    expect(text(l.page, l.commands[0]!.end! - 1)).toBe('n39');
    expect(m.marks.lastOutput()?.truncated).toBe(true);
    m.dispose();
  });

  it('adds nothing to the snapshot of a shell that never sent a mark', async () => {
    const m = mirror();
    const snap = await snapshotOf(m, '$ echo hi\r\nhi\r\n$ ');
    expect(snap).not.toContain(`\x1b]${MARKS_REPLAY_OSC};`);
    m.dispose();
  });

  it('forgets the commands before a full reset (RIS), whose rows are gone', async () => {
    const m = mirror();
    m.push(Buffer.from(command('ls', ['old']) + `${A}$ ${B}reset\r\n${C}\x1bc${D(0)}${A}$ `));
    const last = await m.whenParsed(() => m.marks.lastOutput());
    expect(last).toBeNull();
    const l = await land(m.serialize());
    expect(l.commands).toEqual([]);
    expect(text(l.page, l.current!.prompt)?.trim()).toBe('$');
    m.dispose();
  });
});
