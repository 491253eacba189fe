// The server's shutdown as a list of steps that each run, whatever the one before did. One step
// throwing (the state dir deleted under a history write) used to reject the whole stop: the
// SIGTERM handler was spent, the server ignored every later SIGTERM (web) or died with exit 1 on
// the unhandled rejection (--no-web), and the panes after it were never ended.
export interface ShutdownStep {
  name: string;
  run(): unknown;
}

/** A step that takes longer than this is logged and left behind, so shutdown itself cannot hang. */
export const SHUTDOWN_STEP_MS = 5000;

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs every step in order; returns the names of those that failed or timed out (each logged). */
export async function runShutdown(
  steps: ShutdownStep[],
  o: { log(line: string): void; stepMs?: number },
): Promise<string[]> {
  const failed: string[] = [];
  const limit = o.stepMs ?? SHUTDOWN_STEP_MS;
  for (const step of steps) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), limit);
      });
      const r = await Promise.race([Promise.resolve().then(() => step.run()), timeout]);
      if (r === 'timeout') {
        failed.push(step.name);
        o.log(`warning: shutdown: ${step.name} did not finish within ${limit} ms; going on`);
      }
    } catch (err) {
      failed.push(step.name);
      o.log(`warning: shutdown: ${step.name} failed: ${messageOf(err)}; going on`);
    } finally {
      clearTimeout(timer);
    }
  }
  return failed;
}
