// The edge of /ws: a text frame becomes a ClientMessage only through this schema, so the hub's
// handlers never see `null`, a key that is an object, or a size of 1e9 (DESIGN.md: every input
// validated at the edge). Anything else is answered with one error line and changes nothing.
import { z } from 'zod';
import { FLOW_MAX_WINDOW, FLOW_MIN_WINDOW, type ClientMessage } from './protocol';

const key = z.number().int().nonnegative().max(0xffffffff);
/** The sizes a viewer may ask a pane for (a browser over /ws, a client over a host link). */
export const PANE_SIZE = { minCols: 2, maxCols: 1000, minRows: 1, maxRows: 500 } as const;

const cols = z.number().int().min(PANE_SIZE.minCols).max(PANE_SIZE.maxCols);
const rows = z.number().int().min(PANE_SIZE.minRows).max(PANE_SIZE.maxRows);

/** True when `cols` × `rows` is a size a pane may take (PANE_SIZE). */
export function validPaneSize(c: unknown, r: unknown): c is number {
  return cols.safeParse(c).success && rows.safeParse(r).success;
}

const schema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('attach'),
    key,
    cols: z.unknown().optional(),
    rows: z.unknown().optional(),
    since: z.unknown().optional(),
    window: z.unknown().optional(),
  }),
  z.object({ t: z.literal('flow'), key, window: z.number().finite().positive() }),
  z.object({ t: z.literal('detach'), key }),
  // 1 MiB frames are the cap (wsHub maxPayload); the text itself is whatever the user typed.
  z.object({ t: z.literal('input'), key, data: z.string() }),
  z.object({ t: z.literal('resize'), key, cols, rows }),
  z.object({ t: z.literal('ack'), key, bytes: z.number().finite().nonnegative() }),
  z.object({ t: z.literal('view'), session: z.string().min(1).max(256).nullable() }),
  z.object({ t: z.literal('take-control') }),
  z.object({
    t: z.literal('control'),
    op: z.enum(['request', 'grant', 'decline', 'input-lock', 'takeover', 'remove']),
    client: key.optional(),
    on: z.boolean().optional(),
  }),
]);

export type ParsedClientMessage = { ok: true; message: ClientMessage } | { ok: false; error: string };

export function parseClientMessage(text: string): ParsedClientMessage {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'message is not valid JSON' };
  }
  const hot = hotMessage(raw);
  if (hot) return { ok: true, message: hot };
  const r = schema.safeParse(raw);
  if (!r.success) {
    const t = raw && typeof raw === 'object' && 't' in raw ? String((raw as { t: unknown }).t) : '';
    const issue = r.error.issues[0];
    return {
      ok: false,
      error: t
        ? `bad '${t}' message: ${issue ? `${issue.path.join('.') || 'message'} ${issue.message}` : 'invalid'}`
        : 'a message is a JSON object with a known "t"',
    };
  }
  const m = r.data;
  if (m.t === 'attach') {
    // Size and `since` are optional on attach: a bad one is ignored (the pane keeps its size).
    const size = validPaneSize(m.cols, m.rows);
    const since = typeof m.since === 'number' && Number.isFinite(m.since) ? m.since : undefined;
    // Likewise the window: not a positive number = the default one.
    const window = typeof m.window === 'number' && m.window > 0 ? clampWindow(m.window) : undefined;
    return {
      ok: true,
      message: {
        t: 'attach',
        key: m.key,
        cols: size ? (m.cols as number) : 0,
        rows: size ? (m.rows as number) : 0,
        ...(since === undefined ? {} : { since }),
        ...(window === undefined ? {} : { window }),
      },
    };
  }
  if (m.t === 'flow') return { ok: true, message: { t: 'flow', key: m.key, window: clampWindow(m.window) } };
  if (m.t === 'control' && (m.op === 'input-lock' || m.op === 'takeover')) {
    if (m.on === undefined)
      return { ok: false, error: `bad 'control' message: '${m.op}' needs on: true or false` };
    return { ok: true, message: { t: 'control', op: m.op, on: m.on } };
  }
  if (m.t === 'control' && m.op === 'remove') {
    if (m.client === undefined) return { ok: false, error: "bad 'control' message: 'remove' needs client" };
    return { ok: true, message: { t: 'control', op: 'remove', client: m.client } };
  }
  return { ok: true, message: m as ClientMessage };
}

const isKey = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff;

/**
 * The two messages of every byte and every key, checked by hand: an `ack` per output frame
 * parsed (zod's discriminated union was ~3% of the server's main thread in a 30 MiB drain) and an
 * `input` per key (on the echo's path). Exactly the schema's rules, unknown fields dropped as zod
 * drops them; anything else (a bad one included) goes through the schema for its error line.
 */
function hotMessage(raw: unknown): ClientMessage | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const m = raw as { t?: unknown; key?: unknown; bytes?: unknown; data?: unknown };
  if (
    m.t === 'ack' &&
    isKey(m.key) &&
    typeof m.bytes === 'number' &&
    Number.isFinite(m.bytes) &&
    m.bytes >= 0
  )
    return { t: 'ack', key: m.key, bytes: m.bytes };
  if (m.t === 'input' && isKey(m.key) && typeof m.data === 'string')
    return { t: 'input', key: m.key, data: m.data };
  return null;
}

/** A flow-control window in [FLOW_MIN_WINDOW, FLOW_MAX_WINDOW], whole bytes. */
export function clampWindow(bytes: number): number {
  return Math.min(FLOW_MAX_WINDOW, Math.max(FLOW_MIN_WINDOW, Math.floor(bytes)));
}
