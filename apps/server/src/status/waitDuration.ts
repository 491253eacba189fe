// `--timeout` values: an integral number with a unit (ms, s or m), from 1 ms through 5 minutes
// (spec: "an integral ms, s, or m duration through five minutes").
export const MAX_WAIT_MS = 5 * 60_000;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };

export type DurationResult = { ok: true; ms: number } | { ok: false; message: string };

export function parseWaitDuration(text: string): DurationResult {
  const m = /^(\d+)(ms|s|m)$/.exec(text.trim());
  if (!m)
    return {
      ok: false,
      message: `--timeout must be a whole number with a unit ms, s or m (e.g. 500ms, 30s, 2m), got '${text}'`,
    };
  const ms = Number(m[1]) * (UNIT_MS[m[2] as string] as number);
  if (ms < 1) return { ok: false, message: `--timeout must be at least 1ms, got '${text}'` };
  if (ms > MAX_WAIT_MS) return { ok: false, message: `--timeout must be at most 5m, got '${text}'` };
  return { ok: true, ms };
}
