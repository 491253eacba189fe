// Runs the user's `run = "…"` hooks as rozi does: through the user's shell, detached (its own
// process group, never waited on by anything that serves terminals), with ROZI_EVENT and one
// ROZI_<FIELD> per event field added to the server's environment. Output goes to the server log
// a line at a time. A cap on hooks running at once keeps an event storm from forking without
// bound; a skipped run is logged.
import { spawn, type ChildProcess } from 'node:child_process';
import { childLedger, shellHookEnv, type HookEvent } from '@rozi/extensions/node';
import { childEnv } from '../proc/childEnv';

export const MAX_RUNNING_SHELL_HOOKS = 32;
const MAX_LOGGED_CHARS = 4_000;

export interface ShellHookRunnerOptions {
  /** `[shell, '-c']` or config.toml's command_shell. */
  shell: () => string[];
  /** The server's environment with ROZI_SOCKET and ROZI_BIN (what a pane's shell would have). */
  env: Record<string, string>;
  cwd: string;
  log: (line: string) => void;
  /** The host of a remote session the event is about (ROZI_REMOTE_HOST); undefined locally. */
  remoteHost?: (event: HookEvent) => string | undefined;
}

export class ShellHookRunner {
  private running = 0;
  private skipped = 0;

  constructor(private readonly o: ShellHookRunnerOptions) {}

  /** rozi's ROZI_REMOTE_HOST: set when the event comes from a session on a remote host. */
  private remoteEnv(event: HookEvent): Record<string, string> {
    const host = this.o.remoteHost?.(event);
    return host ? { ROZI_REMOTE_HOST: host } : {};
  }

  run(hook: { hookId: string; run: string }, event: HookEvent): void {
    if (this.running >= MAX_RUNNING_SHELL_HOOKS) {
      if (this.skipped++ % 100 === 0)
        this.o.log(
          `hooks: ${hook.hookId} skipped: ${MAX_RUNNING_SHELL_HOOKS} run hooks are still running (${this.skipped} skipped so far)`,
        );
      return;
    }
    const argv = [...this.o.shell(), hook.run];
    let child: ChildProcess;
    try {
      child = spawn(argv[0] as string, argv.slice(1), {
        cwd: this.o.cwd,
        env: childEnv({ ...this.o.env, ...shellHookEnv(event), ...this.remoteEnv(event) }),
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (err) {
      this.o.log(
        `hooks: ${hook.hookId} could not start: ${err instanceof Error ? err.message : String(err)}`,
      );
      return;
    }
    childLedger.track(child, { what: `shell hook ${hook.hookId}`, scope: 'group' });
    this.running++;
    let logged = 0;
    const forward = (chunk: Buffer): void => {
      if (logged >= MAX_LOGGED_CHARS) return;
      const text = chunk.toString('utf8').slice(0, MAX_LOGGED_CHARS - logged);
      logged += text.length;
      for (const line of text.split('\n'))
        if (line.trim() !== '') this.o.log(`hooks: ${hook.hookId}: ${line}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    child.once('error', (err) => this.o.log(`hooks: ${hook.hookId} failed to start: ${err.message}`));
    child.once('close', (code, signal) => {
      this.running--;
      if (code !== 0) this.o.log(`hooks: ${hook.hookId} (${event.event}) exited with ${code ?? signal}`);
    });
    child.unref();
  }
}
