// Loads the manifest fixtures: one TOML file per rule in fixtures/manifests, its expectations in
// leading comments (comments cannot change what a manifest means):
//   # expect: valid | invalid | incompatible
//   # error: <code> <path>        every error, exactly (path empty for whole-file problems)
//   # hint: <code> <path>         hints that must be present
//   # platform: <name>            the running platform (default linux)
//   # files: a b …                the extension's files (snapshot listing)
//   # snapshot-problem: <code> <message>
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckOptions, SnapshotFacts, Verdict } from '../src/manifest/index';

export const FIXTURE_DIR = join(import.meta.dirname, 'fixtures', 'manifests');
export const FIXTURE_ROZI_VERSION = '0.0.44';

export interface Fixture {
  name: string;
  text: string;
  verdict: Verdict;
  errors: { code: string; path: string }[];
  hints: { code: string; path: string }[];
  options: CheckOptions;
}

export function loadFixtures(): Fixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.toml'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(FIXTURE_DIR, file), 'utf8');
      const fixture: Fixture = {
        name: file.replace(/\.toml$/, ''),
        text,
        verdict: 'valid',
        errors: [],
        hints: [],
        options: { roziVersion: FIXTURE_ROZI_VERSION, platform: 'linux' },
      };
      let files: string[] | undefined;
      const problems: SnapshotFacts['problems'] = [];
      for (const line of text.split('\n')) {
        const m = /^# (expect|error|hint|platform|files|snapshot-problem): ?(.*)$/.exec(line);
        if (!m) continue;
        const [, key, value = ''] = m;
        const [first = '', ...rest] = value.split(' ');
        if (key === 'expect') fixture.verdict = value as Verdict;
        else if (key === 'error') fixture.errors.push({ code: first, path: rest.join(' ') });
        else if (key === 'hint') fixture.hints.push({ code: first, path: rest.join(' ') });
        else if (key === 'platform') fixture.options.platform = value;
        else if (key === 'files') files = value.split(' ');
        else if (key === 'snapshot-problem')
          problems.push({
            code: first as SnapshotFacts['problems'][number]['code'],
            message: rest.join(' '),
          });
      }
      if (files !== undefined || problems.length > 0)
        fixture.options.snapshot = { files: files ?? [], problems };
      return fixture;
    });
}
