// The control socket's line protocol (JSON, one object per line), shared by server and CLI.
//   request   {"id":1,"path":"panes.split","input":{…}}
//   cancel    {"id":1,"cancel":true}                 (ends a subscription)
//   reply     {"id":1,"ok":true,"data":…}            (query / mutation)
//   stream    {"id":1,"item":…} … {"id":1,"done":true} (subscription)
//   failure   {"id":1,"ok":false,"error":{"code":"not-found","message":"…"}}
// `path` names a procedure of api/router.ts: the CLI and the browser call the same code.

export interface ControlRequest {
  id: number;
  path?: string;
  input?: unknown;
  cancel?: boolean;
}

export type ControlReply =
  | { id: number; ok: true; data: unknown }
  | { id: number; ok: false; error: { code: string; message: string } }
  | { id: number; item: unknown }
  | { id: number; done: true };

export type ParsedControlRequest =
  { ok: true; request: ControlRequest } | { ok: false; id: number; error: string };

/** One request line, checked at the edge: anything but a request object is refused with a reason. */
export function parseControlRequest(line: string): ParsedControlRequest {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return { ok: false, id: 0, error: 'request is not valid JSON' };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { ok: false, id: 0, error: 'a request is a JSON object {"id","path","input"}' };
  const r = raw as Record<string, unknown>;
  const id = typeof r.id === 'number' && Number.isSafeInteger(r.id) ? r.id : 0;
  if (r.id !== undefined && id !== r.id) return { ok: false, id: 0, error: 'request id must be an integer' };
  if (r.path !== undefined && typeof r.path !== 'string')
    return { ok: false, id, error: 'request path must be a string' };
  return {
    ok: true,
    request: { id, path: r.path as string | undefined, input: r.input, cancel: r.cancel === true },
  };
}
