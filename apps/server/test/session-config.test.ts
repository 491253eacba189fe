// config.toml's [session] and floating panes across real server restarts (real PTYs): floats come
// back where they were (popups and the scratchpad do not, as in rozi); `resurrect = false`
// restores and writes no snapshot; `autosave` writes the layout to `path` on a clean stop and
// brings it back; `startup = "profile"` starts the default profile's session with the server; a
// bad value is one warning line and rozi's default.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LayoutNode, PaneInfo, TabInfo, WorkspaceInfo } from '../src/session/model';
import { makeHome, removeHome, startServer, waitFor, type TestServer } from './harness';

const homes: string[] = [];
let s: TestServer | undefined;
afterAll(async () => {
  if (s && s.proc.exitCode === null) await s.stop();
  for (const h of homes) removeHome(h);
});

function freshHome(config: string): ReturnType<typeof makeHome> {
  const h = makeHome();
  homes.push(h.home);
  mkdirSync(join(h.home, '.config', 'rozi'), { recursive: true });
  writeFileSync(join(h.home, '.config', 'rozi', 'config.toml'), config);
  return h;
}
const ids = (n: LayoutNode): number[] => (n.type === 'pane' ? [n.paneId] : n.children.flatMap(ids));
const tabOf = async (session: string): Promise<TabInfo> => {
  const x = (await (s as TestServer).call<WorkspaceInfo>('workspace.get')).sessions.find(
    (y) => y.name === session,
  );
  return x?.tabs.find((t) => t.id === x.activeTabId) as TabInfo;
};
const sessionNames = async () =>
  (await (s as TestServer).call<WorkspaceInfo>('workspace.get')).sessions.map((x) => x.name).sort();
type Started = { pane: PaneInfo };

describe('[session] and floating panes across restarts', () => {
  it('a floating pane comes back at its rectangle; the scratchpad does not', async () => {
    const h = freshHome('');
    s = await startServer({ home: h });
    await s.call('floating.scratchpad', { target: 1 });
    const two = (await s.call<Started>('panes.split', { target: 1, argv: ['sleep', '600'] })).pane.id;
    await s.call('floating.toggle', { target: two });
    await s.call('floating.setRect', { target: two, x: 0.1, y: 0.2, width: 0.5, height: 0.4 });
    const before = await tabOf('main');
    expect(before.floating?.map((f) => f.kind)).toEqual(['scratchpad', 'float']);
    // The focus is on the float (toggle-float focuses it): it comes back there.
    expect(before.focusedPaneId).toBe(two);
    expect(await s.stop()).toBe(0);

    s = await startServer({ home: h });
    const after = await tabOf('main');
    expect(ids(after.layout)).toEqual([1]);
    expect(after.floating).toEqual([{ paneId: two, x: 0.1, y: 0.2, width: 0.5, height: 0.4, kind: 'float' }]);
    expect(after.focusedPaneId).toBe(before.focusedPaneId);
    await waitFor(
      'the float respawned',
      async () =>
        (await s!.call<PaneInfo[]>('panes.list')).find((p) => p.id === two)?.foreground_program === 'sleep',
      60_000,
    );
    expect((await s.call<PaneInfo[]>('panes.list')).map((p) => p.id).sort()).toEqual([1, two]);
    expect(await s.stop()).toBe(0);
  }, 240_000);

  it('resurrect = false restores and writes no snapshot; autosave keeps the layout at path', async () => {
    const h = freshHome('[session]\nresurrect = false\nautosave = true\npath = "~/layouts/web.toml"\n');
    const saved = join(h.home, 'layouts', 'web.toml');
    s = await startServer({ home: h });
    expect(s.stderr()).toContain('[session] resurrect = false');
    await s.call('sessions.create', { name: 'dev', argv: ['sleep', '600'], cwd: h.home });
    await s.call('panes.split', { session: 'dev', target: 1, argv: ['sleep', '601'], title: 'second' });
    expect(await s.stop()).toBe(0);
    const snapshot = join(h.home, '.local', 'state', 'rozi', 'snapshot.json');
    expect(existsSync(snapshot)).toBe(false);
    const text = readFileSync(saved, 'utf8');
    expect(text).toMatch(/^# rozi web's autosaved layout/);
    expect(text).toContain('name = "dev"');

    // Resurrection off, autosave on: the layout comes back from the autosave file.
    s = await startServer({ home: h });
    expect(s.stderr()).toMatch(/restored 2 session\(s\), 3 pane\(s\) from the autosaved layout/);
    expect(await sessionNames()).toEqual(['dev', 'main']);
    expect(ids((await tabOf('dev')).layout)).toEqual([1, 2]);
    await waitFor(
      'dev respawned',
      async () =>
        (await s!.call<PaneInfo[]>('panes.list')).filter(
          (p) => p.session === 'dev' && p.foreground_program === 'sleep',
        ).length === 2,
      60_000,
    );
    expect(await s.stop()).toBe(0);
    expect(existsSync(snapshot)).toBe(false);

    // Autosave off too: a fresh `main` only; the autosave file is left alone.
    writeFileSync(join(h.home, '.config', 'rozi', 'config.toml'), '[session]\nresurrect = false\n');
    const mtime = statSync(saved).mtimeMs;
    s = await startServer({ home: h });
    expect(await sessionNames()).toEqual(['main']);
    expect(await s.stop()).toBe(0);
    expect(statSync(saved).mtimeMs).toBe(mtime);
  }, 300_000);

  it('startup = "profile" starts the default profile with the server; a bad value is one line', async () => {
    const h = freshHome('[profile]\ndefault = "two"\n[session]\nstartup = "profile"\nautosave = "yes"\n');
    mkdirSync(join(h.home, '.config', 'rozi', 'profiles'), { recursive: true });
    writeFileSync(
      join(h.home, '.config', 'rozi', 'profiles', 'two.toml'),
      '[[workspaces]]\n[[workspaces.panes]]\nname = "top"\n[[workspaces.panes]]\nname = "bottom"\n',
    );
    s = await startServer({ home: h });
    expect(s.stderr()).toContain('[session] startup = "profile": started session two from profile two');
    expect(s.stderr()).toMatch(/\[session\] autosave must be true or false, got "yes"; using false/);
    expect(await sessionNames()).toEqual(['two']);
    expect(ids((await tabOf('two')).layout)).toHaveLength(2);
    expect(await s.stop()).toBe(0);

    // Already restored from the snapshot: not started twice; a bad startup value falls back.
    writeFileSync(join(h.home, '.config', 'rozi', 'config.toml'), '[session]\nstartup = "sometimes"\n');
    s = await startServer({ home: h });
    expect(s.stderr()).toContain(
      '[session] startup must be one of picker, ephemeral, last, profile, got "sometimes"',
    );
    expect(await sessionNames()).toEqual(['two']);
    expect(await s.stop()).toBe(0);
  }, 300_000);
});
