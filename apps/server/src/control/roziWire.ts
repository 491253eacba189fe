// rozi's own socket protocol (its control.md, "Wire protocol"), beside the project's: a connection
// whose first line is `{"cmd": …}` sends one request and gets one `{"ok":true,"data":…}` or
// `{"ok":false,"error":"…"}` line back, then the connection ends. `subscribe` and `publish` stay
// open (roziStreams.ts). Every command is answered by the same tRPC procedures the CLI and the
// browser reach (a typed caller), so the two protocols cannot drift apart.
import { describeError } from '../api/errorShape';
import { appRouter } from '../api/router';
import type { ApiContext } from '../api/trpc';
import { RoziError } from '../session/errors';
import { setPaneLogging } from '../session/paneLogging';
import { resolvePane } from '../session/target';

/** The commands of control.md; the streaming ones are served by roziStreams.ts. */
export const ROZI_COMMANDS = [
  'list-panes',
  'metrics',
  'focus',
  'send-text',
  'send-keys',
  'new-pane',
  'run-action',
  'capture-pane',
  'switch-workspace',
  'move-to-workspace',
  'set-status',
  'popup',
  'publish',
  'pick',
  'notify',
  'subscribe',
  'pane-logging',
] as const;

export type RoziRequest = Record<string, unknown> & { cmd: string };

export type RoziReply = { ok: true; data?: unknown } | { ok: false; error: string; code: string };

/** The first line of a connection speaks rozi's protocol when it is an object with a string `cmd`. */
export function parseRoziRequest(line: string): RoziRequest | null {
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  return typeof r.cmd === 'string' && r.path === undefined ? (r as RoziRequest) : null;
}

export function failureReply(err: unknown): RoziReply {
  const d = describeError(err);
  return { ok: false, error: d.message, code: d.code };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) ? v : undefined;

/** `target`, else the request's `source_pane` (the caller's ROZI_PANE), else the focused pane. */
export function targetOf(req: RoziRequest): { target?: number | string } {
  const t = req.target ?? req.source_pane;
  return typeof t === 'number' || typeof t === 'string' ? { target: t } : {};
}

function requireIndex(req: RoziRequest): number {
  const index = num(req.index);
  if (index === undefined) throw new RoziError('invalid', `${req.cmd} needs "index": a workspace number 1-9`);
  return index;
}

/** The session of the request's pane (`target` / `source_pane`), else the default one. */
async function sessionOfRequest(
  api: ReturnType<typeof appRouter.createCaller>,
  req: RoziRequest,
): Promise<string | undefined> {
  const { target } = targetOf(req);
  if (target === undefined) return undefined;
  const rows = await api.panes.list();
  const at = typeof target === 'string' ? /^(.+):\d+$/.exec(target) : null;
  return at
    ? at[1]
    : (rows.find((p) => p.id === target && p.focused)?.session ?? rows.find((p) => p.id === target)?.session);
}

/** Answers one non-streaming command. */
export async function answerRozi(ctx: ApiContext, req: RoziRequest): Promise<RoziReply> {
  const api = appRouter.createCaller(ctx);
  try {
    // control.md: `enabled` omitted toggles; the target, else the source pane, else the focused one.
    if (req.cmd === 'pane-logging')
      return {
        ok: true,
        data: setPaneLogging({
          pane: resolvePane(ctx.manager, targetOf(req)),
          enabled: typeof req.enabled === 'boolean' ? req.enabled : undefined,
        }),
      };
    return { ok: true, data: await dispatch(api, req) };
  } catch (err) {
    return failureReply(err);
  }
}

async function dispatch(api: ReturnType<typeof appRouter.createCaller>, req: RoziRequest): Promise<unknown> {
  switch (req.cmd) {
    case 'list-panes':
      return api.panes.list();
    case 'metrics':
      return api.status.metrics();
    case 'focus':
      return api.panes.focus(targetOf(req));
    case 'send-text':
      return api.panes.sendText({ ...targetOf(req), text: str(req.text) ?? '' });
    case 'send-keys': {
      const keys = Array.isArray(req.keys) ? req.keys.filter((k): k is string => typeof k === 'string') : [];
      return api.panes.sendKeys({ ...targetOf(req), keys, literal: req.literal === true });
    }
    case 'new-pane': {
      const argv = Array.isArray(req.argv)
        ? req.argv.filter((a): a is string => typeof a === 'string')
        : null;
      const r = await api.panes.newTab({
        command: argv ? null : (str(req.command) ?? null),
        argv,
        cwd: str(req.cwd) ?? null,
        title: str(req.title) ?? null,
        keepOpen: typeof req.keep_open === 'boolean' ? req.keep_open : undefined,
        select: req.focus === true,
      });
      return { ...r.pane, accepted: true, pty_ready: r.pty_ready };
    }
    case 'run-action':
      return api.extensions.runAction({ id: str(req.action) ?? '', ...targetOf(req) });
    case 'capture-pane': {
      const sb = req.scrollback;
      const scrollback = sb === 'full' || sb === 'last-output' ? sb : num(sb);
      const r = await api.panes.capture({ ...targetOf(req), scrollback });
      const lines = [...r.lines];
      while (lines.length && lines[lines.length - 1] === '') lines.pop();
      return { text: lines.join('\n') + '\n', ...r };
    }
    case 'switch-workspace': {
      const session = await sessionOfRequest(api, req);
      const r = await api.tabs.switchWorkspace({ session, workspace: requireIndex(req) });
      return { workspace: r.workspace };
    }
    case 'move-to-workspace':
      return api.panes.moveToWorkspace({ ...targetOf(req), workspace: requireIndex(req) });
    case 'set-status':
      return req.status === null || req.status === undefined || req.status === ''
        ? api.status.clear(targetOf(req))
        : api.status.set({ ...targetOf(req), status: str(req.status) ?? '', reason: str(req.reason) });
    case 'notify':
      return api.notify({
        message: str(req.message) ?? '',
        title: str(req.title),
        level: req.level === 'warn' || req.level === 'error' ? req.level : 'info',
      });
    case 'popup': {
      // control.md: fractions clamped to 0.2-0.95, 0.6 when omitted, centred.
      const dim = (v: unknown) =>
        typeof v === 'number' && Number.isFinite(v) ? Math.min(0.95, Math.max(0.2, v)) : 0.6;
      const width = dim(req.width);
      const height = dim(req.height);
      const r = await api.floating.spawn({
        ...targetOf(req),
        kind: 'popup',
        command: str(req.command) ?? null,
        cwd: str(req.cwd) ?? null,
        title: str(req.title) ?? null,
        keepOpen: typeof req.keep_open === 'boolean' ? req.keep_open : true,
        rect: { x: (1 - width) / 2, y: (1 - height) / 2, width, height },
      });
      return { ...r.pane, accepted: true, pty_ready: r.pty_ready };
    }
    default:
      throw new RoziError('invalid', `unknown cmd '${req.cmd}'; expected one of ${ROZI_COMMANDS.join(', ')}`);
  }
}
