import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HookContribution } from '../../manifest/model';
import { matchesFilter } from './events';
import { extensionHooksFromManifest, manifestFilter, type ManifestHookParts } from './manifestHooks';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rozi-manifest-hooks-'));
  await mkdir(join(dir, 'hooks'));
  await writeFile(join(dir, 'hooks', 'blocked.js'), 'export default () => null\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hook = (fields: Partial<HookContribution>): HookContribution => ({
  event: 'agent-state-changed',
  script: './hooks/blocked.js',
  filter: undefined,
  permissions: ['notify'],
  timeoutMs: 50,
  memoryMb: 32,
  ...fields,
});

describe('extensionHooksFromManifest', () => {
  it('reads modules, names hooks by script, and lists own commands, actions and stream tabs', async () => {
    const manifest = {
      hooks: [
        hook({ filter: { agents: undefined, states: ['blocked'], pane: undefined } }),
        hook({ event: 'bell', memoryMb: 64, timeoutMs: 20 }),
        hook({ script: './hooks/missing.js' }),
      ],
      commands: [{ id: 'open' }],
      actions: [{ id: 'approve' }],
      sidebarTabs: [
        { name: 'agents', source: { kind: 'stream' } },
        { name: 'list', source: { kind: 'command' } },
      ],
    } as unknown as ManifestHookParts;
    const result = await extensionHooksFromManifest({ extensionId: 'my-ext', extensionDir: dir, manifest });
    expect(result.errors).toEqual([`my-ext: script "./hooks/missing.js" does not exist in ${dir}`]);
    expect(result.spec).toEqual({
      extensionId: 'my-ext',
      memoryMb: 64,
      actions: ['open', 'approve'],
      tabs: ['agents'],
      hooks: [
        {
          hookId: 'hooks/blocked.js',
          event: 'agent-state-changed',
          filter: { state: ['blocked'] },
          permissions: ['notify'],
          timeoutMs: 50,
          filename: 'my-ext/hooks/blocked.js',
          source: 'export default () => null\n',
        },
        {
          hookId: 'hooks/blocked.js#1',
          event: 'bell',
          permissions: ['notify'],
          timeoutMs: 20,
          filename: 'my-ext/hooks/blocked.js',
          source: 'export default () => null\n',
        },
      ],
    });
  });

  it('has nothing to load without hooks', async () => {
    const manifest = {
      hooks: [],
      commands: [],
      actions: [],
      sidebarTabs: [],
    } as unknown as ManifestHookParts;
    expect(await extensionHooksFromManifest({ extensionId: 'x', extensionDir: dir, manifest })).toEqual({
      spec: null,
      errors: [],
    });
  });

  it('maps the manifest filter onto event fields', () => {
    const filter = manifestFilter({ agents: ['claude', 'codex'], states: ['blocked', 'done'], pane: 2 });
    expect(filter).toEqual({ agent: ['claude', 'codex'], state: ['blocked', 'done'], pane: 2 });
    const event = {
      event: 'agent-state-changed',
      session: 's',
      pane: 2,
      agent: 'codex',
      previous: null,
      state: 'done',
      source: 'screen',
      message: null,
    } as const;
    expect(matchesFilter(filter, event)).toBe(true);
    expect(matchesFilter(filter, { ...event, pane: 3 })).toBe(false);
  });
});
