// JSON Schema checks for actions (spec: Actions): args and result are each at most 512 KiB and
// checked against the declared schema. A schema may not refer outside itself; Ajv is given no
// loader, so any non-local $ref fails to compile and the action is reported, not called.
import Ajv, { type ValidateFunction } from 'ajv';

export const MAX_ACTION_PAYLOAD_BYTES = 512 * 1024;

export type SchemaCheck = { ok: true } | { ok: false; message: string };

export class ActionSchemas {
  // strict: false because manifests are written for rozi's validator, which tolerates unknown
  // keywords (titles, examples, vendor extensions) — refusing them here would break valid actions.
  private readonly ajv = new Ajv({ allErrors: true, strict: false });
  private readonly cache = new Map<string, ValidateFunction | Error>();

  private compile(schema: unknown): ValidateFunction | Error {
    const key = JSON.stringify(schema ?? {});
    let fn = this.cache.get(key);
    if (!fn) {
      try {
        fn = this.ajv.compile(schema === undefined ? {} : (schema as object));
      } catch (err) {
        fn = err instanceof Error ? err : new Error(String(err));
      }
      this.cache.set(key, fn);
    }
    return fn;
  }

  /** Compiles without validating: an unusable schema is an error worth reporting at load time. */
  schemaError(schema: unknown): string | undefined {
    const fn = this.compile(schema);
    return fn instanceof Error ? fn.message : undefined;
  }

  check(schema: unknown, value: unknown): SchemaCheck {
    const fn = this.compile(schema);
    if (fn instanceof Error) return { ok: false, message: `schema does not compile: ${fn.message}` };
    if (fn(value)) return { ok: true };
    const first = (fn.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    return { ok: false, message: first.slice(0, 3).join('; ') || 'does not match the schema' };
  }
}
