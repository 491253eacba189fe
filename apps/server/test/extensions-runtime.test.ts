// The extension runtime inside a real server (temp HOME, real processes, real git): every example
// extension installed and exercised, generations rotated and refused, settings reported, pickers
// answered over the same tRPC procedure the browser uses (a real WebSocket viewer makes the
// server count a browser; the modal itself is the web app's, covered by e2e).
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_STALE_GENERATION } from '@rozi/extensions/node';
import { EXIT } from '../src/contract/codes';
import { makeHome, removeHome, runCli, startServer, waitFor, type TestServer } from './harness';
import { Viewer } from './viewer';

const EXAMPLES = fileURLToPath(new URL('../../../examples/extensions', import.meta.url));
const FAKE_AGENTS = fileURLToPath(new URL('./fake-agents', import.meta.url));

interface ServiceStatus {
  unit: string;
  state: string;
  pid?: number;
  starts: number;
}
interface Status {
  extensions: { id: string; generation: string; services: ServiceStatus[] }[];
}

let server: TestServer;
let home: string;

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd: home,
    env: server.env,
    encoding: 'utf8',
  }).trim();
}

async function cli(args: string[], input?: string) {
  return runCli({ ...server.env }, [...args], input);
}

async function status(): Promise<Status> {
  return server.call<Status>('extensions.status', {});
}

beforeAll(async () => {
  const h = makeHome();
  home = h.home;
  server = await startServer({ home: h });
  // The session's first pane runs in HOME: make it a repository with two branches for git-branches.
  git('init', '-q', '-b', 'main');
  writeFileSync(join(home, 'README'), 'x\n');
  git('add', 'README');
  git('commit', '-qm', 'init');
  git('branch', 'feature');
  // hello-python and clock-sidebar are linked from private copies so their files can be edited
  // in place (an installed copy whose files change no longer matches its digest and is refused).
  for (const d of ['hello-python', 'clock-sidebar'])
    cpSync(join(EXAMPLES, d), join(home, d), { recursive: true });
  for (const args of [
    ['extensions', 'install', '--link', join(home, 'hello-python')],
    ['extensions', 'install', '--link', join(home, 'clock-sidebar')],
    ...['json-tools', 'git-status-tab', 'git-branches', 'agent-mca'].map((d) => [
      'extensions',
      'install',
      join(EXAMPLES, d),
    ]),
  ]) {
    const r = await cli(args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
  removeHome(home);
});

// Each test makes several CLI calls and waits for real extension processes: minutes, not seconds,
// on a loaded 2-core CI machine (the file's tests took 10–30 s each at load 20).
describe('example extensions in a running server', { timeout: 120_000 }, () => {
  it('lists all six as enabled, with the key suggestions resolved', async () => {
    const r = await cli(['extensions', 'list', '--json']);
    const list = JSON.parse(r.stdout) as {
      id: string;
      state: string;
      keys?: { chord: string; state: string }[];
    }[];
    expect(list.map((e) => `${e.id}:${e.state}`)).toEqual([
      'agent-mca:enabled',
      'clock-sidebar:enabled',
      'git-branches:enabled',
      'git-status-tab:enabled',
      'hello-python:enabled',
      'json-tools:enabled',
    ]);
    expect(list.find((e) => e.id === 'hello-python')?.keys).toEqual([
      expect.objectContaining({ chord: 'ctrl-a x h', state: 'active' }),
    ]);
    const palette = await server.call<{ id: string }[]>('extensions.palette');
    expect(palette.map((p) => p.id)).toEqual(
      expect.arrayContaining(['hello-python.hello', 'git-branches.checkout']),
    );
  });

  it('hello: the Python command notifies, keeps state and logs its start and end', async () => {
    const r = await cli(['run-action', 'hello-python.hello']);
    expect(r.code).toBe(0);
    await waitFor('the hello notification', async () =>
      (await server.call<{ message: string }[]>('workspace.notifications')).some(
        (n) => n.message === 'Hello from hello-python',
      ),
    );
    expect(
      JSON.parse(readFileSync(join(home, '.local/state/rozi/extensions/hello-python/count.json'), 'utf8')),
    ).toEqual({ count: 1 });
    const logs = await waitFor('the end line', async () => {
      const out = (await cli(['extensions', 'logs', 'hello-python', '--unit', 'commands'])).stdout;
      return out.includes('hello end exit=0') && out;
    });
    expect(logs).toMatch(/hello start pid=\d+/);
    expect(logs).toContain(`hello #1 in ${home}`);
  });

  it('clock-sidebar: the supervised service publishes rows to its stream tab', async () => {
    const tabs = await waitFor('clock rows', async () => {
      const all =
        await server.call<{ id: string; rows: { label: string }[]; suggested_location: unknown }[]>(
          'extensions.sidebarTabs',
        );
      const clock = all.find((t) => t.id === 'clock-sidebar.clock');
      return clock && clock.rows.length === 3 ? clock : undefined;
    });
    expect(tabs.suggested_location).toEqual({ dock: 'right', panel: 1 });
  });

  it('json-tools: deploy, invoke with schemas, unchanged redeploy, actions list', async () => {
    expect(
      JSON.parse((await cli(['extensions', 'deploy', 'json-tools', '--session', 'main'])).stdout).status,
    ).toBe('deployed');
    const sum = await cli([
      'invoke',
      'json-tools.sum',
      '--session',
      'main',
      '--args-json',
      '{"numbers":[1,2,3.5]}',
    ]);
    expect(JSON.parse(sum.stdout)).toEqual({ sum: 6.5, count: 3 });
    const bad = await cli([
      'invoke',
      'json-tools.sum',
      '--session',
      'main',
      '--args-json',
      '{"numbers":"x"}',
    ]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout).code).toBe('invalid-args');
    expect(
      JSON.parse((await cli(['extensions', 'deploy', 'json-tools', '--session', 'main'])).stdout).status,
    ).toBe('unchanged');
    // Only the action that accepts {} joins the palette of the session on screen.
    const palette = await server.call<{ id: string; kind: string }[]>('extensions.palette');
    expect(palette.filter((p) => p.kind === 'action').map((p) => p.id)).toEqual(['json-tools.ping']);
    const actions = JSON.parse((await cli(['actions', 'list', '--session', 'main'])).stdout) as {
      id: string;
    }[];
    expect(actions.map((a) => a.id)).toEqual(['json-tools.sum', 'json-tools.ping']);
    expect(
      JSON.parse((await cli(['extensions', 'undeploy', 'json-tools', '--session', 'main'])).stdout)
        .undeployed,
    ).toBe(true);
    expect(
      (await cli(['invoke', 'json-tools.sum', '--session', 'main', '--args-json', '{"numbers":[]}'])).code,
    ).toBe(1);
  });

  it('git-branches and git-status-tab: a picker round trip through a connected viewer checks the branch out; the command tab lists the repository', async () => {
    const viewer = new Viewer(server);
    await viewer.opened;
    try {
      const tab = await waitFor('the git status tab rows', async () => {
        const all =
          await server.call<{ id: string; rows: { label: string; header: boolean }[] }[]>(
            'extensions.sidebarTabs',
          );
        const t = all.find((x) => x.id === 'git-status-tab.changes');
        return t && t.rows.length > 0 ? t : undefined;
      });
      expect(tab.rows[0]).toEqual(expect.objectContaining({ label: 'main', header: true }));
      await cli(['run-action', 'git-branches.checkout']);
      const open = await waitFor('picker-open', () =>
        viewer.messages.find((m) => m.t === 'event' && (m.event as { type: string }).type === 'picker-open'),
      );
      const picker = (
        open as { event: { picker: { id: string; title: string; rows: { id: string; label: string }[] } } }
      ).event.picker;
      expect(picker.title).toBe('Checkout branch');
      expect(picker.rows.map((r) => r.label)).toEqual(['feature', 'main']);
      await server.call('extensions.pickerAnswer', {
        id: picker.id,
        result: { kind: 'selected', row: { id: 'feature', label: 'feature' } },
      });
      await waitFor('the checkout', () => git('branch', '--show-current') === 'feature');
      // A second picker while one is open is refused; with no browser, pick fails at once (exit 2).
    } finally {
      await viewer.close();
    }
    await waitFor('no browser', async () => (await cli(['pick'], 'a\nb\n')).code === 2);
  });

  it('agent-mca: its namespaced agent is detected live in a pane, and leaves detection when disabled', async () => {
    const list = JSON.parse((await cli(['extensions', 'list', '--json'])).stdout) as {
      id: string;
      state: string;
    }[];
    expect(list.find((e) => e.id === 'agent-mca')?.state).toBe('enabled');
    // A fake `mca` (the lightest fake agent, installed under the name the definition matches).
    const bin = join(home, 'agents');
    mkdirSync(bin, { recursive: true });
    symlinkSync(join(FAKE_AGENTS, 'fake-agent.sh'), join(bin, 'mca'));
    writeFileSync(join(home, 'mca-screen.txt'), 'mca ready\n');
    const { pane } = await server.call<{ pane: { id: number } }>('tabs.create', {});
    await server.call('panes.sendText', {
      target: pane.id,
      text: `${bin}/mca ${join(home, 'mca-screen.txt')}\r`,
    });
    const agentOf = async () => {
      const panes = JSON.parse((await cli(['list-panes', '--format', 'json'])).stdout).data as {
        id: number;
        agent: string | null;
      }[];
      return panes.find((p) => p.id === pane.id)?.agent ?? null;
    };
    await waitFor('agent-mca.mca in list-panes', async () => (await agentOf()) === 'agent-mca.mca', 20_000);
    expect((await cli(['extensions', 'disable', 'agent-mca'])).code).toBe(0);
    await waitFor('the agent gone after disable', async () => (await agentOf()) !== 'agent-mca.mca', 20_000);
    expect((await cli(['extensions', 'enable', 'agent-mca'])).code).toBe(0);
    await waitFor('back after enable', async () => (await agentOf()) === 'agent-mca.mca', 20_000);
    await server.call('panes.kill', { target: pane.id }).catch(() => undefined);
  });
});

describe('generations, settings and lifecycle', { timeout: 120_000 }, () => {
  it('a settings change rotates the generation, restarts the service and refuses the old generation with exit 4', async () => {
    const before = (await status()).extensions.find((e) => e.id === 'clock-sidebar');
    const oldPid = before?.services[0]?.pid;
    mkdirSync(join(home, '.config/rozi'), { recursive: true });
    writeFileSync(
      join(home, '.config/rozi/config.toml'),
      '[extensions.clock-sidebar]\nevery = 500\nbogus = 1\n\n[extensions.not-installed]\nx = 1\n',
      { flag: 'w' },
    );
    const reload = await cli(['run-action', 'reload-extensions']);
    expect(reload.code).toBe(0);
    const report = (JSON.parse(reload.stdout) as { data: { reload: unknown } }).data.reload as {
      restarted: string[];
      settings: { code: string; extension: string }[];
    };
    expect(report.restarted).toEqual(['clock-sidebar']);
    expect(report.settings.map((d) => `${d.code}:${d.extension}`).sort()).toEqual([
      'clamped:clock-sidebar',
      'not-installed:not-installed',
      'undeclared-key:clock-sidebar',
    ]);
    const after = await waitFor('the restarted service', async () => {
      const e = (await status()).extensions.find((x) => x.id === 'clock-sidebar');
      return e?.services[0]?.state === 'running' && e.services[0].pid !== oldPid ? e : undefined;
    });
    expect(after.generation).not.toBe(before?.generation);
    // Not from an extension process at all: refused by identity.
    const anonymous = await cli(['sidebar', 'publish', '--tab', 'clock'], '["x"]\n');
    expect(JSON.parse(anonymous.stdout).code).toBe('not-permitted');
    const env = {
      ...server.env,
      ROZI_EXTENSION: 'clock-sidebar',
      ROZI_EXTENSION_GENERATION: before?.generation,
    };
    const refused = await runCli(
      env as NodeJS.ProcessEnv,
      ['sidebar', 'publish', '--tab', 'clock'],
      '["x"]\n',
    );
    expect(refused.code).toBe(7);
    expect(EXIT.stale).toBe(EXIT_STALE_GENERATION);
    expect(JSON.parse(refused.stdout).code).toBe('stale-generation');
    const live = await runCli(
      { ...env, ROZI_EXTENSION_GENERATION: after.generation } as NodeJS.ProcessEnv,
      ['sidebar', 'publish', '--tab', 'other-tab'],
      '["x"]\n',
    );
    expect(JSON.parse(live.stdout).code).toBe('not-found');
  });

  it('a title-only edit keeps the generation; a command edit rotates it; show-command only from the extension', async () => {
    const gen = async () => (await status()).extensions.find((e) => e.id === 'hello-python')?.generation;
    const g1 = await gen();
    const file = join(home, 'hello-python', 'extension.toml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('title = "Hello (Python)"', 'title = "Hello again"'),
    );
    await cli(['run-action', 'reload-extensions']);
    expect(await gen()).toBe(g1);
    const env = {
      ...server.env,
      ROZI_EXTENSION: 'hello-python',
      ROZI_EXTENSION_GENERATION: g1,
    } as NodeJS.ProcessEnv;
    expect((await runCli(env, ['hide-command', 'hello'])).code).toBe(0);
    expect(
      (await server.call<{ id: string }[]>('extensions.palette')).some((p) => p.id === 'hello-python.hello'),
    ).toBe(false);
    expect((await cli(['show-command', 'hello'])).code).toBe(1);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace(
        '"{extension_dir}/bin/hello.py"]',
        '"{extension_dir}/bin/hello.py", "--again"]',
      ),
    );
    await cli(['run-action', 'reload-extensions']);
    const g2 = await gen();
    expect(g2).not.toBe(g1);
    // The new generation starts from the manifest's hidden = false.
    expect(
      (await server.call<{ id: string }[]>('extensions.palette')).some((p) => p.id === 'hello-python.hello'),
    ).toBe(true);
    expect((await runCli(env, ['hide-command', 'hello'])).code).toBe(7);
  });

  it('disable stops services (logged as stopped), enable starts a new generation, remove keeps state unless --purge', async () => {
    expect((await cli(['extensions', 'disable', 'clock-sidebar'])).code).toBe(0);
    const log = (await cli(['extensions', 'logs', 'clock-sidebar', '--unit', 'service.clock'])).stdout;
    expect(log).toMatch(/stopped \(disable\)/);
    expect((await status()).extensions.some((e) => e.id === 'clock-sidebar')).toBe(false);
    expect((await cli(['extensions', 'enable', 'clock-sidebar'])).code).toBe(0);
    await waitFor(
      'clock running again',
      async () =>
        (await status()).extensions.find((e) => e.id === 'clock-sidebar')?.services[0]?.state === 'running',
    );
    expect((await cli(['extensions', 'remove', 'hello-python'])).code).toBe(0);
    expect(existsSync(join(home, '.local/state/rozi/extensions/hello-python/count.json'))).toBe(true);
    expect(existsSync(join(home, 'hello-python', 'extension.toml'))).toBe(true);
    expect((await cli(['extensions', 'install', '--link', join(home, 'hello-python')])).code).toBe(0);
    expect((await cli(['extensions', 'remove', 'hello-python', '--purge'])).code).toBe(0);
    expect(existsSync(join(home, '.local/state/rozi/extensions/hello-python'))).toBe(false);
  });

  it('a file change in the extension directory restarts its services under a new generation; a title edit does not', async () => {
    const current = async () => (await status()).extensions.find((e) => e.id === 'clock-sidebar');
    const before = await waitFor('clock running', async () => {
      const e = await current();
      return e?.services[0]?.state === 'running' ? e : undefined;
    });
    const list = JSON.parse((await cli(['extensions', 'list', '--json'])).stdout) as {
      id: string;
      dir: string;
    }[];
    const dir = list.find((e) => e.id === 'clock-sidebar')?.dir as string;
    const manifest = join(dir, 'extension.toml');
    writeFileSync(
      manifest,
      readFileSync(manifest, 'utf8')
        .replace('title = "Clock sidebar"', 'title = "Clock, renamed"')
        .replace('version = "0.1.0"', 'version = "0.1.1"'),
    );
    await cli(['run-action', 'reload-extensions']);
    // Past a file poll (2 s): still the same process and generation.
    await new Promise((r) => setTimeout(r, 2_500));
    const same = await current();
    expect(same?.generation).toBe(before.generation);
    expect(same?.services[0]?.pid).toBe(before.services[0]?.pid);
    writeFileSync(join(dir, 'bin', 'data.txt'), 'a file the service reads\n');
    // No reload asked for: the file poll sees it and restarts the service.
    const after = await waitFor(
      'the service restarted by the file change',
      async () => {
        const e = await current();
        return e &&
          e.generation !== before.generation &&
          e.services[0]?.state === 'running' &&
          e.services[0].pid !== before.services[0]?.pid
          ? e
          : undefined;
      },
      10_000,
    );
    expect(after.services[0]?.pid).toBeGreaterThan(0);
  });

  it('link handlers: a clicked link runs the matching command with the link context; disabled → not handled', async () => {
    const dir = join(home, 'linker');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'extension.toml'),
      [
        '[extension]\nid = "linker"\napi = 1\n',
        '[[commands]]\nid = "open"\nlabel = "Open"\nexec = ["sh", "-c", "env | grep ^ROZI_ > \\"$ROZI_EXTENSION_STATE_DIR/$(date +%s%N).env\\""]\n',
        '[[link_handlers]]\nschemes = ["HTTPS"]\ncommand = "open"\n',
        '[[link_handlers]]\nschemes = ["file"]\nfiles = ["*.png"]\ncommand = "open"\n',
      ].join('\n'),
    );
    expect((await cli(['extensions', 'install', '--link', dir])).code).toBe(0);
    const stateDir = join(home, '.local/state/rozi/extensions/linker');
    const envOf = async (n: number) =>
      waitFor(`link handler run ${n}`, async () => {
        const files = existsSync(stateDir)
          ? readdirSync(stateDir)
              .filter((f) => f.endsWith('.env'))
              .sort()
          : [];
        const text = files[n - 1] ? readFileSync(join(stateDir, files[n - 1] as string), 'utf8') : '';
        return text.includes('ROZI_SOURCE_SESSION=')
          ? Object.fromEntries(
              text
                .trim()
                .split('\n')
                .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
            )
          : undefined;
      });
    expect(
      await server.call('extensions.openLink', { url: 'https://example.com/a?b=1', hint: 'af' }),
    ).toEqual({ handled: true, command: 'linker.open' });
    const first = await envOf(1);
    expect(first).toMatchObject({
      ROZI_EXTENSION: 'linker',
      ROZI_URL: 'https://example.com/a?b=1',
      ROZI_HINT: 'af',
      ROZI_SESSION_NAME: 'main',
    });
    const panes = JSON.parse((await cli(['list-panes', '--format', 'json'])).stdout).data as {
      id: number;
      focused: boolean;
      reference?: { session_instance?: string };
    }[];
    expect(panes.map((p) => String(p.id))).toContain(first.ROZI_SOURCE_PANE);
    expect(first.ROZI_SOURCE_SESSION).toMatch(/\S/);
    expect(first.ROZI_FILE).toBeUndefined();
    expect(await server.call('extensions.openLink', { file: '/tmp/shot.PNG' })).toEqual({
      handled: true,
      command: 'linker.open',
    });
    expect((await envOf(2)).ROZI_FILE).toBe('/tmp/shot.PNG');
    expect(await server.call('extensions.openLink', { file: '/tmp/notes.txt' })).toEqual({
      handled: false,
      command: null,
    });
    expect(await server.call('extensions.openLink', { url: 'mailto:a@b' })).toEqual({
      handled: false,
      command: null,
    });
    expect((await cli(['extensions', 'disable', 'linker'])).code).toBe(0);
    expect(await server.call('extensions.openLink', { url: 'https://example.com/' })).toEqual({
      handled: false,
      command: null,
    });
    expect((await cli(['extensions', 'remove', 'linker'])).code).toBe(0);
  });

  it('tab clicks: a `run` entry opens a pane beside the focused one and `popup` a popup, the row in ROZI_ROW', async () => {
    const dir = join(home, 'launcher');
    mkdirSync(dir, { recursive: true });
    const write = `printf %s \\"$ROZI_ROW|$ROZI_EXTENSION\\" > \\"$ROZI_EXTENSION_STATE_DIR/$0.txt\\"`;
    writeFileSync(
      join(dir, 'extension.toml'),
      `[extension]\nid = "launcher"\napi = 1\n\n[[sidebar_tabs]]\nname = "go"\nlabel = "Go"\nentries = [\n  { label = "beside", group = "g", run = "sh -c '${write}' run" },\n  { label = "away", popup = "sh -c '${write}' popup" },\n]\n`,
    );
    const installed = await cli(['extensions', 'install', '--link', dir]);
    expect(installed.stderr).toBe('');
    const stateDir = join(home, '.local/state/rozi/extensions/launcher');
    const panesBefore = JSON.parse((await cli(['list-panes', '--format', 'json'])).stdout).data as {
      id: number;
      tab: number;
    }[];
    const ran = await server.call<{ pane: number | null }>('extensions.sidebarClick', {
      tab: 'launcher.go',
      entry: 0,
    });
    expect(ran.pane).toEqual(expect.any(Number));
    await waitFor(
      'the run pane wrote its row',
      async () =>
        existsSync(join(stateDir, 'run.txt')) &&
        readFileSync(join(stateDir, 'run.txt'), 'utf8') === 'beside|launcher',
    );
    const panesAfter = JSON.parse((await cli(['list-panes', '--format', 'json'])).stdout).data as {
      id: number;
      tab: number;
    }[];
    const runPane = panesAfter.find((p) => p.id === ran.pane);
    // Beside the focused pane: the same tab as some pane that was there before.
    expect(panesBefore.some((p) => p.tab === runPane?.tab)).toBe(true);
    const popped = await server.call<{ pane: number | null }>('extensions.sidebarClick', {
      tab: 'launcher.go',
      entry: 1,
    });
    await waitFor(
      'the popup pane wrote its row',
      async () =>
        existsSync(join(stateDir, 'popup.txt')) &&
        readFileSync(join(stateDir, 'popup.txt'), 'utf8') === 'away|launcher',
    );
    // A real popup: floating over the focused pane's workspace, not in its tiled layout.
    const view = await server.call<{
      sessions: { tabs: { layout: unknown; floating?: { paneId: number; kind: string }[] }[] }[];
    }>('workspace.get');
    const tabs = view.sessions.flatMap((x) => x.tabs);
    const holder = tabs.find((t) => t.floating?.some((f) => f.paneId === popped.pane));
    expect(holder?.floating?.find((f) => f.paneId === popped.pane)?.kind).toBe('popup');
    expect(JSON.stringify(holder?.layout)).not.toContain(`"paneId":${popped.pane}}`);
    for (const pane of [ran.pane, popped.pane])
      await server.call('panes.kill', { target: pane }).catch(() => undefined);
    expect((await cli(['extensions', 'remove', 'launcher', '--purge'])).code).toBe(0);
  });
});
