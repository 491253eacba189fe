// Verb options read through zod schemas — the router's own input schemas where they exist, so
// the CLI refuses exactly what the server would, before connecting — with a refusal turned into
// one usage line naming the flag.
import type { z } from 'zod';
import { CliError } from './verb';

/** `value` (an option or positional as parsed) checked by `schema`; `what` names it in the error (`--state`, `STATE`). */
export function optionValue<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const expected =
    issue && 'values' in issue && Array.isArray(issue.values)
      ? `one of ${issue.values.map(String).join(', ')}`
      : (issue?.message ?? 'a valid value');
  throw new CliError('usage', `${what} must be ${expected}, got '${String(value ?? '')}'`);
}
