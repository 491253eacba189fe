// Runs one extension command (spec: Commands): exec without a shell, shell through the configured
// command_shell, send as text into the target pane. Process commands run in the focused pane's
// cwd with no stdin, print into the extension's `commands` log, and a non-zero exit raises an
// error notification naming that log. The process leads its own group so a later stop reaches
// what it started.
import { existsSync } from 'node:fs';
import type { CommandRun } from '../manifest/model';
import type { UnitLog } from './logs';
import { resolveExecArgv, substituteExtensionDir } from './commandArgv';
import { spawnGroup } from './supervisorProcessGroup';

/** How long a finished command's output pipes may stay open before its end is logged anyway. */
const PIPE_DRAIN_MS = 500;

export const DEFAULT_COMMAND_SHELL = ['/bin/sh', '-c'];

export interface CommandFailure {
  extension: string;
  command: string;
  exitCode: number | null;
  signal: string | null;
  /** One line for the error notification. */
  message: string;
}

export interface RunCommandOptions {
  extension: string;
  /** Local command id. */
  command: string;
  run: CommandRun;
  extensionDir: string;
  /** The focused pane's working directory; the extension directory when there is none (or it is gone). */
  cwd: string | undefined;
  env: NodeJS.ProcessEnv;
  /** `command_shell` from config.toml, the command line appended as its last argument. */
  commandShell?: string[];
  log: UnitLog;
  /** Delivers a `send` command's text to the target pane. */
  sendText: (text: string) => void | Promise<void>;
  onFailure: (failure: CommandFailure) => void;
}

export interface CommandHandle {
  pid: number | undefined;
  /** Settles when the process exits (at once for send). */
  exited: Promise<{ code: number | null; signal: string | null }>;
}

export function runCommand(opts: RunCommandOptions): CommandHandle {
  const run = opts.run;
  const publicId = `${opts.extension}.${opts.command}`;
  if (run.kind === 'send') {
    const exited = Promise.resolve(opts.sendText(substituteExtensionDir(run.text, opts.extensionDir))).then(
      () => ({ code: 0, signal: null }),
    );
    return { pid: undefined, exited };
  }
  const argv =
    run.kind === 'exec'
      ? resolveExecArgv(run.argv, opts.extensionDir)
      : [
          ...(opts.commandShell ?? DEFAULT_COMMAND_SHELL),
          substituteExtensionDir(run.command, opts.extensionDir),
        ];
  const cwd = opts.cwd && existsSync(opts.cwd) ? opts.cwd : opts.extensionDir;
  const log = opts.log;
  const fail = (code: number | null, signal: string | null, why: string): void =>
    opts.onFailure({
      extension: opts.extension,
      command: opts.command,
      exitCode: code,
      signal,
      message: `${publicId} ${why}; see rozi extensions logs ${opts.extension} --unit commands`,
    });
  let child;
  try {
    child = spawnGroup({ argv, cwd, env: opts.env, stdin: 'ignore' });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.event(`${opts.command} failed to start: ${message}`);
    fail(null, null, `failed to start: ${message}`);
    return { pid: undefined, exited: Promise.resolve({ code: null, signal: null }) };
  }
  const c = child;
  c.stdout?.on('data', (d: Buffer) => log.write(d));
  c.stderr?.on('data', (d: Buffer) => log.write(d));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => {
    c.once('spawn', () =>
      log.event(`${opts.command} start pid=${c.pid} argv=${JSON.stringify(argv)} cwd=${cwd}`),
    );
    c.once('error', (err) => {
      if (c.pid !== undefined) return;
      log.event(`${opts.command} failed to start: ${err.message}`);
      fail(null, null, `failed to start: ${err.message}`);
      resolve({ code: null, signal: null });
    });
    // 'exit' can come before the last stdout chunk is read; 'close' waits for the pipes, but a
    // backgrounded grandchild may hold them open for good, so wait for it a short while only.
    c.once('exit', (code, signal) => {
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        log.event(`${opts.command} end ${signal ? `signal=${signal}` : `exit=${code}`}`);
        if (code !== 0) fail(code, signal, signal ? `was killed by ${signal}` : `exited with status ${code}`);
        resolve({ code, signal });
      };
      const timer = setTimeout(finish, PIPE_DRAIN_MS);
      c.once('close', finish);
    });
  });
  return { pid: c.pid, exited };
}
