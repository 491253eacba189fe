'use client';
// This page in the shared-session roster (rozi's sessions.md): it tells the server which session
// it shows (the server attaches it there and keeps that session's control lease), learns its own
// client id and read-only flag from the stream's hello, and follows the roster through the
// session-attached / -detached / controller-changed / client-* events and the server's control
// notices (a request, a decline, a changed policy). The server enforces every rule; the page
// only offers what would do something and shows the server's answers.
import type { ServerEvent } from '@rozi/server/events';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import type { CollabState } from '../actions/actionTypes';
import type { ControlMessage } from '../stream/streamClient';
import { useStream } from '../stream/streamContext';

type Roster = Awaited<ReturnType<ReturnType<typeof useTRPCClient>['workspace']['clients']['query']>>;
export type RosterClient = Roster['clients'][number];

const ROSTER_EVENTS: ReadonlySet<ServerEvent['type']> = new Set([
  'session-attached',
  'session-detached',
  'controller-changed',
  'client-joined',
  'client-left',
]);

/** CollabState (readOnly: a read-only link's page; controller: the lease holder or null; …). */
export interface SessionControl extends CollabState {
  /** The pages on this session, oldest first (this one included). */
  clients: RosterClient[];
  /** rozi's request-control: takes the lease, or asks the controller when takeover is off. */
  takeControl(): void;
  /** Removes another page from this session (Manage collaborators…, Ctrl+K twice). */
  remove(client: number): void;
}

/** What the page shows for a control notice or a server refusal (a line, or nothing). */
export type ControlNoticeHandler = (message: ControlMessage) => void;

export function useSessionControl(
  session: string | undefined,
  onNotice?: ControlNoticeHandler,
): SessionControl {
  const stream = useStream();
  const client = useTRPCClient();
  const [identity, setIdentity] = useState(stream.identity);
  const [roster, setRoster] = useState<Roster | null>(null);
  const noticeRef = useRef(onNotice);
  noticeRef.current = onNotice;
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
    const offEvents = stream.onEvent((e) => {
      if (ROSTER_EVENTS.has(e.type)) void refresh();
    });
    const offControl = stream.onControl((m) => {
      if (m.t === 'control') void refresh();
      noticeRef.current?.(m);
    });
    return () => {
      offEvents();
      offControl();
    };
  }, [stream, refresh]);
  const takeControl = useCallback(() => stream.control({ t: 'control', op: 'request' }), [stream]);
  const grant = useCallback(
    (c?: number) =>
      stream.control(
        c === undefined ? { t: 'control', op: 'grant' } : { t: 'control', op: 'grant', client: c },
      ),
    [stream],
  );
  const decline = useCallback(
    (c?: number) =>
      stream.control(
        c === undefined ? { t: 'control', op: 'decline' } : { t: 'control', op: 'decline', client: c },
      ),
    [stream],
  );
  const remove = useCallback(
    (c: number) => stream.control({ t: 'control', op: 'remove', client: c }),
    [stream],
  );
  const setInputLock = useCallback(
    (on: boolean) => stream.control({ t: 'control', op: 'input-lock', on }),
    [stream],
  );
  const setTakeover = useCallback(
    (on: boolean) => stream.control({ t: 'control', op: 'takeover', on }),
    [stream],
  );
  const here = session ? (roster?.clients.filter((c) => c.session === session) ?? []) : [];
  here.sort((a, b) => a.since - b.since);
  const me = identity?.client ?? null;
  const controller = session ? (roster?.controllers[session] ?? null) : null;
  const policy = session ? roster?.policies[session] : undefined;
  return {
    readOnly: identity?.readOnly ?? false,
    me,
    controller,
    mine: controller !== null && controller === me,
    count: here.length,
    clients: here,
    wants: here.filter((c) => c.wantsControl).map((c) => c.id),
    inputLock: policy?.inputLock ?? false,
    takeover: policy?.takeover ?? true,
    takeControl,
    grant,
    decline,
    remove,
    setInputLock,
    setTakeover,
  };
}
