// The two exports of a draft must be files people can paste as they are: the plain TOML loads as a
// config.toml entry, and the snippet under an [extension] header is a manifest that
// `extensions check` accepts and detect loads as `<extension>.<id>`, both with no warning and
// with every value (quotes, backslashes, a quote inside a regex, non-ASCII) read back unchanged.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefinitions } from '@rozi/detect';
import { checkExtensionDir } from '@rozi/extensions/node';
import { entryOfDraft, type DefinitionDraft } from './draftModel';
import { exportDraft } from './definitionExport';

const DRAFT: DefinitionDraft = {
  id: 'mca',
  label: 'My "Cool" Agent — ß',
  base: true,
  match: { names: ['mca'], paths: ['@acme/mca'] },
  states: [
    {
      state: 'working',
      scope: 'footer',
      screen: { any_of: ['esc to interrupt'], all_of: [], none_of: [], regex: false },
    },
    // A regex with a backslash and a single quote: no literal string can hold both.
    {
      state: 'blocked',
      scope: 'all',
      screen: {
        any_of: ["\\bdon't\\b", 'Allow \\w+\\?'],
        all_of: ['esc dismiss'],
        none_of: ['C:\\\\Users'],
        regex: true,
      },
    },
    { state: 'idle', scope: 'all', title: { any_of: ['✳ mca'], all_of: [], none_of: [], regex: false } },
  ],
  resume: { argv: ['mca', '--resume', '{session}'] },
  question: {
    select: 'digits',
    confirm: false,
    option: '^\\s*\\[(\\d)\\]\\s+(.+)$',
    question: "don't (.+)\\?",
  },
};

const HEADER = '[extension]\nid = "acme"\ntitle = "Acme"\nversion = "0.1.0"\napi = 1\n\n';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rozi-export-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('exportDraft', () => {
  it('writes plain TOML that parses back to the entry and loads as a config.toml agent without warnings', () => {
    const { toml } = exportDraft(DRAFT);
    expect(toml.startsWith('# ')).toBe(true);
    const doc = parse(toml) as { agents: unknown[] };
    expect(doc.agents).toEqual([entryOfDraft(DRAFT)]);
    const set = loadDefinitions({ config: { file: 'config.toml', text: toml } });
    expect(set.warnings).toEqual([]);
    const def = set.byId.get('mca');
    expect(def?.label).toBe('My "Cool" Agent — ß');
    expect(def?.states.map((r) => r.state)).toEqual(['working', 'blocked', 'idle']);
    expect(def?.states[1]?.group.anyOf).toEqual(["\\bdon't\\b", 'Allow \\w+\\?']);
    expect(def?.resume?.argv).toEqual(['mca', '--resume', '{session}']);
    expect(toml).toContain('[agents.question]');
    expect(def?.question?.select).toBe('digits');
    expect(def?.question?.option?.exec('  [2] Deny')).toEqual({ match: '  [2] Deny', group: '2' });
    expect(def?.question?.question?.source).toBe("don't (.+)\\?");
  });

  it('writes an extension.toml snippet that `extensions check` accepts and detect loads namespaced', () => {
    const { extensionSnippet } = exportDraft(DRAFT);
    writeFileSync(join(dir, 'extension.toml'), HEADER + extensionSnippet);
    const { check, problem } = checkExtensionDir(dir);
    expect(problem).toBeUndefined();
    expect(check?.verdict).not.toBe('invalid');
    expect(check?.errors ?? []).toEqual([]);
    const set = loadDefinitions({
      extensions: [{ id: 'acme', file: join(dir, 'extension.toml'), text: HEADER + extensionSnippet }],
    });
    expect(set.warnings).toEqual([]);
    expect(set.byId.get('acme.mca')?.match.paths).toEqual(['@acme/mca']);
  });

  it('exports the smallest draft as just its id', () => {
    const { toml, extensionSnippet } = exportDraft({ id: 'tiny' });
    expect(parse(toml)).toEqual({ agents: [{ id: 'tiny' }] });
    expect(parse(extensionSnippet)).toEqual({ agents: [{ id: 'tiny' }] });
  });
});
