// Settings → Agents' list from real files in a temp HOME: config.toml entries in file order with
// the warnings of their own lines (a dropped entry included, so the user can fix it), a built-in
// replaced by config marked on both sides, an installed extension's agent namespaced with its
// source, and the draft behind each kind of definition as the form opens it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installExtension } from '@rozi/extensions/node';
import { draftFor, loadCatalogue, type Catalogue } from './definitionCatalogue';

const CONFIG = `# my agents
theme = "dark"

[[agents]]
id = "mine"
label = "Mine"
match = { names = ["mine"] }

[[agents.states]]
state = "blocked"
screen = { any_of = ["Allow?"] }

# an override of a built-in: the match is inherited
[[agents]]
id = "claude"

[[agents.states]]
state = "blocked"
screen = { any_of = ["Do you want to proceed?"] }

[[agents]]
id = "Bad Id"
match = { names = ["bad"] }

[[agents]]
id = "half"
match = { names = ["half"] }

[[agents.states]]
state = "blocked"
screen = { regex = true, any_of = ["ok (unclosed"] }
`;

const MANIFEST = `[extension]
id = "acme"
title = "Acme"
version = "0.1.0"
api = 1

[[agents]]
id = "mca"
label = "My Cool Agent"
match = { names = ["mca"] }

[[agents.states]]
state = "working"
scope = "footer"
screen = { any_of = ["esc to interrupt"] }
`;

let home: string;
let env: NodeJS.ProcessEnv;
let catalogue: Catalogue;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'rozi-catalogue-'));
  env = {
    HOME: home,
    ROZI_CONFIG_DIR: join(home, 'config'),
    ROZI_DATA_DIR: join(home, 'data'),
    ROZI_STATE_DIR: join(home, 'state'),
  };
  mkdirSync(join(home, 'config'));
  writeFileSync(join(home, 'config', 'config.toml'), CONFIG);
  const src = join(home, 'src', 'acme');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(src, 'extension.toml'), MANIFEST);
  await installExtension({
    dirs: {
      extensionsDir: join(home, 'data', 'extensions'),
      stateRoot: join(home, 'state'),
      logRoot: join(home, 'state', 'logs'),
    },
    source: src,
    link: true,
    env,
  });
  catalogue = await loadCatalogue(env);
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const entry = (key: string) => catalogue.entries.find((e) => e.key === key);

describe('loadCatalogue', () => {
  it('lists config.toml entries in file order, then extensions, then every built-in', () => {
    expect(catalogue.configFound).toBe(true);
    expect(catalogue.configFile).toBe(join(home, 'config', 'config.toml'));
    const keys = catalogue.entries.map((e) => e.key);
    expect(keys.slice(0, 5)).toEqual([
      'config:mine',
      'config:claude',
      'config:Bad Id',
      'config:half',
      'extension:acme.mca',
    ]);
    expect(keys.filter((k) => k.startsWith('builtin:')).length).toBeGreaterThan(3);
    expect(catalogue.configWarnings).toEqual([]);
  });

  it('shows a valid config entry with its match and rule count, and no warnings', () => {
    expect(entry('config:mine')).toMatchObject({
      id: 'mine',
      label: 'Mine',
      source: 'config',
      loaded: true,
      overrides: false,
      names: ['mine'],
      rules: 1,
      warnings: [],
    });
  });

  it('marks an override and the built-in it replaces', () => {
    expect(entry('config:claude')).toMatchObject({ source: 'config', overrides: true, loaded: true });
    // The override inherited the built-in's process names.
    expect(entry('config:claude')?.names).toContain('claude');
    expect(entry('builtin:claude')).toMatchObject({ source: 'builtin', overridden: true });
    expect(entry('builtin:codex')?.overridden).toBe(false);
  });

  it('keeps a dropped entry in the list with the warning of its own lines', () => {
    const bad = entry('config:Bad Id');
    expect(bad).toMatchObject({ loaded: false, names: ['bad'] });
    expect(bad?.warnings).toHaveLength(1);
    expect(bad?.warnings[0]?.line).toBe(CONFIG.split('\n').indexOf('id = "Bad Id"') + 1);
    // A bad regex drops the rule, not the entry: the warning sits on the entry that owns it.
    const half = entry('config:half');
    expect(half).toMatchObject({ loaded: true, rules: 0 });
    expect(half?.warnings.map((w) => w.message).join('\n')).toMatch(
      /invalid regex 'ok \(unclosed'.*rule dropped/,
    );
    expect(entry('config:mine')?.warnings).toEqual([]);
  });

  it("lists an installed extension's agent namespaced, with its extension", () => {
    expect(entry('extension:acme.mca')).toMatchObject({
      id: 'acme.mca',
      label: 'My Cool Agent',
      source: 'extension',
      extension: 'acme',
      rules: 1,
      names: ['mca'],
    });
  });

  it('says when there is no config.toml and still lists the built-ins', async () => {
    const empty = await loadCatalogue({
      ...env,
      ROZI_CONFIG_DIR: join(home, 'nowhere'),
      ROZI_DATA_DIR: join(home, 'nodata'),
    });
    expect(empty.configFound).toBe(false);
    expect(empty.entries.every((e) => e.source === 'builtin')).toBe(true);
  });
});

describe('draftFor', () => {
  it('opens a config entry as written', async () => {
    expect(await draftFor(env, { source: 'config', id: 'mine' })).toEqual({
      id: 'mine',
      label: 'Mine',
      base: true,
      match: { names: ['mine'], paths: [] },
      states: [
        {
          state: 'blocked',
          scope: 'all',
          screen: { all_of: [], any_of: ['Allow?'], none_of: [], regex: false },
        },
      ],
    });
  });

  it('opens a built-in from the catalogue text (what Override copies)', async () => {
    const d = await draftFor(env, { source: 'builtin', id: 'claude' });
    expect(d?.id).toBe('claude');
    expect(d?.match?.names).toContain('claude');
    expect(d?.states?.length).toBeGreaterThan(0);
  });

  it("copies an extension's agent without the extension prefix (what Copy to config opens)", async () => {
    expect(await draftFor(env, { source: 'extension', id: 'acme.mca' })).toEqual({
      id: 'mca',
      label: 'My Cool Agent',
      base: true,
      match: { names: ['mca'], paths: [] },
      states: [
        {
          state: 'working',
          scope: 'footer',
          screen: { all_of: [], any_of: ['esc to interrupt'], none_of: [], regex: false },
        },
      ],
    });
  });

  it('answers null for what does not exist', async () => {
    expect(await draftFor(env, { source: 'config', id: 'nope' })).toBeNull();
    expect(await draftFor(env, { source: 'builtin', id: 'nope' })).toBeNull();
    expect(await draftFor(env, { source: 'extension', id: 'acme.nope' })).toBeNull();
  });
});
