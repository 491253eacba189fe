// schemas/extension.schema.json and the validator agree on every fixture: the schema accepts a
// manifest exactly when the validator does not call it invalid (an incompatible manifest is well
// formed). Rules JSON Schema cannot express are listed below, each with why; for those fixtures
// the schema must accept what the validator rejects, so the list cannot go stale silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { checkManifest } from '../src/manifest/index';
import { toJson } from '../src/manifest/tomlValue';
import { loadFixtures } from './fixtureSet';

const VALIDATOR_ONLY: Record<string, string> = {
  'setting-float-integral': 'TOML 50.0 and 50 are one JSON number; only the TOML reader sees the float',
  'command-duplicate-id': 'uniqueness of a field across array items',
  'service-duplicate-name': 'uniqueness of a field across array items',
  'action-duplicate-id': 'uniqueness of a field across array items',
  'link-unknown-command': 'a reference from [[link_handlers]] into [[commands]]',
  'link-send-command': 'a reference from [[link_handlers]] into [[commands]]',
  'tab-unknown-setting': 'a reference from a tab into [settings]',
  'tab-list-setting': 'a reference from a tab into [settings]',
  'setting-default-not-in-choices': 'comparing two fields of one table',
  'setting-default-out-of-bounds': 'comparing two fields of one table',
  'setting-min-greater-than-max': 'comparing two fields of one table',
  'action-unknown-schema-keyword':
    'the 2020-12 meta-schema allows unknown keywords; the validator compiles with ajv strict mode',
  'action-missing-internal-ref': 'whether a $ref resolves needs compiling the schema',
  'action-external-ref': 'a $ref at any depth of an embedded schema',
  'action-relative-file-ref': 'a $ref at any depth of an embedded schema',
  'agent-invalid-regex': "regex-lite syntax, checked by @rozi/detect's definition validator",
  'agent-backreference-regex': "regex-lite syntax, checked by @rozi/detect's definition validator",
  'hook-missing-script-file': "needs the extension's file list",
  'snapshot-link-with-placed': "needs the extension's directory (snapshot)",
  'snapshot-too-large-with-action': "needs the extension's directory (snapshot)",
};
/** Not a TOML document: there is no JSON value to give the schema. */
const NOT_A_DOCUMENT = new Set(['toml-syntax-error', 'toml-duplicate-key']);

const schema = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'schemas', 'extension.schema.json'), 'utf8'),
);
// strictRequired and strictTypes flag idioms the schema relies on (`oneOf: [{ required: ["exec"] }, …]`, a `prefixItems` that checks only the program).
const ajv = new Ajv2020({
  strict: true,
  strictRequired: false,
  strictTypes: false,
  strictTuples: false,
  allErrors: true,
});
const validate = ajv.compile(schema);

describe('extension.schema.json agrees with the validator', () => {
  const fixtures = loadFixtures();
  for (const f of fixtures) {
    if (NOT_A_DOCUMENT.has(f.name)) continue;
    it(f.name, () => {
      const json = toJson(parse(f.text, { integersAsBigInt: true }));
      const schemaOk = validate(json);
      const verdict = checkManifest(f.text, f.options).verdict;
      const why = JSON.stringify(validate.errors?.slice(0, 3));
      if (f.name in VALIDATOR_ONLY) {
        expect(verdict).toBe('invalid');
        expect(schemaOk, `listed as validator-only, so the schema should accept it`).toBe(true);
      } else {
        expect(schemaOk, why).toBe(verdict !== 'invalid');
      }
    });
  }

  it('lists only fixtures that exist', () => {
    const names = new Set(fixtures.map((f) => f.name));
    for (const name of [...Object.keys(VALIDATOR_ONLY), ...NOT_A_DOCUMENT])
      expect(names.has(name), name).toBe(true);
  });
});
