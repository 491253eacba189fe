// What a placed process may ask (spec 003, "What a placed process may do"), decided per request
// on the host where it runs. Pure: the request's path and input, what the process was placed for
// (its extension and, for active-session / each-session, its session), and the session on
// screen in the client (the host's name for it, or null when the session on screen is elsewhere).
//
// - Anything that could start a process on the client or read the whole client: not-permitted.
// - Pane commands apply only while the session on screen is on this host (and is the process's
//   session when it is bound to one); otherwise out-of-scope, and list-panes / agents list
//   answer nothing.
// - Requests carrying the extension's identity (`caller`: show/hide-command, sidebar publish,
//   pick, prompt, …) act on the client: they are forwarded there, with this process's credential.
// - subscribe (status.events) runs here, but passes on only the events that happen while a
//   session within the process's binding is on screen.
// - `list-panes --scope attached` (session_scope = "attached", each-host / each-session only) is
//   answered here, by the server the process runs beside: the panes of every session within its
//   placement (its own session for each-session, this host's sessions for each-host), on screen
//   or not. Forwarded, the client would list every session it has.
// - Everything else (notify, …) runs here as for any caller.

export interface PlacedBinding {
  extension: string;
  /** The host's name of the session an active-session / each-session instance works for. */
  session: string | undefined;
  /** That session's instance (names change and repeat). */
  sessionInstance?: string;
  credential: string;
  /** The service asked for session_scope = "attached". */
  attached?: boolean;
}

export type GateVerdict =
  | { kind: 'run' }
  | { kind: 'forward' }
  /** Run here; each item passes only while inBinding() holds when it comes (status.events). */
  | { kind: 'filter' }
  | { kind: 'answer'; data: unknown }
  /** Answer with the panes of the sessions within the binding here (`only`: its session, if bound). */
  | { kind: 'attached'; only: { name: string; instance?: string } | undefined }
  | { kind: 'refuse'; code: 'not-permitted' | 'out-of-scope'; message: string };

const NOT_PERMITTED = new Set([
  'extensions.status',
  'extensions.deploy',
  'extensions.undeploy',
  'extensions.reload',
  'agents.report',
  'agents.release',
  'agents.go',
  'workspace.diagnostics',
  'panes.pipe',
  'panes.record',
]);

/** Pane-acting procedures: only within the process's binding while it is on screen. */
const PANE_PREFIXES = ['panes.', 'tabs.', 'status.'];
const PANE_PATHS = new Set([
  'agents.prompt',
  'agents.list',
  'agents.get',
  'agents.read',
  'agents.wait',
  'agents.question',
  'agents.answer',
  'workspace.get',
]);
/** Listing procedures answer nothing out of scope instead of failing (spec). */
const EMPTY_OUT_OF_SCOPE = new Set(['panes.list', 'agents.list']);

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function placedGate(o: {
  path: string;
  input: unknown;
  binding: PlacedBinding;
  /** The host's name of the session on screen, or null when it is not on this host. */
  onScreen: string | null;
}): GateVerdict {
  const { path, input, binding } = o;
  const refuse = (code: 'not-permitted' | 'out-of-scope', message: string): GateVerdict => ({
    kind: 'refuse',
    code,
    message,
  });
  if (NOT_PERMITTED.has(path)) return refuse('not-permitted', `${path} is not permitted to a placed process`);
  if (path === 'agents.list' && isObject(input) && input.all === true)
    return refuse('not-permitted', 'agents list --all is not permitted to a placed process');
  if (path === 'extensions.runAction') {
    const id = isObject(input) ? String(input.id ?? '') : '';
    if (!id.startsWith(`${binding.extension}.`))
      return refuse('not-permitted', `a placed process runs only ${binding.extension}'s own commands`);
    return { kind: 'forward' };
  }
  if (isObject(input) && isObject(input.caller)) {
    const caller = input.caller;
    if (caller.extension !== binding.extension || caller.generation !== binding.credential)
      return refuse(
        'not-permitted',
        'the request names another extension or credential than this process was started with',
      );
    if (path === 'extensions.attachedPanes') {
      if (!binding.attached)
        return refuse('not-permitted', '--scope attached needs session_scope = "attached" on this service');
      const only =
        binding.session === undefined
          ? undefined
          : { name: binding.session, instance: binding.sessionInstance };
      return { kind: 'attached', only };
    }
    return { kind: 'forward' };
  }
  if (path === 'status.events') return { kind: 'filter' };
  const paneActing = PANE_PATHS.has(path) || PANE_PREFIXES.some((p) => path.startsWith(p));
  if (!paneActing) return { kind: 'run' };
  if (inBinding(binding, o.onScreen)) return { kind: 'run' };
  if (EMPTY_OUT_OF_SCOPE.has(path)) return { kind: 'answer', data: [] };
  return refuse(
    'out-of-scope',
    binding.session
      ? `${path}: session ${binding.session} is not on screen`
      : `${path}: no session of this host is on screen`,
  );
}

/** Whether the session on screen (this host's name for it, null: elsewhere) is within the binding. */
export function inBinding(binding: PlacedBinding, onScreen: string | null): boolean {
  return onScreen !== null && (binding.session === undefined || binding.session === onScreen);
}
