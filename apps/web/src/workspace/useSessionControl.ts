'use client';
// This page in the shared-session roster (rozi's sessions.md): it tells the server which session
// it shows (the server attaches it there and keeps that session's control lease), learns its own
// client id and read-only flag from the stream's hello, and follows the roster through the
// session-attached / -detached / controller-changed / client-* events.
import type { ServerEvent } from '@rozi/server/events';
import { useCallback, useEffect, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { useStream } from '../stream/streamContext';

type Roster = Awaited<ReturnType<ReturnType<typeof useTRPCClient>['workspace']['clients']['query']>>;

const ROSTER_EVENTS: ReadonlySet<ServerEvent['type']> = new Set([
  'session-attached',
  'session-detached',
  'controller-changed',
  'client-joined',
  'client-left',
]);

export interface SessionControl {
  /** This page is a read-only link's viewer: it watches, never types. */
  readOnly: boolean;
  me: number | null;
  /** The client holding the shown session's control lease, or null. */
  controller: number | null;
  /** Pages showing this session (this one included). */
  count: number;
  takeControl(): void;
}

export function useSessionControl(session: string | undefined): SessionControl {
  const stream = useStream();
  const client = useTRPCClient();
  const [identity, setIdentity] = useState(stream.identity);
  const [roster, setRoster] = useState<Roster | null>(null);
  useEffect(() => {
    // The hello may have come between the first render and this effect.
    setIdentity(stream.identity);
    return stream.onIdentity(() => setIdentity(stream.identity));
  }, [stream]);
  // Sent again once the hello arrived: a view sent before the socket opened was dropped.
  useEffect(() => stream.view(session ?? null), [stream, session, identity]);
  const refresh = useCallback(
    () =>
      client.workspace.clients
        .query()
        .then(setRoster)
        .catch(() => undefined),
    [client],
  );
  useEffect(() => {
    void refresh();
    return stream.onEvent((e) => {
      if (ROSTER_EVENTS.has(e.type)) void refresh();
    });
  }, [stream, refresh]);
  const takeControl = useCallback(() => stream.takeControl(), [stream]);
  const here = session ? (roster?.clients.filter((c) => c.session === session) ?? []) : [];
  return {
    readOnly: identity?.readOnly ?? false,
    me: identity?.client ?? null,
    controller: session ? (roster?.controllers[session] ?? null) : null,
    count: here.length,
    takeControl,
  };
}
