// The `invoke` and `status` hook effects in a real server (real PTYs, the real isolated-vm worker,
// extensions installed through the CLI): a hook invokes its extension's own command and
// [[actions]] entry (their side effects are files they write), a hook without the permission and
// a hook naming another extension's command are refused with a log line, an effect whose
// extension was reloaded (`rozi run-action reload-extensions`) or disabled while the hook ran is
// dropped, and a `status` effect shows in `rozi agents get` and `agents list` until the hook that
// set it clears it (another hook's `clear` does not).
//
// Hooks run on `notification` events: `notify` with a pane is the quickest way to raise an event
// from a pane, and each hook picks its work from the notification's title.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHome, removeHome, roziData, runCli, startServer, waitFor, type TestServer } from './harness';

interface HookRow {
  extensionId: string;
  hookId: string;
  calls: number;
  rejectedEffects: number;
}

let server: TestServer;
let marks: string;

/** Writes an extension directory and installs it linked (edits count as new files on reload). */
async function installExtension(o: {
  id: string;
  manifest: string;
  files: Record<string, string>;
}): Promise<string> {
  const dir = join(server.home, 'src', o.id);
  for (const [rel, text] of Object.entries(o.files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  writeFileSync(
    join(dir, 'extension.toml'),
    `[extension]\nid = "${o.id}"\ntitle = "${o.id}"\nversion = "0.1.0"\napi = 1\n\n${o.manifest}`,
  );
  const r = await runCli(server.env, ['extensions', 'install', '--link', dir]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return dir;
}

function lines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
}

/** Raises a `notification` event from pane 1 of session main. */
function raise(title: string): Promise<unknown> {
  return server.call('notify', { title, message: 'from the test', pane: { target: 1 } });
}

async function hookRow(extensionId: string): Promise<HookRow | undefined> {
  return (await server.call<{ hooks: HookRow[] }>('extensions.status', {})).hooks.find(
    (h) => h.extensionId === extensionId,
  );
}

function count(pattern: RegExp): number {
  return server.stderr().match(new RegExp(pattern.source, 'g'))?.length ?? 0;
}

let invokerDir: string;

beforeAll(async () => {
  server = await startServer({ home: makeHome() });
  marks = join(server.home, 'marks');
  mkdirSync(marks);
  invokerDir = await installExtension({
    id: 'invoker',
    manifest: [
      '[[commands]]',
      'id = "mark"',
      'label = "Mark"',
      // Outside the extension directory: writing inside it would change its files and reload it.
      `exec = ["sh", "-c", "echo command >> ${marks}/command.log"]`,
      '',
      '[[actions]]',
      'id = "record"',
      'title = "Record"',
      'exec = ["sh", "{extension_dir}/bin/record.sh"]',
      'args_schema = { type = "object", required = ["tag"], properties = { tag = { type = "string" } } }',
      'result_schema = { type = "object", required = ["ok"] }',
      '',
      '[[hooks]]',
      'event = "notification"',
      'script = "./hooks/invoke.js"',
      'permissions = ["invoke"]',
      'timeout_ms = 1000',
      '',
    ].join('\n'),
    files: {
      // An action: JSON arguments on stdin, one JSON value on stdout.
      'bin/record.sh': `#!/bin/sh\nargs=$(cat)\necho "$args" >> ${marks}/action.log\necho '{"ok":true}'\n`,
      'hooks/invoke.js': [
        'export default (e) => {',
        // Holds the worker so the test can reload or disable the extension while a call is queued.
        "  if (e.title === 'slow') { const end = Date.now() + 900; while (Date.now() < end) {} return []; }",
        "  if (e.title === 'invoke-command' || e.title === 'invoke-late') return { type: 'invoke', action: 'mark' };",
        "  if (e.title === 'invoke-action') return { type: 'invoke', action: 'record', args: { tag: 'from-hook' } };",
        "  if (e.title === 'invoke-other') return { type: 'invoke', action: 'touch' };",
        '  return [];',
        '};',
        '',
      ].join('\n'),
    },
  });
  await installExtension({
    id: 'noperm',
    manifest: [
      '[[commands]]',
      'id = "touch"',
      'label = "Touch"',
      `exec = ["sh", "-c", "echo noperm >> ${marks}/noperm.log"]`,
      '',
      '[[hooks]]',
      'event = "notification"',
      'script = "./hooks/invoke.js"',
      'permissions = ["notify"]',
      '',
    ].join('\n'),
    files: {
      'hooks/invoke.js':
        "export default (e) => (e.title === 'noperm' ? { type: 'invoke', action: 'touch' } : []);\n",
    },
  });
  await installExtension({
    id: 'statuser',
    manifest: [
      '[[hooks]]',
      'event = "notification"',
      'script = "./hooks/owner.js"',
      'permissions = ["status"]',
      '',
      '[[hooks]]',
      'event = "notification"',
      'script = "./hooks/other.js"',
      'permissions = ["status"]',
      '',
    ].join('\n'),
    files: {
      'hooks/owner.js': [
        'export default (e) => {',
        "  if (e.title === 'status-set') return { type: 'status', state: 'blocked', reason: 'waiting for review' };",
        "  if (e.title === 'status-clear') return { type: 'status', state: 'clear' };",
        '  return [];',
        '};',
        '',
      ].join('\n'),
      'hooks/other.js':
        "export default (e) => (e.title === 'status-clear-other' ? { type: 'status', state: 'clear' } : []);\n",
    },
  });
  await waitFor(
    'every hook loaded',
    () =>
      ['invoker', 'noperm', 'statuser'].every((id) =>
        new RegExp(`hooks: loaded \\d hook\\(s\\) of ${id}`).test(server.stderr()),
      ),
    40_000,
  );
}, 90_000);

afterAll(async () => {
  expect(await server.stop()).toBe(0);
  removeHome(server.home);
});

describe('invoke effects', () => {
  it("run the extension's own command", async () => {
    await raise('invoke-command');
    await waitFor('the command wrote its mark', () => lines(join(marks, 'command.log')).length === 1, 10_000);
    expect(lines(join(marks, 'command.log'))).toEqual(['command']);
  });

  it("run the extension's own [[actions]] entry with the hook's arguments, once deployed in the session", async () => {
    // Actions are callable only in a session the extension is deployed in.
    await raise('invoke-action');
    await waitFor('the refusal', () =>
      /invoke invoker\.record failed: no action 'invoker\.record' is deployed in session 'main'/.test(
        server.stderr(),
      ),
    );
    expect(lines(join(marks, 'action.log'))).toEqual([]);

    const deploy = await runCli(server.env, ['extensions', 'deploy', 'invoker', '--session', 'main']);
    expect(deploy.code).toBe(0);
    await raise('invoke-action');
    await waitFor(
      'the action recorded its arguments',
      () => lines(join(marks, 'action.log')).length === 1,
      10_000,
    );
    expect(JSON.parse(lines(join(marks, 'action.log'))[0] as string)).toEqual({ tag: 'from-hook' });
  });

  it('are refused, logged and counted for a hook without the invoke permission', async () => {
    const before = (await hookRow('noperm'))?.rejectedEffects ?? 0;
    await raise('noperm');
    await waitFor('the refusal', () =>
      /effect 1 \(invoke\): the hook lacks the "invoke" permission/.test(server.stderr()),
    );
    await waitFor(
      'the rejection counted',
      async () => (await hookRow('noperm'))?.rejectedEffects === before + 1,
    );
    expect(lines(join(marks, 'noperm.log'))).toEqual([]);
  });

  it("are refused when they name another extension's command", async () => {
    await raise('invoke-other');
    await waitFor('the refusal', () =>
      /action "touch" is not one of this extension's own commands/.test(server.stderr()),
    );
    expect(lines(join(marks, 'noperm.log'))).toEqual([]);
  });

  /**
   * Runs `change` (a CLI call that gives the extension a new generation or retires it) while the
   * worker is kept busy: hooks run one call at a time, so a 0.9 s call and an invoke behind it
   * are raised every 0.8 s until the CLI returns, however long it takes on a loaded machine. The
   * invokes queued when the generation changed answer for the retired one and must be dropped.
   */
  async function whileHooksQueued(
    change: () => Promise<{ code: number | null }>,
  ): Promise<{ code: number | null; invokes: number }> {
    let done = false;
    let invokes = 0;
    await raise('slow');
    const pump = (async () => {
      while (!done) {
        await raise('slow');
        await raise('invoke-late');
        invokes++;
        await new Promise((r) => setTimeout(r, 800));
      }
    })();
    const { code } = await change();
    done = true;
    await pump;
    return { code, invokes };
  }
  const DROPPED =
    /hooks: hook invoker\/hooks\/invoke\.js: 1 effect\(s\) dropped: the extension was reloaded or disabled since the hook ran/;
  const marksNow = () => lines(join(marks, 'command.log')).length;

  it('are dropped when the extension was reloaded while the hook ran', async () => {
    const marked = marksNow();
    const dropped = count(DROPPED);
    // A reload with unchanged files keeps the generation; an edited file starts a new one.
    writeFileSync(join(invokerDir, 'bin', 'version.txt'), '2\n');
    const { code, invokes } = await whileHooksQueued(() =>
      runCli(server.env, ['run-action', 'reload-extensions']),
    );
    expect(code).toBe(0);
    await waitFor('a late effect dropped', () => count(DROPPED) > dropped, 20_000);
    // Every late invoke is either applied (answered before the reload, or by the reloaded hook)
    // or dropped, never both and never lost.
    await waitFor(
      'every late invoke accounted for',
      () => marksNow() - marked + (count(DROPPED) - dropped) === invokes,
      20_000,
    );
    // The reloaded hook works under its new generation.
    const settled = marksNow();
    await raise('invoke-command');
    await waitFor('the reloaded hook invoked', () => marksNow() === settled + 1, 20_000);
  }, 60_000);

  it('are dropped when the extension was disabled while the hook ran', async () => {
    const marked = marksNow();
    const dropped = count(DROPPED);
    const { code, invokes } = await whileHooksQueued(() =>
      runCli(server.env, ['extensions', 'disable', 'invoker']),
    );
    expect(code).toBe(0);
    await waitFor('a late effect dropped', () => count(DROPPED) > dropped, 20_000);
    // The unload is queued behind the calls raised before it: once it is logged they answered.
    await waitFor(
      'the hooks unloaded',
      () => /hooks: unloaded the hooks of invoker/.test(server.stderr()),
      20_000,
    );
    expect(marksNow() - marked + (count(DROPPED) - dropped)).toBeLessThanOrEqual(invokes);
    const after = marksNow();
    await raise('invoke-command');
    await waitFor('the notification handled', async () =>
      (await server.call<{ title: string | null }[]>('workspace.notifications')).some(
        (n) => n.title === 'invoke-command',
      ),
    );
    expect(marksNow()).toBe(after);
  }, 60_000);
});

interface AgentRow {
  session: string;
  pane: number;
  state: string | null;
  source: string | null;
  message: string | null;
}
interface PaneRow {
  id: number;
  agent: string | null;
  agent_state: string | null;
}

describe('status effects', () => {
  // Polled through the procedure the CLI calls; the CLI itself is run once per state below.
  const state = async (): Promise<string | null> =>
    (await server.call<{ ok: boolean; agent?: AgentRow }>('agents.get', { target: 'main:1' })).agent?.state ??
    null;
  const get = async (): Promise<AgentRow> => {
    const r = await runCli(server.env, ['agents', 'get', '--target', 'main:1', '--format', 'json']);
    expect(r.stderr).toBe('');
    return roziData<AgentRow>(r.stdout);
  };

  it("publish the raising pane's status, visible in agents get and agents list, until the hook that set it clears it", async () => {
    await raise('status-set');
    await waitFor('the published status', async () => (await state()) === 'blocked');
    expect(await get()).toMatchObject({
      session: 'main',
      pane: 1,
      state: 'blocked',
      source: 'published',
      message: 'waiting for review',
    });
    const listed = await runCli(server.env, ['agents', 'list', '--format', 'json']);
    expect(
      roziData<AgentRow[]>(listed.stdout).find((a) => a.session === 'main' && a.pane === 1),
    ).toMatchObject({ state: 'blocked', source: 'published' });
    // list-panes keeps detection's own reading, apart from what is published about the pane
    // (spec: "Test a definition"); the shell in pane 1 is no agent.
    const panes = await runCli(server.env, ['list-panes', '--format', 'json']);
    expect((JSON.parse(panes.stdout) as { data: PaneRow[] }).data.find((p) => p.id === 1)).toMatchObject({
      agent: null,
      agent_state: null,
    });

    // Another hook's clear undoes nothing it did not set.
    await raise('status-clear-other');
    await waitFor('the refusal', () =>
      /hook statuser\/hooks\/other\.js: effect 1 \(status\) not applied: this hook set no status on the pane/.test(
        server.stderr(),
      ),
    );
    expect(await state()).toBe('blocked');

    await raise('status-clear');
    await waitFor('the status cleared', async () => (await state()) !== 'blocked');
    const cleared = await get();
    expect(cleared.source).not.toBe('published');
    expect(cleared.state).not.toBe('blocked');
  }, 30_000);
});
