// rozi's streaming socket command `pick` (its control.md "Picker protocol"): the request line
// opens one picker in the browser through the extension host's broker. "a picker is already
// open" (and "no browser") are answered at once with `{"ok":false,…}` and the connection closes;
// otherwise `{"ok":true}`, then every later `{"rows":[…]}` line replaces the rows, a non-closing
// action writes `{"action",…}` and the palette stays, and the selection or cancellation writes
// its one terminal line and the connection closes. Every line is read through the same pure
// pickerProtocol.ts as `rozi pick --json`, so both doors accept and answer the same shapes. A
// client that goes away cancels the picker; a line that is not JSON, or holds no usable row, is
// skipped and the picker stays usable with the rows it has (bounded by PICKER_LIMITS). "an overlay is open" comes after the ack, when every
// browser has refused (browsers answer asynchronously), as one `{"ok":false,…}` line.
import type { ApiContext } from '../api/trpc';
import { normaliseRequest, normaliseRows, pickerOutputLine } from '../extensions/pickerProtocol';
import type { RoziRequest } from './roziWire';
import { failureReply } from './roziWire';

export interface PickStream {
  /** A line the client sent after its request. */
  onLine(line: string): void;
  /** The client went away: the picker is cancelled. */
  stop(): void;
}

export function startRoziPick(
  ctx: ApiContext,
  o: { req: RoziRequest; write(line: object): void; end(): void },
): PickStream {
  const request = normaliseRequest(o.req);
  const abort = new AbortController();
  const extension = typeof o.req.extension === 'string' ? o.req.extension : null;
  const host = ctx.extensions;
  let id: string | undefined;
  const done = host.pickers.request({
    request: { mode: 'pick', ...request.value, default: null, extension },
    owner: extension ? host.runtime(extension)?.generation : undefined,
    signal: abort.signal,
    onOpened: (opened) => {
      id = opened;
      o.write({ ok: true });
    },
    onAction: (result) => o.write(pickerOutputLine(result)),
  });
  done.then(
    (result) => {
      o.write(pickerOutputLine(result));
      o.end();
    },
    (err: unknown) => {
      o.write(failureReply(err));
      o.end();
    },
  );
  return {
    onLine(line) {
      if (id === undefined || line.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return;
      }
      const rows = normaliseRows(value);
      if (rows.problems.length > 0 && rows.value.length === 0) return;
      try {
        host.pickers.rows(id, rows.value);
      } catch {
        // Answered meanwhile: the terminal line is on its way.
      }
    },
    stop() {
      abort.abort();
    },
  };
}
