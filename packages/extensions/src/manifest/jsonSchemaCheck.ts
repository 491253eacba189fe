// An action's args_schema / result_schema must be a valid JSON Schema (draft 2020-12) that
// refers to nothing outside itself (spec: "A schema cannot refer to anything outside itself"):
// rozi checks arguments and results offline, so a remote `$ref` could never resolve, and a
// relative one would depend on where the schema was loaded from.
import Ajv2020 from 'ajv/dist/2020';
import { isTable } from './tomlValue';

// strictSchema rejects unknown keywords (a typo such as `require` would otherwise be ignored and
// accept anything). strictTypes/strictTuples/strictRequired stay off: they flag legal schemas such
// as the spec's own `{ type = "object", required = ["passed"] }`. Formats are not validated by
// rozi, so an unknown `format` is not an error. logger: false keeps ajv from writing to stderr.
const OPTIONS = {
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  validateFormats: false,
  allErrors: false,
  logger: false,
} as const;

let shared: Ajv2020 | undefined;

const REF_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'];

/** Every reference that does not stay inside the schema (anything not starting with `#`). */
export function externalRefs(schema: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isTable(node)) {
      for (const key of Object.keys(node)) {
        const value = node[key];
        if (REF_KEYWORDS.includes(key) && typeof value === 'string' && !value.startsWith('#'))
          found.push(value);
        else stack.push(value);
      }
    }
  }
  return found;
}

function hasId(schema: unknown): boolean {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isTable(node)) {
      if (Object.hasOwn(node, '$id')) return true;
      for (const key of Object.keys(node)) stack.push(node[key]);
    }
  }
  return false;
}

export type SchemaProblem = { code: 'schema-external-ref' | 'invalid-json-schema'; message: string };

/** Compiles a JSON value as a schema; undefined when it is usable. Never throws. */
export function checkJsonSchema(schema: unknown): SchemaProblem | undefined {
  if (typeof schema !== 'boolean' && !isTable(schema)) {
    return { code: 'invalid-json-schema', message: 'a JSON Schema is a table (or true/false)' };
  }
  const external = externalRefs(schema);
  if (external.length > 0) {
    return {
      code: 'schema-external-ref',
      message: `the schema refers outside itself (${JSON.stringify(external[0]?.slice(0, 80))}); use "#/…" references to its own $defs`,
    };
  }
  // A schema with $id registers that id; a fresh instance keeps two manifests from colliding.
  const ajv = hasId(schema) ? new Ajv2020(OPTIONS) : (shared ??= new Ajv2020(OPTIONS));
  try {
    ajv.compile(schema as object);
    return undefined;
  } catch (err) {
    const message = err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err);
    return { code: 'invalid-json-schema', message: `not a valid JSON Schema: ${message.slice(0, 200)}` };
  } finally {
    if (typeof schema === 'object') ajv.removeSchema(schema);
  }
}
