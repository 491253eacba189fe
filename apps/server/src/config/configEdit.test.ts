// config.toml edits with real concurrent writers (issue 14.10: 5 of 200 hand edits were lost):
// hand edits appended while the UI saves survive, several rozi processes editing at once lose
// no edit, and an edit the file cannot take writes nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editConfigFile } from './configEdit';
import { editConfigTable } from './tableEdit';

const TSX = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));
const WRITER = fileURLToPath(new URL('../../test/configEditWriter.ts', import.meta.url));

let dir: string;
let file: string;

function writer(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [WRITER, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? -1));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-cfgedit-'));
  file = join(dir, 'config.toml');
  writeFileSync(file, '# mine\n[keys]\nsplit = "ctrl-a %"\n');
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('config.toml edits under concurrent writers', () => {
  it('keeps every hand edit appended while the UI saves', async () => {
    const HAND = 150;
    const hand = writer(['hand', file, String(HAND)]);
    // Saves until the hand editor is done, each one a full read-change-write.
    let done = false;
    void hand.then(() => (done = true));
    let saves = 0;
    let refused = 0;
    while (!done) {
      try {
        editConfigTable(file, { table: ['keys'], set: { count: String(saves) } });
        saves++;
      } catch (err) {
        // Refusing with a clear error is allowed (the file kept changing); losing a hand edit is not.
        expect(String(err)).toMatch(/kept changing while it was being edited.*nothing was written/);
        refused++;
      }
      await sleep(0);
    }
    expect(await hand).toBe(0);
    const text = readFileSync(file, 'utf8');
    const lost = Array.from({ length: HAND }, (_, i) => i).filter((i) => !text.includes(`# hand ${i}\n`));
    expect(lost).toEqual([]);
    expect(saves).toBeGreaterThan(refused);
    expect((parse(text) as { keys: Record<string, string> }).keys).toEqual({
      split: 'ctrl-a %',
      count: String(saves - 1),
    });
  }, 120_000);

  it('three rozi processes editing at once lose no edit', async () => {
    const codes = await Promise.all(['a', 'b', 'c'].map((tag) => writer(['rozi', file, tag, '12'])));
    expect(codes).toEqual([0, 0, 0]);
    const keys = (parse(readFileSync(file, 'utf8')) as { keys: Record<string, string> }).keys;
    expect(Object.keys(keys).length).toBe(1 + 36);
    expect(readFileSync(file, 'utf8').startsWith('# mine\n')).toBe(true);
  }, 120_000);

  it('writes nothing when the edit is refused, and says so', () => {
    writeFileSync(file, '[keys\n');
    const r = editConfigFile({ file, edit: () => ({ error: 'config.toml does not parse' }) });
    expect(r).toEqual({ ok: false, code: 'refused', error: 'config.toml does not parse' });
    expect(readFileSync(file, 'utf8')).toBe('[keys\n');
  });

  it('runs the edit again on a text that changed before the rename', () => {
    let calls = 0;
    const r = editConfigFile({
      file,
      edit: (text) => {
        calls++;
        // The first computation races a hand save: the file changes after it was read.
        if (calls === 1) writeFileSync(file, `${text}# saved by hand\n`);
        return { text: `${text}# ours\n` };
      },
    });
    expect(r.ok).toBe(true);
    expect(calls).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe('# mine\n[keys]\nsplit = "ctrl-a %"\n# saved by hand\n# ours\n');
  });

  it('keeps a hand edit from a writer that opened the file before the rename and writes after it', async () => {
    // The shell opens config.toml for appending, says so, and writes 400 ms later: by then our
    // rename has replaced the file it holds. It then appends once more by name, to our new file.
    // The edit waits for it, and puts the line that went into the replaced file back, in order.
    const script = `exec 3>>"$0"; echo opened; sleep 0.4; echo '# late hand edit' >&3; echo '# later hand edit' >>"$0"`;
    const child = spawn('sh', ['-c', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const r = editConfigFile({ file, edit: (text) => ({ text: `${text}# ours\n` }) });
    expect(r.ok).toBe(true);
    await new Promise((resolve) => child.once('exit', resolve));
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('# mine\n')).toBe(true);
    expect(text.match(/# ours\n/g)).toHaveLength(1);
    const late = text.indexOf('# late hand edit\n');
    expect(late).toBeGreaterThan(0);
    expect(text.indexOf('# later hand edit\n')).toBeGreaterThan(late);
  });
});
