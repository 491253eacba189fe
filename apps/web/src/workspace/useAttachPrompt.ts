'use client';
// The page's side of rozi's attach prompt (attachPrompt.ts): which sessions this page already
// chose for, the session it was on before (Cancel goes back there), and the session it left
// alone when there was nowhere to go back to (the page then shows no panes of it and is not on
// its roster until it attaches again). The step is mirrored on <html data-attach> so a test or a
// script can tell a page that is still deciding from one that settled.
import { useCallback, useEffect, useRef, useState } from 'react';
import { attachStep, type AttachStep } from './attachPrompt';
import type { SessionControl } from './useSessionControl';

export interface AttachPrompt {
  step: AttachStep | 'left';
  session: string | undefined;
  controller: number | null;
  takeover: boolean;
  follow(): void;
  ask(): void;
  cancel(): void;
  /** From the left-alone screen: attach to the session again (the prompt comes back). */
  attachAgain(): void;
}

export function useAttachPrompt(o: {
  /** The session on screen that can be shared (a host's session cannot), or undefined. */
  session: string | undefined;
  sessions: readonly string[];
  /** The workspace has not been read yet: nothing is decided. */
  loading: boolean;
  control: SessionControl;
  selectSession(name: string): void;
  /** The session this page left alone, and its setter (held by the caller, which stops viewing it). */
  left: string | null;
  setLeft(name: string | null): void;
}): AttachPrompt {
  const { session, control, selectSession, setLeft } = o;
  const decided = useRef(new Set<string>());
  const previous = useRef<string | null>(null);
  const [, redraw] = useState(0);
  const here = control.clients.map((c) => c.id);
  const step: AttachPrompt['step'] =
    session !== undefined && o.left === session
      ? 'left'
      : o.loading
        ? 'wait'
        : attachStep({
            session,
            me: control.me,
            readOnly: control.readOnly,
            controller: control.controller,
            here,
            decided: decided.current,
          });
  useEffect(() => {
    // Settled on a session (controller, alone, read-only, or chosen): never asked again for it.
    if (step === 'settled' && session !== undefined) {
      decided.current.add(session);
      previous.current = session;
    }
    document.documentElement.dataset.attach = step;
  }, [step, session]);
  const choose = useCallback(() => {
    if (session === undefined) return;
    decided.current.add(session);
    previous.current = session;
    redraw((n) => n + 1);
  }, [session]);
  const ask = useCallback(() => {
    control.takeControl();
    choose();
  }, [control, choose]);
  const sessions = o.sessions;
  const cancel = useCallback(() => {
    const back = previous.current;
    if (back !== null && back !== session && sessions.includes(back)) selectSession(back);
    else if (session !== undefined) setLeft(session);
  }, [session, sessions, selectSession, setLeft]);
  const attachAgain = useCallback(() => setLeft(null), [setLeft]);
  return {
    step,
    session,
    controller: control.controller,
    takeover: control.takeover,
    follow: choose,
    ask,
    cancel,
    attachAgain,
  };
}
