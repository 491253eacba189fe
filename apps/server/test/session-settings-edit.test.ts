// Settings' [session] edits (config.setSession) on a real server: the keys are written through the
// one locked config edit (the user's comments and other tables kept), a bad value is refused in
// one line with the file untouched, and — as rozi documents — the change applies to servers
// started after it: the running server keeps what it read at start, the next one honours the
// edit (autosave writes the layout to the edited path when it stops).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, startServer, type TestServer } from './harness';

const h = makeHome();
let s: TestServer | undefined;
afterAll(async () => {
  if (s && s.proc.exitCode === null) await s.stop();
  removeHome(h.home);
});

describe('config.setSession', () => {
  it('writes [session] keeping the file, refuses bad values, applies at the next start', async () => {
    const dir = join(h.home, '.config', 'rozi');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'config.toml');
    const original = '# mine\n[theme]\nname = "dark" # hand-picked\n';
    writeFileSync(file, original);
    s = await startServer({ home: h });

    const refused = async (input: unknown) => {
      const err = await s!.call('config.setSession', input).then(
        () => null,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      );
      expect(err).not.toBeNull();
      expect(err!.split('\n')).toHaveLength(1);
      return err!;
    };
    expect(await refused({ startup: 'sometimes' })).toContain('[session] startup must be one of');
    expect(await refused({ path: 'layouts/web.toml', autosave: true })).toContain(
      '[session] path must be an absolute path or start with ~/',
    );
    expect(readFileSync(file, 'utf8')).toBe(original);

    await s.call('config.setSession', { autosave: true, path: '~/layouts/web.toml', startup: 'last' });
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(original)).toBe(true);
    expect(text).toContain('[session]');
    expect(await s.call('config.session')).toMatchObject({
      autosave: true,
      path: join(h.home, 'layouts', 'web.toml'),
      startup: 'last',
      set: ['autosave', 'path', 'startup'],
      warnings: [],
    });
    await s.call('sessions.create', { name: 'dev', argv: ['sleep', '600'], cwd: h.home });

    // This server started with autosave off: it stops without writing the layout.
    const saved = join(h.home, 'layouts', 'web.toml');
    expect(await s.stop()).toBe(0);
    expect(existsSync(saved)).toBe(false);

    // The next one read the edit at start: it writes the layout to the edited path.
    s = await startServer({ home: h });
    expect(await s.stop()).toBe(0);
    expect(readFileSync(saved, 'utf8')).toContain('name = "dev"');

    // null removes a key; the rest of the table stays.
    s = await startServer({ home: h });
    await s.call('config.setSession', { startup: null });
    const after = readFileSync(file, 'utf8');
    expect(after).not.toContain('startup');
    expect(after).toContain('autosave = true');
    expect(after.startsWith(original)).toBe(true);
    expect(await s.stop()).toBe(0);
  }, 300_000);
});
