// The server's `[[services]]` (config/services.ts): one ServiceSupervisor each, the same
// supervisor extension services use (process group, log, backoff), with rozi's numbers: restarts
// after 1 s, 2 s, 4 s … capped at 30 s, a run of 60 s forgets earlier failures, and five starts
// within 60 s make the service `failed` (an error notification) until config.toml is read again.
// On every reload only what changed moves: a new entry starts, a removed one stops, an edited one
// restarts, a failed one gets a fresh start; the others are left running.
import { join } from 'node:path';
import { ServiceSupervisor, UnitLog, type RestartTimings, type ServiceStatus } from '@rozi/extensions/node';
import { configStore, type ConfigSnapshot } from './configStore';
import { expandHome } from './paths';
import { readConfigServices, serviceChanged, type ConfigService } from './services';

export const SERVICE_RESTART_TIMINGS: RestartTimings = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  factor: 2,
  giveUpStarts: 5,
  giveUpWindowMs: 60_000,
  stableAfterMs: 60_000,
};

/** One row of `status.services` (Settings and `rozi config status`). */
export interface ConfigServiceView {
  name: string;
  run: string;
  restart: ConfigService['restart'];
  state: ServiceStatus['state'];
  pid: number | null;
  starts: number;
  exitCode: number | null;
  signal: string | null;
  reason: string | null;
  nextStartInMs: number | null;
  startedAt: number | null;
  log: string;
}

export interface ConfigServicesOptions {
  configFile: string;
  /** The environment services start with (the server's, with ROZI_SOCKET). */
  env: NodeJS.ProcessEnv;
  home: string;
  logDir: string;
  notify(n: { level: 'error'; title: string; message: string }): void;
  /** Called after any service's state changed (the bus event). */
  changed(name: string): void;
  log(line: string): void;
  timings?: Partial<RestartTimings>;
}

interface Running {
  spec: ConfigService;
  sup: ServiceSupervisor;
  log: UnitLog;
  /** command_shell when it started, to restart it when that changes. */
  shell: string;
}

export class ConfigServices {
  private readonly running = new Map<string, Running>();
  private generation = -1;
  private warnings: string[] = [];
  private stopped = false;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly o: ConfigServicesOptions) {}

  /** Starts the services of the config in force. */
  start(): Promise<void> {
    return this.reload();
  }

  /** Reads config.toml again (after `config-reloaded`) and moves only what changed. */
  reload(): Promise<void> {
    this.queue = this.queue.then(() => this.apply(configStore(this.o.configFile).current()));
    return this.queue;
  }

  /** Why entries were skipped (one line each, with the file and line). */
  problems(): readonly string[] {
    return this.warnings;
  }

  list(): ConfigServiceView[] {
    return [...this.running.values()].map(({ spec, sup, log }) => {
      const st = sup.status();
      return {
        name: spec.name,
        run: spec.run,
        restart: spec.restart,
        state: st.state,
        pid: st.pid ?? null,
        starts: st.starts,
        exitCode: st.lastExit?.code ?? null,
        signal: st.lastExit?.signal ?? null,
        reason: st.reason ?? null,
        nextStartInMs: st.nextStartInMs ?? null,
        startedAt: st.state === 'running' ? (st.startedAt ?? null) : null,
        log: log.file,
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue;
    await Promise.all([...this.running.values()].map((r) => r.sup.stop('shutdown')));
    this.running.clear();
  }

  private async apply(snap: ConfigSnapshot): Promise<void> {
    if (this.stopped || snap.generation === this.generation) return;
    this.generation = snap.generation;
    const read = readConfigServices({ root: snap.root, text: snap.text, file: snap.file });
    this.warnings = read.warnings;
    for (const w of read.warnings) this.o.log(`config.toml: ${w}`);
    const next = new Map(read.services.map((s) => [s.name, s]));
    const shellKey = JSON.stringify(commandShellOf(snap.root.command_shell));
    const moves: Array<Promise<void>> = [];
    for (const [name, r] of this.running) {
      const spec = next.get(name);
      if (!spec) {
        this.running.delete(name);
        moves.push(r.sup.stop('remove').then(() => this.o.changed(name)));
      } else if (serviceChanged(r.spec, spec) || r.shell !== shellKey) {
        // What reaches the process changed (its entry or command_shell): restart it alone.
        r.spec = spec;
        r.shell = shellKey;
        moves.push(r.sup.restart(this.launchOf(spec)));
      } else if (r.sup.status().state === 'failed') {
        // rozi: a service that gave up stays dormant until the next config reload.
        r.sup.start();
      }
    }
    for (const spec of read.services) {
      if (this.running.has(spec.name)) continue;
      const log = new UnitLog({ dir: join(this.o.logDir, 'config'), unit: `service.${spec.name}` });
      const sup = new ServiceSupervisor({
        launch: this.launchOf(spec),
        log,
        timings: { ...SERVICE_RESTART_TIMINGS, ...this.o.timings },
        onStatus: (st) => this.onStatus(spec.name, st),
      });
      this.running.set(spec.name, { spec, sup, log, shell: shellKey });
      sup.start();
    }
    await Promise.all(moves);
  }

  private launchOf(spec: ConfigService): {
    unit: string;
    argv: string[];
    cwd: string;
    env: NodeJS.ProcessEnv;
    restart: ConfigService['restart'];
  } {
    const shell = commandShellOf(configStore(this.o.configFile).current().root.command_shell);
    return {
      unit: `service.${spec.name}`,
      argv: [...shell, spec.run],
      cwd: spec.cwd ? expandHome(spec.cwd, this.o.home) : this.o.home,
      env: { ...this.o.env, ...spec.env },
      restart: spec.restart,
    };
  }

  private onStatus(name: string, st: ServiceStatus): void {
    if (st.state === 'failed') {
      this.o.notify({
        level: 'error',
        title: `service ${name} failed`,
        message: `${st.reason ?? 'it keeps failing'}; not restarted until config.toml changes (rozi config status names its log)`,
      });
    }
    this.o.changed(name);
  }
}

/** `command_shell` (a string or an argv), else `/bin/sh -c`. */
export function commandShellOf(value: unknown): string[] {
  if (typeof value === 'string' && value.trim() !== '') return [value, '-c'];
  if (Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === 'string'))
    return value as string[];
  return ['/bin/sh', '-c'];
}
