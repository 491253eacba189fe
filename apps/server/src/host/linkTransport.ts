// The byte stream a host link runs over: a control-socket connection the relay pipes into
// (net.Socket satisfies this as it is), or the ssh session's own stdin/stdout pipes the server
// adopted from `rozi host serve --stdio` (host/stdioAdoption.ts). LinkSession uses only this.
import type { Socket } from 'node:net';
import { EventEmitter } from 'node:events';

export interface LinkTransport {
  on(event: 'data', listener: (chunk: Buffer) => void): unknown;
  on(event: 'close' | 'error', listener: () => void): unknown;
  write(chunk: Buffer): boolean;
  end(): unknown;
  destroy(): unknown;
  resume(): unknown;
  readonly destroyed: boolean;
}

/**
 * Two one-way pipes as one link: `input` is read (the ssh session's stdin), `output` written
 * (its stdout). It closes once, when either side ends or fails: a half-open link is useless, the
 * client's ssh went away or the host's sshd did.
 */
export class PipePairTransport extends EventEmitter implements LinkTransport {
  private gone = false;
  private ending = false;

  constructor(
    private readonly input: Socket,
    private readonly output: Socket,
  ) {
    super();
    input.on('data', (chunk: Buffer) => this.emit('data', chunk));
    // The client's ssh hung up (EOF on stdin) or the write side broke (EPIPE): the link is over.
    // While ending, the output still drains and only its finish lets go.
    input.on('end', () => this.ending || this.destroy());
    input.on('error', () => this.ending || this.destroy());
    output.on('close', () => this.destroy());
    output.on('error', () => this.destroy());
  }

  get destroyed(): boolean {
    return this.gone;
  }

  write(chunk: Buffer): boolean {
    return this.gone ? false : this.output.write(chunk);
  }

  end(): void {
    if (this.gone || this.ending) return;
    this.ending = true;
    // Flush what is queued for the client (a 'bye'), then let go of both pipes.
    this.input.pause();
    this.output.end(() => this.destroy());
  }

  destroy(): void {
    if (this.gone) return;
    this.gone = true;
    this.input.destroy();
    this.output.destroy();
    this.emit('close');
  }

  resume(): void {
    this.input.resume();
  }
}
