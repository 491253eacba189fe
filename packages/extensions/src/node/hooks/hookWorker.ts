// Entry point of the hook worker: the child process that owns every isolate. The server forks
// it (workerProcess.ts) with --no-node-snapshot, which isolated-vm needs on Node 20, and talks to
// it over the IPC channel (protocol.ts). Calls run one at a time: the parent never sends a second
// request before the first is answered, which is also how it knows which call was running when
// the process died. A call's code runs on isolated-vm's thread, so this process answers at the
// hook's deadline even when the code cannot be interrupted (extensionIsolate.ts).
import { ExtensionIsolate } from './extensionIsolate';
import type { ParentMessage, WorkerMessage } from './protocol';

const isolates = new Map<string, ExtensionIsolate>();

function send(message: WorkerMessage): void {
  process.send?.(message);
}

function log(level: 'info' | 'warn' | 'error', message: string): void {
  send({ op: 'log', level, message });
}

async function handle(message: ParentMessage): Promise<void> {
  switch (message.op) {
    case 'load': {
      isolates.get(message.extensionId)?.dispose();
      const isolate = new ExtensionIsolate(
        { extensionId: message.extensionId, memoryMb: message.memoryMb, modules: message.modules },
        log,
      );
      isolates.set(message.extensionId, isolate);
      send({ op: 'loaded', id: message.id, errors: isolate.load() });
      return;
    }
    case 'unload':
      isolates.get(message.extensionId)?.dispose();
      isolates.delete(message.extensionId);
      send({ op: 'unloaded', id: message.id });
      return;
    case 'call': {
      const isolate = isolates.get(message.extensionId);
      if (isolate === undefined) {
        const text = `extension ${message.extensionId} has no hooks loaded`;
        send({ op: 'result', id: message.id, ok: false, kind: 'not-loaded', message: text, durationMs: 0 });
        return;
      }
      const result = await isolate.call({
        hookId: message.hookId,
        eventJson: message.event,
        timeoutMs: message.timeoutMs,
      });
      if (isolate.abandonedRun === null) {
        send({ ...result, op: 'result', id: message.id });
        return;
      }
      // A thread still runs the hook's operation and nothing can stop it: answer, then end this
      // process so the supervisor starts a clean one (the parent queues calls meanwhile).
      process.stderr.write(
        `hook worker: replaced because ${isolate.abandonedRun} left an operation running past its deadline\n`,
      );
      process.send?.({ ...result, op: 'result', id: message.id, retiring: true }, () =>
        // Not process.exit: tearing V8 down under a running isolate thread crashes (SIGSEGV).
        process.kill(process.pid, 'SIGKILL'),
      );
      return;
    }
    case 'stats': {
      const stats = [...isolates.values()].flatMap((isolate) => isolate.stats() ?? []);
      send({ op: 'stats', id: message.id, rssBytes: process.memoryUsage().rss, isolates: stats });
      return;
    }
  }
}

if (process.send === undefined) {
  process.stderr.write('hookWorker must be started by HookSandbox with an IPC channel\n');
  process.exit(64);
}

process.on('message', (message: ParentMessage) => {
  handle(message).catch((error: unknown) => {
    // A bug on our side, not in a hook: say so and let the supervisor restart a clean process.
    process.stderr.write(
      `hook worker: internal error: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(71);
  });
});
// The server is gone (crashed or exited without disposing us): never outlive it.
process.on('disconnect', () => process.exit(0));
send({ op: 'ready', pid: process.pid });
