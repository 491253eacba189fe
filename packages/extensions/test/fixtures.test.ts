// Every fixture manifest gives its expected verdict and exactly its expected diagnostics (code
// and path), so each rule of the spec is pinned by at least one case.
import { describe, expect, it } from 'vitest';
import { checkManifest } from '../src/manifest/index';
import { loadFixtures } from './fixtureSet';

const fixtures = loadFixtures();
const key = (d: { code: string; path: string }) => `${d.code} ${d.path}`;

describe('manifest fixtures', () => {
  it('has a fixture set of at least 80 manifests', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(80);
  });

  for (const f of fixtures) {
    it(f.name, () => {
      const result = checkManifest(f.text, f.options);
      expect({ verdict: result.verdict, errors: result.errors.map(key).sort() }).toEqual({
        verdict: f.verdict,
        errors: f.errors.map(key).sort(),
      });
      const hints = result.hints.map(key);
      for (const h of f.hints) expect(hints).toContain(key(h));
      for (const e of result.errors) {
        expect(e.message.length).toBeGreaterThan(0);
        expect(e.message).not.toContain('\n');
      }
      if (f.verdict === 'invalid') expect(result.manifest).toBeUndefined();
      else expect(result.manifest?.extension.api).toBe(1);
    });
  }
});
