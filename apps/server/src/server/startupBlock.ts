// What `rozi server` prints on stdout once it is ready: a few lines a person reads (where the
// control socket and config live, how to stop it), then the URL alone on the last line, so
// `tail -n 1` or a /\?token=/ match finds it and nothing printed later buries it. Next's own
// chatter goes to stderr (server verb), never here.

export interface StartupInfo {
  url: string;
  socket: string;
  configFile: string;
  stateDir: string;
  pid: number;
  /** Shown when the server listens beyond loopback (--allow-remote). */
  remote: boolean;
}

export function formatStartupBlock(i: StartupInfo): string {
  const rows: Array<[string, string]> = [
    ['control socket', `${i.socket}  (ROZI_SOCKET; the rozi CLI talks to it)`],
    ['config', `${i.configFile}  (--config or ROZI_CONFIG)`],
    ['state, logs', `${i.stateDir}  (ROZI_STATE_DIR)`],
    ['stop', `Ctrl-C here, or kill ${i.pid} (sessions are saved and come back on the next start)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  return (
    [
      '',
      `rozi web is running${i.remote ? ' (reachable beyond this machine: --allow-remote)' : ''}`,
      ...rows.map(([k, v]) => `  ${k.padEnd(width)}${v}`),
      '',
      'Open this URL in your browser (it carries your access token; keep it private):',
      i.url,
    ].join('\n') + '\n'
  );
}
