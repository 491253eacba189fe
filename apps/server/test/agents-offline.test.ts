// The offline agent verbs, run through the real `rozi` bin in a temporary HOME: agents test,
// agents detect, agents definitions and config check read built-ins, config.toml and installed
// extensions exactly as a user's machine would.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roziData } from './harness';

const bin = fileURLToPath(new URL('../bin/rozi.mjs', import.meta.url));
const sharedFixtures = fileURLToPath(new URL('../../../fixtures/agents', import.meta.url));
let home: string;

function rozi(args: string[], opts: { input?: string; config?: string } = {}) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
  };
  for (const k of [
    'ROZI_CONFIG_DIR',
    'ROZI_DATA_DIR',
    'ROZI_STATE_DIR',
    'ROZI_EXTENSIONS_DIR',
    'ROZI_SOCKET',
  ])
    delete env[k];
  const res = spawnSync(process.execPath, [bin, ...args], {
    env,
    input: opts.input ?? '',
    encoding: 'utf8',
    cwd: home,
    timeout: 60_000,
  });
  return {
    code: res.status,
    stdout: res.stdout,
    stderr: res.stderr,
    json: () => JSON.parse(res.stdout),
    // rozi's success response (control.md): {"ok":true,"data":…}.
    data: () => roziData<ReturnType<typeof JSON.parse>>(res.stdout),
  };
}

function writeConfig(text: string) {
  mkdirSync(join(home, '.config/rozi'), { recursive: true });
  writeFileSync(join(home, '.config/rozi/config.toml'), text);
}

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'rozi-agents-'));
  if (!existsSync(sharedFixtures)) throw new Error(`captured fixture corpus missing at ${sharedFixtures}`);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('rozi agents (offline)', () => {
  it('agents test passes all 42 shared cases, with the JSON shape', () => {
    const r = rozi(['agents', 'test', sharedFixtures, '--format', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const report = r.data();
    expect(report).toMatchObject({ passed: 42, failed: 0 });
    expect(report.cases).toHaveLength(42);
    expect(Object.keys(report.cases[0]).sort()).toEqual([
      'actual',
      'agent',
      'expected',
      'file',
      'name',
      'pass',
      'rule',
    ]);
    expect(
      report.cases.find(
        (c: { name: string; agent: string }) => c.agent === 'kiro' && c.name === 'blocked-approval-shell',
      ),
    ).toMatchObject({ actual: 'blocked', rule: 'common.requires-approval' });
  });

  it('agents test uses config.toml definitions, the file stem or agent =, and exits 1 on a failure', () => {
    writeConfig(
      '[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n\n[[agents.states]]\nstate = "working"\nscope = "footer"\nscreen = { any_of = ["mca is busy"] }\n',
    );
    const dir = join(home, 'cases');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'mine.toml'),
      'agent = "mca"\n[[case]]\nname = "busy"\nstate = "working"\nscreen = """\nMCA is busy\n"""\n\n[[case]]\nname = "wrong"\nstate = "blocked"\nscreen = "nothing here"\n',
    );
    const r = rozi(['agents', 'test', dir, '--format', 'json']);
    // Failed cases: still rozi's success response (the run completed), exit 1.
    expect(r.code).toBe(1);
    const report = r.data();
    expect(report).toMatchObject({ passed: 1, failed: 1 });
    expect(report.cases).toEqual([
      {
        file: join(dir, 'mine.toml'),
        agent: 'mca',
        name: 'busy',
        expected: 'working',
        actual: 'working',
        pass: true,
        rule: 'mca.states[0]',
      },
      {
        file: join(dir, 'mine.toml'),
        agent: 'mca',
        name: 'wrong',
        expected: 'blocked',
        actual: 'idle',
        pass: false,
        rule: null,
      },
    ]);
    const text = rozi(['agents', 'test', join(dir, 'mine.toml'), '--format', 'text']);
    expect(text.stdout).toContain('FAIL  mca / wrong: expected blocked, got idle');
    expect(text.stdout).toContain('1 passed, 1 failed');
    const missing = rozi(['agents', 'test', join(home, 'nope'), '--format', 'json']);
    expect(missing.code).toBe(1);
    expect(missing.json().code).toBe('not-found');
  });

  it('agents detect explains a screen from a file or stdin', () => {
    const screen = join(home, 'screen.txt');
    const text = ' Do you want to proceed?\n ❯ 1. Yes\n   2. No\n  ⏸ manual mode on · esc to interrupt\n';
    writeFileSync(screen, text);
    const r = rozi(['agents', 'detect', '--agent', 'claude', '--screen-file', screen, '--format', 'json']);
    expect(r.code).toBe(0);
    const out = r.data();
    expect(out).toMatchObject({
      agent: 'claude',
      state: 'blocked',
      decided_by: { ruleId: 'common.approval-question', state: 'blocked' },
    });
    expect(out.matches.map((m: { state: string }) => m.state)).toContain('working');
    const span = out.decided_by.spans[0];
    expect(text.slice(span.start, span.end)).toBe(' Do you want to proceed?');

    const piped = rozi(
      ['agents', 'detect', '--agent', 'codex', '--screen-stdin', '--title', '⠼ lab', '--format', 'text'],
      { input: 'hello\n' },
    );
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain('state: working');
    expect(piped.stdout).toContain('decided by: common.spinner-title');

    const unknown = rozi(['agents', 'detect', '--agent', 'nonesuch', '--screen-stdin', '--format', 'json']);
    expect(unknown.code).toBe(1);
    expect(unknown.json().code).toBe('unknown-agent');
    const usage = rozi(['agents', 'detect', '--agent', 'claude', '--format', 'json']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('exactly one of --screen-file FILE or --screen-stdin');
  });

  it('agents definitions lists built-ins, config and extension definitions with their sources', () => {
    writeConfig(
      '[[agents]]\nid = "claude"\nlabel = "My Claude"\nresume = false\n\n[[agents]]\nid = "mca"\nmatch = { names = ["mca"] }\n',
    );
    // Only installed (registered), enabled extensions contribute agents: install it as a user would.
    const ext = join(home, 'acme-ext');
    mkdirSync(ext, { recursive: true });
    writeFileSync(
      join(ext, 'extension.toml'),
      '[extension]\nid = "acme"\napi = 1\n\n[[agents]]\nid = "bot"\nmatch = { paths = ["acme-bot"] }\n',
    );
    expect(rozi(['extensions', 'install', '--link', ext]).code).toBe(0);
    const r = rozi(['agents', 'definitions', '--format', 'json']);
    expect(r.code).toBe(0);
    const { definitions, warnings } = r.data();
    expect(warnings).toEqual([]);
    expect(definitions.length).toBeGreaterThanOrEqual(27);
    expect(definitions.slice(0, 3).map((d: { id: string }) => d.id)).toEqual(['claude', 'mca', 'acme.bot']);
    expect(definitions[0]).toMatchObject({
      source: 'config',
      overrides: 'builtin',
      label: 'My Claude',
      names: ['claude'],
      resume: null,
    });
    expect(definitions[2]).toMatchObject({ source: 'extension', extension: 'acme', paths: ['acme-bot'] });
    expect(
      definitions.filter((d: { source: string }) => d.source === 'builtin').length,
    ).toBeGreaterThanOrEqual(24);
    expect(rozi(['extensions', 'disable', 'acme']).code).toBe(0);
    expect(
      rozi(['agents', 'definitions', '--format', 'json'])
        .data()
        .definitions.some((d: { id: string }) => d.id === 'acme.bot'),
    ).toBe(false);
    expect(rozi(['extensions', 'remove', 'acme']).code).toBe(0);
    rmSync(ext, { recursive: true });
  });

  it('config check prints every warning with its line and exits 1, 0 when clean', () => {
    writeConfig(
      '[[agents]]\nid = "Bad Id"\nmatch = { names = ["x"] }\n\n[[agents]]\nid = "ok"\nmatch = { names = ["ok"] }\n\n[[agents.states]]\nstate = "working"\nscope = "bottom"\nscreen = { any_of = ["x"] }\n\n[[agents.states]]\nstate = "working"\nscreen = { regex = true, any_of = ["(x"] }\n',
    );
    const r = rozi(['config', 'check', '--format', 'text']);
    expect(r.code).toBe(1);
    const file = join(home, '.config/rozi/config.toml');
    expect(r.stdout).toContain(`${file}:2: agent id 'Bad Id' is invalid`);
    expect(r.stdout).toContain(`${file}:9: agent 'ok' rule 1: unknown scope 'bottom'`);
    expect(r.stdout).toMatch(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:14: .*invalid regex`),
    );
    expect(r.stdout).toContain('3 warnings');
    expect(
      rozi(['config', 'check', '--format', 'json'])
        .json()
        .warnings.map((w: { code: string }) => w.code),
    ).toEqual(['invalid-id', 'unknown-scope', 'invalid-regex']);

    writeConfig('[[agents]]\nid = "ok"\nmatch = { names = ["ok"] }\n');
    const clean = rozi(['config', 'check', '--format', 'text']);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('no warnings');
  });
});
