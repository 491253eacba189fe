// rozi pick [--title T] [--placeholder P] [--json]: a modal fuzzy palette in the browser.
// Plain: one row label per stdin line; once stdin closes the palette opens; prints the chosen
// line (exit 0), exit 1 on cancel, 2 on a transport failure.
// --json: the first stdin line is the request {title, placeholder, width, actions, rows}; each
// later line replaces the rows while the palette stays open; output is one JSON line per answer:
// {"selected": row}, {"cancelled": true} or {"action": id, "selected": row, "input": text}.
import { createInterface } from 'node:readline';
import { callServer } from '../../controlClient';
import { CliError, type Verb } from '../../verb';
import { EXIT_PICK_CANCELLED, EXIT_PICK_TRANSPORT, readAll, runPicker, type PickItem } from './pickerSession';

type Row = { id: string; label: string; group?: string; badge?: string; disabled?: boolean };

function rowsOf(value: unknown): Row[] {
  const list = Array.isArray(value) ? value : (value as { rows?: unknown })?.rows;
  if (!Array.isArray(list)) throw new CliError('usage', 'rows must be a JSON array (or {"rows": [...]})', 2);
  return list.map((r, i) =>
    typeof r === 'string'
      ? { id: r, label: r }
      : {
          ...(r as Row),
          id: String((r as Row).id ?? (r as Row).label ?? i),
          label: String((r as Row).label ?? (r as Row).id ?? ''),
        },
  );
}

export const pickVerb: Verb = {
  path: ['pick'],
  summary: 'let the user choose one of the stdin lines in a browser palette',
  options: [
    { name: 'title', type: 'string', value: 'TITLE', description: 'palette title' },
    { name: 'placeholder', type: 'string', value: 'TEXT', description: 'placeholder of the filter input' },
    { name: 'json', type: 'boolean', description: 'line protocol: request, row updates, actions' },
  ],
  async run(ctx) {
    const o = ctx.args.options;
    const env = ctx.io.env;
    const out = (v: unknown) => ctx.io.stdout.write(JSON.stringify(v) + '\n');
    if (o.json !== true) {
      const lines = (await readAll(ctx.io.stdin)).split('\n').filter((l) => l !== '');
      let exit = EXIT_PICK_CANCELLED;
      await runPicker(
        env,
        {
          mode: 'pick',
          title: o.title ?? null,
          placeholder: o.placeholder ?? null,
          rows: lines.map((l) => ({ id: l, label: l })),
        },
        (item) => {
          if (item.type === 'result' && item.result.kind === 'selected' && item.result.row) {
            ctx.io.stdout.write(item.result.row.label + '\n');
            exit = 0;
          }
        },
      );
      return exit;
    }
    const rl = createInterface({ input: ctx.io.stdin, crlfDelay: Infinity });
    const it = rl[Symbol.asyncIterator]();
    const first = await it.next();
    if (first.done) throw new CliError('usage', 'pick --json needs a request line on stdin', 2);
    let request: Record<string, unknown>;
    try {
      request = JSON.parse(first.value) as Record<string, unknown>;
    } catch {
      throw new CliError('usage', 'the first line of pick --json must be a JSON request', 2);
    }
    let pickerId: string | undefined;
    const pending: Row[][] = [];
    // Later stdin lines replace the rows while the palette is open.
    const updates = (async () => {
      for (let next = await it.next(); !next.done; next = await it.next()) {
        if (next.value.trim() === '') continue;
        const rows = rowsOf(JSON.parse(next.value));
        if (pickerId)
          await callServer(env, 'extensions.pickerRows', { id: pickerId, rows }).catch(() => undefined);
        else pending.push(rows);
      }
    })().catch(() => undefined);
    let exit = EXIT_PICK_CANCELLED;
    const show = (item: PickItem): void => {
      if (item.type === 'opened') {
        pickerId = item.id;
        const last = pending.pop();
        if (last)
          void callServer(env, 'extensions.pickerRows', { id: item.id, rows: last }).catch(() => undefined);
        return;
      }
      const r = item.result;
      if (r.kind === 'selected') {
        out({ selected: r.row });
        exit = 0;
      } else if (r.kind === 'action') {
        out({ action: r.action, selected: r.selected ?? null, input: r.input ?? null });
        exit = 0;
      } else out({ cancelled: true });
    };
    const req = {
      mode: 'pick',
      title: request.title ?? null,
      placeholder: request.placeholder ?? null,
      width: request.width ?? null,
      actions: request.actions ?? [],
      rows: request.rows !== undefined ? rowsOf(request.rows) : [],
    };
    await runPicker(env, req, show);
    rl.close();
    void updates;
    return exit === 0 ? 0 : exit === EXIT_PICK_CANCELLED ? EXIT_PICK_CANCELLED : EXIT_PICK_TRANSPORT;
  },
};
