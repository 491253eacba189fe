// rozi pick [-t TITLE] [-p TEXT] [--json]: a modal fuzzy palette in the browser (control.md
// "Picker protocol"). Plain: one row label per stdin line; once stdin closes the palette opens;
// prints the chosen line. --json: the first stdin line is the request {title, placeholder, width,
// actions, rows}; each later line replaces the rows while the palette stays open; every answer
// is one JSON line: {"selected":"<id>"}, {"cancelled":true}, {"action":"<id>","selected":"<id>"}
// (+ "input" for a prompting action). Exit 0 on a selection, 1 on a cancellation, 2 on a transport
// failure (no browser, "a picker is already open", "an overlay is open"). Bad lines are named on
// stderr and skipped; the picker stays usable.
import { z } from 'zod';
import { flag } from '../../flags';
import { createInterface } from 'node:readline';
import type { PickerRow } from '../../../events/types';
import { normaliseRequest, normaliseRows, pickerOutputLine } from '../../../extensions/pickerProtocol';
import { callServer } from '../../controlClient';
import { callerOf } from './extensionCall';
import { CliError, defineVerb } from '../../verb';
import { EXIT_PICK_CANCELLED, EXIT_PICK_TRANSPORT, readAll, runPicker, type PickItem } from './pickerSession';

function warn(stderr: NodeJS.WritableStream, problems: string[]): void {
  for (const p of problems) stderr.write(`rozi pick: ${p}\n`);
}

export const pickVerb = defineVerb({
  path: ['pick'],
  summary: 'let the user choose one of the stdin lines in a browser palette',
  flags: z.object({
    title: flag.string({ short: 't', value: 'TITLE', description: 'palette title' }),
    placeholder: flag.string({ short: 'p', value: 'TEXT', description: 'placeholder of the filter input' }),
    json: flag.boolean({ description: 'line protocol: request, row updates, actions' }),
  }),
  async run(ctx) {
    const o = ctx.opts;
    const env = ctx.io.env;
    const stderr = ctx.io.stderr;
    if (o.json !== true) {
      const lines = (await readAll(ctx.io.stdin)).split('\n').filter((l) => l !== '');
      const rows = normaliseRows(lines);
      warn(stderr, rows.problems);
      let exit: number = EXIT_PICK_CANCELLED;
      await runPicker(
        env,
        { mode: 'pick', title: o.title ?? null, placeholder: o.placeholder ?? null, rows: rows.value },
        (item) => {
          if (item.type === 'result' && item.result.kind === 'selected') {
            ctx.io.stdout.write(item.result.row.id + '\n');
            exit = 0;
          }
        },
      );
      return exit;
    }
    const rl = createInterface({ input: ctx.io.stdin, crlfDelay: Infinity });
    const it = rl[Symbol.asyncIterator]();
    const first = await it.next();
    if (first.done)
      throw new CliError('usage', 'pick --json needs a request line on stdin', {
        exitCode: EXIT_PICK_TRANSPORT,
      });
    let raw: unknown;
    try {
      raw = JSON.parse(first.value);
    } catch (err) {
      throw new CliError(
        'usage',
        `the first line of pick --json must be a JSON request: ${(err as Error).message}`,
        { exitCode: EXIT_PICK_TRANSPORT },
      );
    }
    const request = normaliseRequest(raw);
    warn(stderr, request.problems);
    let pickerId: string | undefined;
    let pending: PickerRow[] | undefined;
    let finished = false;
    const sendRows = (id: string, rows: PickerRow[]): void => {
      void callServer(env, 'extensions.pickerRows', { id, rows, caller: callerOf(env) }).catch(
        (err: unknown) => {
          if (!finished) warn(stderr, [`rows update refused: ${(err as Error).message}`]);
        },
      );
    };
    // Later stdin lines replace the rows while the palette is open; a bad line is named and skipped.
    const updates = (async () => {
      let n = 1;
      for (let next = await it.next(); !next.done && !finished; next = await it.next()) {
        n++;
        if (next.value.trim() === '') continue;
        let value: unknown;
        try {
          value = JSON.parse(next.value);
        } catch (err) {
          warn(stderr, [`line ${n} is not JSON (${(err as Error).message}); ignored`]);
          continue;
        }
        const rows = normaliseRows(value);
        warn(
          stderr,
          rows.problems.map((p) => `line ${n}: ${p}`),
        );
        if (rows.problems.length > 0 && rows.value.length === 0) continue;
        if (pickerId) sendRows(pickerId, rows.value);
        else pending = rows.value;
      }
    })();
    let exit: number = EXIT_PICK_CANCELLED;
    const show = (item: PickItem): void => {
      if (item.type === 'opened') {
        pickerId = item.id;
        if (pending) sendRows(item.id, pending);
        pending = undefined;
        return;
      }
      const line = pickerOutputLine(item.result);
      ctx.io.stdout.write(JSON.stringify(line) + '\n');
      if (item.type === 'result') exit = item.result.kind === 'cancelled' ? EXIT_PICK_CANCELLED : 0;
    };
    try {
      await runPicker(
        env,
        {
          mode: 'pick',
          ...request.value,
          title: request.value.title ?? o.title ?? null,
          placeholder: request.value.placeholder ?? o.placeholder ?? null,
        },
        show,
      );
    } finally {
      finished = true;
      rl.close();
    }
    // A stdin read error after the answer changes nothing the caller can still be told about.
    await updates.catch(() => undefined);
    return exit;
  },
});
