// One link to one host: an `ssh … rozi host serve --stdio` process, its hello line checked, then
// link frames (link/linkProtocol.ts) both ways until the process ends. Opening either yields a
// live link or one LinkFailure saying why not; a live link reports its end exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { childLedger } from '@rozi/extensions/node';
import { encodeJsonFrame, FrameDecoder } from '../link/frameCodec';
import {
  LINK_MIN_PROTOCOL,
  LINK_PROTOCOL,
  parseHello,
  type HostHello,
  type LinkMessage,
} from '../link/linkProtocol';
import { LinkRpc, type LinkServe } from '../link/linkRpc';
import { classifyExit, type LinkFailure } from './linkFailure';

const MAX_HELLO_BYTES = 4096;
const MAX_STDERR = 16 * 1024;

export interface HostLinkHandlers {
  /** Link messages other than calls and replies: events, exits, bye. */
  message(m: LinkMessage): void;
  /** A terminal frame (stream/protocol.ts layout, the host's pane key). */
  stream(frame: Buffer): void;
  /** The link ended after it was open. */
  closed(failure: LinkFailure): void;
  /** The host's calls (placement). */
  serve?: LinkServe;
}

export interface OpenLinkOptions {
  ssh: string;
  argv: string[];
  alias: string;
  destination: string;
  /** The [remote.hosts] alias the destination was read from, if it was (names it in a failure). */
  configuredAs?: string;
  installHint: string;
  /** No hello by then: the attempt fails as a timeout (a hung host never hangs the client). */
  helloTimeoutMs: number;
  handlers: HostLinkHandlers;
}

export class HostLink {
  readonly rpc: LinkRpc;
  private ended = false;
  private readonly decoder: FrameDecoder;
  private stderrText = '';

  readonly hello: HostHello;

  private constructor(
    private readonly proc: ChildProcess,
    private readonly o: OpenLinkOptions,
    start: { hello: HostHello; stderrSoFar: string },
  ) {
    this.hello = start.hello;
    this.stderrText = start.stderrSoFar;
    this.rpc = new LinkRpc({ send: (m) => this.send(m), serve: o.handlers.serve });
    this.decoder = new FrameDecoder({
      json: (m) => {
        if (!this.rpc.handle(m)) o.handlers.message(m);
      },
      stream: (frame) => o.handlers.stream(frame),
      error: (reason) =>
        this.fail({
          kind: 'protocol',
          message: `${o.alias} broke the link protocol: ${reason}`,
          permanent: false,
        }),
    });
  }

  /** The ssh process (tests and benchmarks kill it to drop the link). */
  get pid(): number | null {
    return this.proc.pid ?? null;
  }

  get open(): boolean {
    return !this.ended;
  }

  static open(o: OpenLinkOptions): Promise<HostLink> {
    return new Promise<HostLink>((resolve, reject) => {
      const proc = spawn(o.ssh, o.argv, { stdio: ['pipe', 'pipe', 'pipe'] });
      childLedger.track(proc, { what: `ssh ${o.alias}`, scope: 'process' });
      let head = Buffer.alloc(0);
      let stderr = '';
      let settled = false;
      const timer = setTimeout(() => {
        settle(null, {
          kind: 'timeout',
          message: `${o.alias} did not answer within ${Math.round(o.helloTimeoutMs / 1000)} s`,
          permanent: false,
        });
        proc.kill('SIGKILL');
      }, o.helloTimeoutMs);
      const settle = (link: HostLink | null, failure?: LinkFailure) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        proc.stdout?.off('data', onHead);
        if (link) resolve(link);
        else reject(failure);
      };
      const onStderr = (d: Buffer) => {
        stderr = (stderr + d.toString('utf8')).slice(-MAX_STDERR);
      };
      proc.stderr?.on('data', onStderr);
      const onHead = (chunk: Buffer) => {
        head = Buffer.concat([head, chunk]);
        const nl = head.indexOf(10);
        if (nl < 0) {
          if (head.length > MAX_HELLO_BYTES) {
            proc.kill('SIGKILL');
            settle(
              null,
              incompatible(o.alias, 'it printed something other than a rozi host hello', o.installHint),
            );
          }
          return;
        }
        const hello = parseHello(head.subarray(0, nl).toString('utf8'));
        if (!hello) {
          proc.kill('SIGKILL');
          return settle(
            null,
            incompatible(o.alias, 'it printed something other than a rozi host hello', o.installHint),
          );
        }
        const problem = compatibility(hello);
        if (problem) {
          proc.kill('SIGKILL');
          return settle(null, incompatible(o.alias, problem, o.installHint));
        }
        const link = new HostLink(proc, o, { hello, stderrSoFar: stderr });
        proc.stderr?.off('data', onStderr);
        proc.stderr?.on('data', (d: Buffer) => link.noteStderr(d));
        proc.stdout?.on('data', (d: Buffer) => link.decoder.push(d));
        proc.once('exit', (code, signal) => link.exited(code, signal));
        settle(link);
        const rest = head.subarray(nl + 1);
        if (rest.length) link.decoder.push(rest);
      };
      proc.stdout?.on('data', onHead);
      proc.stdin?.on('error', () => undefined);
      proc.once('error', (err) =>
        settle(null, { kind: 'other', message: `cannot run ssh: ${err.message}`, permanent: true }),
      );
      proc.once('exit', (code, signal) => {
        // Let stderr drain first: the reason is usually its last line.
        setTimeout(
          () =>
            settle(
              null,
              classifyExit({
                alias: o.alias,
                destination: o.destination,
                configuredAs: o.configuredAs,
                exitCode: code,
                signal,
                stderr,
                stdout: head.toString('utf8'),
                installHint: o.installHint,
              }),
            ),
          20,
        );
      });
    });
  }

  send(m: LinkMessage): void {
    if (this.ended) return;
    this.proc.stdin?.write(encodeJsonFrame(m));
  }

  /** Ends the link (the host keeps every session). */
  close(reason: string): void {
    if (this.ended) return;
    this.send({ t: 'bye', reason });
    this.proc.stdin?.end();
    const hard = setTimeout(() => this.proc.kill('SIGKILL'), 2000);
    hard.unref();
    this.fail({ kind: 'dropped', message: reason, permanent: false });
  }

  private noteStderr(d: Buffer): void {
    this.stderrText = (this.stderrText + d.toString('utf8')).slice(-MAX_STDERR);
  }

  private exited(code: number | null, signal: string | null): void {
    const why = classifyExit({
      alias: this.o.alias,
      destination: this.o.destination,
      configuredAs: this.o.configuredAs,
      exitCode: code,
      signal,
      stderr: this.stderrText,
      stdout: '',
      installHint: this.o.installHint,
    });
    this.fail(
      why.kind === 'rozi-incompatible'
        ? {
            kind: 'dropped',
            message: `the link to ${this.o.alias} dropped (ssh exit ${code ?? signal})`,
            permanent: false,
          }
        : why,
    );
  }

  private fail(failure: LinkFailure): void {
    if (this.ended) return;
    this.ended = true;
    this.rpc.close(failure.message);
    if (this.proc.exitCode === null && this.proc.signalCode === null) this.proc.kill('SIGTERM');
    this.o.handlers.closed(failure);
  }
}

function compatibility(h: HostHello): string | null {
  if (h.protocol < LINK_MIN_PROTOCOL)
    return `it is rozi ${h.version} (host link protocol ${h.protocol}); this client needs protocol ${LINK_MIN_PROTOCOL} or newer`;
  if (LINK_PROTOCOL < h.min)
    return `it is rozi ${h.version}, which needs host link protocol ${h.min}; this client speaks ${LINK_PROTOCOL}: update rozi here`;
  return null;
}

function incompatible(alias: string, why: string, installHint: string): LinkFailure {
  return {
    kind: 'rozi-incompatible',
    message: `rozi on ${alias} is not compatible: ${why}; ${installHint}`,
    permanent: true,
  };
}
