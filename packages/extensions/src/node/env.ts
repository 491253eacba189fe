// The environment of every extension process (spec: Runtime environment). One builder so each
// kind of process gets exactly the ROZI_* variables of the spec's table and nothing inherited:
// the server's own ROZI_* identity variables (a pane's ROZI_TERMINAL, another extension's
// ROZI_EXTENSION, a stale ROZI_SOCKET) are removed before the table's are set. The location
// overrides ROZI_CONFIG/CONFIG_DIR/DATA_DIR/STATE_DIR/EXTENSIONS_DIR pass through: they describe this
// installation (a test's temp HOME), not the process, and a nested `rozi` needs them.

export type ExtensionProcessKind = 'command' | 'service' | 'action' | 'tab' | 'link-handler';

export const PASSTHROUGH_ROZI_VARS = [
  'ROZI_CONFIG',
  'ROZI_CONFIG_DIR',
  'ROZI_DATA_DIR',
  'ROZI_STATE_DIR',
  'ROZI_EXTENSIONS_DIR',
] as const;

/** Variables a service's `env` table may never set (spec: Runtime environment). */
export function isReservedServiceEnvKey(key: string): boolean {
  return key.startsWith('ROZI_EXTENSION') || key === 'ROZI_TERMINAL';
}

export interface ExtensionIdentity {
  id: string;
  /** Absolute installation (or snapshot) directory. */
  dir: string;
  stateDir: string;
  /** Compact JSON of the merged settings (settingsJson). */
  configJson: string;
  generation: string;
}

export interface ExtensionEnvInput {
  /** The server's environment: PATH, HOME, LANG… are kept, ROZI_* identity is not. */
  base: NodeJS.ProcessEnv;
  extension: ExtensionIdentity;
  kind: ExtensionProcessKind;
  roziBin?: string;
  socket?: string;
  /** A service's `[services.env]`; cannot override ROZI_EXTENSION* or set ROZI_TERMINAL. */
  serviceEnv?: Record<string, string>;
  /** Client exec/shell commands and link handlers: the focused (or source) pane and its session instance. */
  source?: { pane: string; session: string };
  /**
   * The session the process works for. Commands, link handlers and command tabs get the session
   * on screen ('' when none is attached); session-bound services their own; client services none.
   */
  sessionName?: string;
  /** Session-placed (deployed) processes: their session instance, credential and service id. */
  placed?: { credential: string; sessionInstance?: string; service?: string };
  action?: { id: string; invocationId: string };
  /** rozi's link context: the URL, the file (a path hint split from :line:col), the matched text. */
  link?: { url?: string; file?: string; line?: string; column?: string; hint?: string };
  /** A clicked command-tab row (run/popup/exec on_click). */
  row?: { line: string; id?: string };
}

export function buildExtensionEnv(input: ExtensionEnvInput): NodeJS.ProcessEnv {
  // A plain record: some workspaces (Next types) declare NODE_ENV required on ProcessEnv.
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(input.base)) {
    if (value === undefined) continue;
    if (key.startsWith('ROZI_') && !(PASSTHROUGH_ROZI_VARS as readonly string[]).includes(key)) continue;
    env[key] = value;
  }
  if (input.kind === 'service' && input.serviceEnv) {
    for (const [key, value] of Object.entries(input.serviceEnv)) {
      if (isReservedServiceEnvKey(key)) continue;
      env[key] = value;
    }
  }
  // rozi's marker that a process runs under rozi (editor plugins key on it).
  env.ROZI = '1';
  const ext = input.extension;
  env.ROZI_EXTENSION = ext.id;
  env.ROZI_EXTENSION_DIR = ext.dir;
  env.ROZI_EXTENSION_STATE_DIR = ext.stateDir;
  env.ROZI_EXTENSION_CONFIG = ext.configJson;
  env.ROZI_EXTENSION_GENERATION = ext.generation;
  // A placed process always gets the runtime's own endpoint; a client service's env may point
  // ROZI_BIN/ROZI_SOCKET elsewhere (spec), so only set them when the service did not.
  const placed = input.placed !== undefined;
  if (input.roziBin !== undefined && (placed || env.ROZI_BIN === undefined)) env.ROZI_BIN = input.roziBin;
  if (input.socket !== undefined && (placed || env.ROZI_SOCKET === undefined)) env.ROZI_SOCKET = input.socket;
  if (placed) {
    env.ROZI_EXTENSION_CREDENTIAL = input.placed?.credential;
    if (input.placed?.sessionInstance !== undefined) env.ROZI_SESSION_INSTANCE = input.placed.sessionInstance;
    if (input.placed?.service !== undefined) env.ROZI_SERVICE = input.placed.service;
  }
  if (input.sessionName !== undefined) env.ROZI_SESSION_NAME = input.sessionName;
  if (input.action && input.kind === 'action') {
    env.ROZI_ACTION = input.action.id;
    env.ROZI_INVOCATION_ID = input.action.invocationId;
  }
  if (input.source && (input.kind === 'command' || input.kind === 'link-handler')) {
    env.ROZI_SOURCE_PANE = input.source.pane;
    env.ROZI_SOURCE_SESSION = input.source.session;
  }
  if (input.link && input.kind === 'link-handler') {
    if (input.link.url !== undefined) env.ROZI_URL = input.link.url;
    if (input.link.file !== undefined) env.ROZI_FILE = input.link.file;
    if (input.link.line !== undefined) env.ROZI_LINE = input.link.line;
    if (input.link.column !== undefined) env.ROZI_COLUMN = input.link.column;
    if (input.link.hint !== undefined) env.ROZI_HINT = input.link.hint;
  }
  if (input.row && input.kind === 'tab') {
    env.ROZI_ROW = input.row.line;
    if (input.row.id !== undefined) env.ROZI_ROW_ID = input.row.id;
  }
  return env as NodeJS.ProcessEnv;
}
