// Key-echo latency through a real pane of a real server, as a browser sees it: a WebSocket viewer
// sends a marker as keyboard input to a pane running `cat` and times until the PTY's echo of it
// comes back as an output frame. Used by the hook tests and bench/hooks-server.ts to show that
// hooks (hostile or busy) never hold up terminals.
import type { PaneInfo } from '../src/session/model';
import type { TestServer } from './harness';
import { Viewer } from './viewer';

export class EchoProbe {
  private count = 0;

  private constructor(
    private readonly viewer: Viewer,
    readonly pane: PaneInfo,
  ) {}

  static async open(server: TestServer): Promise<EchoProbe> {
    const { pane } = await server.call<{ pane: PaneInfo }>('panes.split', {
      target: 1,
      cwd: server.home,
      argv: ['cat'],
    });
    const viewer = new Viewer(server);
    await viewer.opened;
    viewer.attach(pane.key);
    const probe = new EchoProbe(viewer, pane);
    await probe.sample();
    return probe;
  }

  /** One round trip in milliseconds; rejects after timeoutMs (a server that stopped serving). */
  sample(timeoutMs = 5_000): Promise<number> {
    const marker = `k${++this.count}q`;
    const view = this.viewer.view(this.pane.key);
    const from = view.bytes;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const check = (): void => {
        if (
          Buffer.concat(view.chunks)
            .subarray(Math.max(0, from - 8))
            .toString('utf8')
            .includes(marker)
        ) {
          cleanup();
          resolve(performance.now() - started);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no echo of ${marker} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.viewer.ws.off('message', onMessage);
      };
      // After the viewer's own handler (registered first) has appended the frame.
      const onMessage = (): void => check();
      this.viewer.ws.on('message', onMessage);
      this.viewer.send({ t: 'input', key: this.pane.key, data: marker });
    });
  }

  /** `n` sequential samples. */
  async samples(n: number): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(await this.sample());
    return out;
  }

  close(): Promise<void> {
    return this.viewer.close();
  }
}

export function summary(ms: number[]): { n: number; p50: number; max: number } {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: sorted[Math.floor(sorted.length / 2)] ?? NaN,
    max: sorted[sorted.length - 1] ?? NaN,
  };
}
