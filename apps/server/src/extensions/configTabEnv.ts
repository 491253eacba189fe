// The environment of a config.toml sidebar tab's processes (its command, on_click exec, run/popup
// panes). Such a tab belongs to the user, not to an extension, so it gets no ROZI_EXTENSION*
// identity or credential; it keeps the server's own environment and the variables a tab row needs.
const KEPT_ROZI = new Set([
  'ROZI_CONFIG',
  'ROZI_CONFIG_DIR',
  'ROZI_DATA_DIR',
  'ROZI_STATE_DIR',
  'ROZI_EXTENSIONS_DIR',
]);

export function configTabEnv(o: {
  base: NodeJS.ProcessEnv;
  roziBin?: string;
  sessionName?: string;
  row?: { line: string; id?: string };
}): NodeJS.ProcessEnv {
  // A plain record: some workspaces (Next types) declare NODE_ENV required on ProcessEnv.
  const env: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(o.base)) {
    // Another process's identity must not leak into the tab's (same rule as extension processes).
    if (!key.startsWith('ROZI_') || KEPT_ROZI.has(key)) env[key] = value;
  }
  env.ROZI = '1';
  if (o.roziBin) env.ROZI_BIN = o.roziBin;
  env.ROZI_SESSION_NAME = o.sessionName ?? '';
  if (o.row) {
    env.ROZI_ROW = o.row.line;
    if (o.row.id !== undefined) env.ROZI_ROW_ID = o.row.id;
  }
  return env as NodeJS.ProcessEnv;
}
