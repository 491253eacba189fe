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
