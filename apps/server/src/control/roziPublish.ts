// A rozi publish snapshot row ({"id","title","status","reason","active"}, its control.md "Agent
// slots") as this server's published row: the status becomes the row's state (working, blocked,
// idle; done and any other value read as idle), the title its label, the reason its message.
import { RoziError } from '../session/errors';

export interface PublishedRowInput {
  id: string;
  state: 'working' | 'blocked' | 'idle';
  label: string | null;
  message: string | null;
}

/** At most this many rows per snapshot (status.publishRows' own limit). */
const MAX_ROWS = 100;

export function snapshotRows(rows: unknown): PublishedRowInput[] {
  if (!Array.isArray(rows)) throw new RoziError('invalid', 'a snapshot is {"rows":[…]}');
  if (rows.length > MAX_ROWS) throw new RoziError('invalid', `a snapshot holds at most ${MAX_ROWS} rows`);
  return rows.map((r: unknown, i) => {
    const o = (r && typeof r === 'object' ? r : {}) as Record<string, unknown>;
    if (typeof o.id !== 'string' || o.id === '')
      throw new RoziError('invalid', `row ${i + 1} needs an "id" string`);
    const status = o.status;
    const state = status === 'working' || status === 'blocked' ? status : 'idle';
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : null);
    return { id: o.id.slice(0, 200), state, label: text(o.title), message: text(o.reason) };
  });
}
