// rozi publish [--name N] [--kind agent]: activity rows as JSON lines on stdin, one row per line
// ({"id":"build","state":"working","label":"Build","message":"step 2/5"}; "state": null removes
// the row), or rozi's snapshot lines {"rows":[{"id","title","status","reason"}]}. The rows
// replace screen detection while the command runs and vanish when it exits:
// the server holds them on this command's open connection.
import { createInterface } from 'node:readline';
import { ACTIVITY_STATES, isStateIn, type ActivityState } from '@rozi/detect';
import { snapshotRows } from '../../../control/roziPublish';
import { z } from 'zod';
import { callServer, subscribeServer } from '../../controlClient';
import { flag } from '../../flags';
import { targetFlags, targetOf } from '../../target';
import { CliError, defineVerb } from '../../verb';

interface Row {
  id: string;
  state: ActivityState;
  label?: string | null;
  message?: string | null;
}

/** One stdin line → a row update, or a one-line reason it is not one. */
export function parseRowLine(
  line: string,
): { ok: true; id: string; row: Row | null } | { ok: false; message: string } {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return { ok: false, message: 'not JSON' };
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    return { ok: false, message: 'a row must be a JSON object' };
  const o = v as Record<string, unknown>;
  if (typeof o.id !== 'string' || o.id === '') return { ok: false, message: 'a row needs an "id" string' };
  if (o.state === null) return { ok: true, id: o.id, row: null };
  if (!isStateIn(ACTIVITY_STATES, o.state))
    return { ok: false, message: `"state" must be ${ACTIVITY_STATES.join(', ')} or null` };
  const text = (x: unknown) => (typeof x === 'string' ? x : null);
  return {
    ok: true,
    id: o.id,
    row: { id: o.id, state: o.state, label: text(o.label), message: text(o.message) },
  };
}

/** A rozi snapshot line, or null when the line is the project's one-row form. */
function snapshotOf(line: string): { ok: true; rows: Row[] } | { ok: false; message: string } | null {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object' || !('rows' in v)) return null;
  try {
    return { ok: true, rows: snapshotRows((v as { rows: unknown }).rows) };
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

export const publishVerb = defineVerb({
  path: ['publish'],
  summary: 'publish activity rows (JSON lines on stdin) shown instead of screen detection',
  flags: z.object({
    ...targetFlags,
    name: flag.string(
      { value: 'NAME', description: 'publisher name (several publishers may share a pane)' },
      z.string().default('publish'),
    ),
    kind: flag.string(
      { value: 'agent', description: "'agent': the rows stand for an agent (its name labels the pane)" },
      z.literal('agent').optional(),
    ),
  }),
  async run(ctx) {
    const { kind, name } = ctx.opts;
    const rows = new Map<string, Row>();
    let publisher: string | null = null;
    let failed: CliError | null = null;
    let lineNo = 0;
    const input = createInterface({ input: ctx.io.stdin });
    const ended = new Promise<void>((resolve) => input.once('close', () => resolve()));
    let chain = Promise.resolve();
    const send = () => {
      const id = publisher;
      if (!id) return;
      const snapshot = [...rows.values()];
      chain = chain.then(() =>
        callServer(ctx.io.env, 'status.publishRows', { publisher: id, rows: snapshot }).then(() => undefined),
      );
    };
    let started!: () => void;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    // The subscription holds the rows for as long as this command runs (or until it says done).
    const held = subscribeServer(
      ctx.io.env,
      {
        path: 'status.publisher',
        input: { ...targetOf(ctx), name, kind: kind === 'agent' ? 'agent' : 'activity' },
      },
      (item) => {
        // A person activated one of the rows: rozi's line on stdout, for the publisher to read.
        if (item.activate !== undefined)
          return void ctx.io.stdout.write(JSON.stringify({ activate: item.activate }) + '\n');
        publisher = item.publisher ?? null;
        started();
        send();
      },
    );
    input.on('line', (line) => {
      lineNo++;
      if (line.trim() === '') return;
      // rozi's snapshot line {"rows":[{"id","title","status","reason"}]} replaces every row.
      const snapshot = snapshotOf(line);
      if (snapshot) {
        if (!snapshot.ok)
          return void ctx.io.stderr.write(`rozi: publish: line ${lineNo}: ${snapshot.message}\n`);
        rows.clear();
        for (const row of snapshot.rows) rows.set(row.id, row);
        return send();
      }
      const r = parseRowLine(line);
      if (!r.ok) {
        ctx.io.stderr.write(`rozi: publish: line ${lineNo}: ${r.message}\n`);
        return;
      }
      if (r.row) rows.set(r.id, r.row);
      else rows.delete(r.id);
      send();
    });
    await Promise.race([isStarted, held]);
    await ended;
    await chain.catch((err: unknown) => {
      failed = err instanceof CliError ? err : new CliError('internal', String(err));
    });
    if (publisher) await callServer(ctx.io.env, 'status.closePublisher', { publisher });
    await held;
    if (failed) throw failed;
    ctx.print({ ok: true, rows: rows.size }, () => '');
    return 0;
  },
});
