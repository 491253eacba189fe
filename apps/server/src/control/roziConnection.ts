// One control-socket connection speaking rozi's protocol (roziWire.ts): its first line decides
// what it is. A one-shot command is answered and the connection ends; `subscribe` streams events
// (roziStreams.ts); `publish` takes `{"rows":[…]}` snapshots for the pane until the client goes;
// `pick` opens a picker in the browser (roziPick.ts).
import type { Socket } from 'node:net';
import { appRouter } from '../api/router';
import type { ApiContext } from '../api/trpc';
import { RoziError } from '../session/errors';
import { subscribeEvents, subscribeRozi } from './roziStreams';
import { answerRozi, failureReply, targetOf, type RoziReply, type RoziRequest } from './roziWire';
import { startRoziPick } from './roziPick';
import { snapshotRows } from './roziPublish';

/** Lines kept while a stream opens; a client that sends more before the ack loses the rest. */
const MAX_EARLY_LINES = 64;

export interface RoziConnection {
  /** Every line the client sends, the first (the request) included. */
  onLine(line: string): void;
  close(): void;
}

export function serveRozi(socket: Socket, ctx: ApiContext, req: RoziRequest): RoziConnection {
  const reply = (r: RoziReply | object) => {
    if (!socket.destroyed) socket.write(JSON.stringify(r) + '\n');
  };
  const fail = (err: unknown) => {
    reply(failureReply(err));
    socket.end();
  };
  let stop = (): void => undefined;
  let onLater: ((line: string) => void) | null = null;
  // Lines that come before a stream is ready (a publisher sends rows right after its request).
  const early: string[] = [];
  let first = true;

  const start = (): void => {
    if (req.cmd === 'subscribe') {
      const events = subscribeEvents(req.events);
      stop = subscribeRozi(ctx, {
        events,
        write: (line) => reply(line),
        queued: () => socket.writableLength,
        drop: () => socket.destroy(),
      });
      reply({ ok: true });
      return;
    }
    if (req.cmd === 'publish') {
      startPublish().catch(fail);
      return;
    }
    if (req.cmd === 'pick') {
      const pick = startRoziPick(ctx, { req, write: reply, end: () => socket.end() });
      stop = () => pick.stop();
      onLater = (line) => pick.onLine(line);
      return;
    }
    void answerRozi(ctx, req).then((r) => {
      reply(r);
      socket.end();
    });
  };

  async function startPublish(): Promise<void> {
    const abort = new AbortController();
    const api = appRouter.createCaller(ctx, { signal: abort.signal });
    const name = typeof req.name === 'string' && req.name !== '' ? req.name : 'publish';
    const stream = await api.status.publisher({
      ...targetOf(req),
      name,
      kind: req.kind === 'agent' ? 'agent' : 'activity',
    });
    const it = stream[Symbol.asyncIterator]();
    const opened = await it.next();
    const publisher = opened.done ? undefined : opened.value.publisher;
    if (publisher === undefined) throw new RoziError('conflict', 'the publisher closed before it opened');
    // Later items are a person activating a row: rozi's {"activate":"<id>"} on the connection.
    void (async () => {
      for (let next = await it.next(); !next.done; next = await it.next())
        if (next.value.activate !== undefined) reply({ activate: next.value.activate });
    })().catch(() => undefined);
    stop = () => {
      abort.abort();
      void it.return?.();
    };
    const publish = (rows: unknown) =>
      api.status
        .publishRows({ publisher, rows: snapshotRows(rows) })
        .catch((err: unknown) => reply(failureReply(err)));
    onLater = (line) => {
      let v: unknown;
      try {
        v = JSON.parse(line);
      } catch {
        return reply({ ok: false, error: 'a publish line is one JSON object {"rows":[…]}', code: 'invalid' });
      }
      void publish((v as { rows?: unknown } | null)?.rows);
    };
    reply({ ok: true });
    if (Array.isArray(req.rows)) await publish(req.rows);
    for (const line of early.splice(0)) onLater(line);
  }

  return {
    onLine(line) {
      if (first) {
        first = false;
        try {
          start();
        } catch (err) {
          fail(err);
        }
        return;
      }
      if (onLater) onLater(line);
      else if (early.length < MAX_EARLY_LINES) early.push(line);
    },
    close() {
      stop();
    },
  };
}
