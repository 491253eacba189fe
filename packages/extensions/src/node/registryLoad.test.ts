// Loading what is on disk the way rozi users put it there: a directory cloned into the extensions
// folder by hand loads like an installed one (source `unmanaged`, under its manifest id), and
// config.toml's `[extensions] disabled` keeps an extension, managed or not, from loading.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeRegistry } from './registry';
import { loadInstalled } from './registryLoad';

let root: string;
let extensionsDir: string;

const manifest = (id: string) =>
  `[extension]\nid = "${id}"\napi = 1\n\n[[commands]]\nid = "hello"\nlabel = "Hello"\nexec = ["true"]\n`;

function extensionDir(name: string, id: string): string {
  const dir = join(extensionsDir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'extension.toml'), manifest(id));
  return dir;
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rozi-load-'));
  extensionsDir = join(root, 'extensions');
  mkdirSync(extensionsDir);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('loadInstalled', () => {
  it('loads a directory cloned into the extensions folder by hand, under its manifest id', () => {
    const managed = extensionDir('alpha', 'alpha');
    writeRegistry(extensionsDir, {
      schema_version: 1,
      extensions: [
        {
          id: 'alpha',
          enabled: true,
          source: { kind: 'dir', path: managed },
          commit: null,
          digest: '', // no recorded digest: nothing to compare
          dir: managed,
          installedAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ],
    });
    const cloned = extensionDir('rozi-docker', 'docker');
    extensionDir('.staging-abc', 'staged'); // an install in progress is not an extension
    mkdirSync(join(extensionsDir, 'notes')); // a directory without a manifest is not one either
    extensionDir('copy-of-alpha', 'alpha'); // an id registry.json already has
    const loaded = loadInstalled(extensionsDir).extensions;
    expect(loaded.map((l) => `${l.entry.id}:${l.state}:${l.entry.source.kind}`)).toEqual([
      'alpha:enabled:dir',
      'alpha:invalid:unmanaged',
      'docker:enabled:unmanaged',
    ]);
    expect(loaded[1]?.problem).toMatch(/declares id 'alpha', which another installed extension already has/);
    expect(loaded[2]?.entry.dir).toBe(cloned);
    expect(loaded[2]?.check?.manifest?.commands.map((c) => c.publicId)).toEqual(['docker.hello']);
  });

  it("honours config.toml's [extensions] disabled for managed and unmanaged extensions", () => {
    extensionDir('docker', 'docker');
    extensionDir('tasks', 'tasks');
    const loaded = loadInstalled(extensionsDir, { disabled: ['docker', 'nosuch'] }).extensions;
    expect(loaded.map((l) => `${l.entry.id}:${l.state}:${l.disabledByConfig === true}`)).toEqual([
      'docker:disabled:true',
      'tasks:enabled:false',
    ]);
  });
});
