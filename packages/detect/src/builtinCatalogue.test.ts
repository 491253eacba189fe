// The embedded catalogue must equal builtin/*.toml (regenerate with
// `node packages/detect/scripts/generate-catalogue.mjs` after editing a built-in).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain .mjs script without type declarations
import { renderCatalogue } from '../scripts/generate-catalogue.mjs';

describe('built-in catalogue', () => {
  it('is in sync with builtin/*.toml', () => {
    const current = readFileSync(fileURLToPath(new URL('./builtinCatalogue.ts', import.meta.url)), 'utf8');
    expect(current, 'run node packages/detect/scripts/generate-catalogue.mjs').toBe(
      (renderCatalogue as () => string)(),
    );
  });
});
