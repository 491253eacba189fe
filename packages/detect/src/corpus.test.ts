// The evidence corpus: every captured case in <repo>/fixtures/agents (real panes' screens,
// vendored from the team's shared captures) and every case in packages/detect/fixtures (ours) must read as recorded, and every
// shipped rule must be backed by a case of its own state that it matches.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { loadDefinitions } from './loadDefinitions';
import { parseFixtureFile, type FixtureFile } from './fixtureCases';
import { COMMON_RULES } from './commonRules';

const sharedDir = fileURLToPath(new URL('../../../fixtures/agents', import.meta.url));
const ownDir = fileURLToPath(new URL('../fixtures', import.meta.url));

function readDir(dir: string): FixtureFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .sort()
    .map((f) => parseFixtureFile(readFileSync(`${dir}/${f}`, 'utf8'), f));
}

if (!existsSync(sharedDir)) {
  throw new Error(`captured fixture corpus not found at ${sharedDir} (fixtures/agents of the repository)`);
}
const shared = readDir(sharedDir);
const own = readDir(ownDir);
const set = loadDefinitions();

describe('fixture corpus', () => {
  it('holds the 42 captured cases and well-formed files', () => {
    expect(shared.reduce((n, f) => n + f.cases.length, 0)).toBe(42);
    expect([...shared, ...own].flatMap((f) => f.errors)).toEqual([]);
    for (const f of own) expect(set.byId.has(f.agent), `${f.file} names agent ${f.agent}`).toBe(true);
  });

  for (const [label, files] of [
    ['shared', shared],
    ['own', own],
  ] as const) {
    describe(label, () => {
      const cases = files.flatMap((f) => f.cases.map((c) => ({ agent: f.agent, file: f.file, ...c })));
      it.each(cases)('$agent / $name reads $state', (c) => {
        const result = evaluate(set, { agentId: c.agent, screen: c.screen, title: c.title });
        expect(result.state, `matched: ${result.matches.map((m) => m.ruleId).join(', ') || 'nothing'}`).toBe(
          c.state,
        );
      });
    });
  }

  it('backs every shipped rule with a case of its state that it matches', () => {
    const backed = new Set<string>();
    for (const f of [...shared, ...own]) {
      for (const c of f.cases) {
        for (const m of evaluate(set, { agentId: f.agent, screen: c.screen, title: c.title }).matches) {
          if (m.state === c.state) backed.add(m.ruleId);
        }
      }
    }
    const shipped = [
      ...set.definitions.flatMap((d) => d.states.map((r) => r.id)),
      ...COMMON_RULES.map((r) => r.id),
    ];
    expect(shipped.filter((id) => !backed.has(id))).toEqual([]);
  });

  it('gives every agent with rules of its own a case that must read idle', () => {
    const idleAgents = new Set(
      [...shared, ...own].filter((f) => f.cases.some((c) => c.state === 'idle')).map((f) => f.agent),
    );
    const withRules = set.definitions.filter((d) => d.states.length > 0).map((d) => d.id);
    expect(withRules.filter((id) => !idleAgents.has(id))).toEqual([]);
  });
});
