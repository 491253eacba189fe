'use client';
// Turns the server's pane states into the status surfaces: the unseen count in the page title,
// toasts for background transitions, an optional sound, and desktop notifications (after the
// user's grant, once per browser profile). Server `notification` events (rozi notify) toast too.
import type { NotificationInfo, PaneInfo } from '@rozi/server/model';
import { STATE_LABEL } from '@rozi/ui';
import { useEffect, useRef, useState } from 'react';
import { useSettings } from '../settings/settingsStore';
import { useStream } from '../shell/streamContext';
import { claimNotification } from './notificationClaim';
import { paneState } from './paneStatus';
import type { TrackedState } from './statusTracker';
import { pageTitle, StatusTracker } from './statusTracker';
import { playChime } from './chime';

export interface Toast {
  id: string;
  title: string;
  message: string;
  tone: 'blocked' | 'done' | 'info' | 'warn' | 'error';
  /** The pane to focus when the toast is clicked. */
  pane?: { session: string; key: number };
}

export interface StatusSurfaces {
  toasts: Toast[];
  dismiss(id: string): void;
  unseen: ReadonlySet<number>;
  stateOf(key: number): TrackedState | undefined;
}

function paneName(p: PaneInfo): string {
  return `${p.agent ?? p.title} · ${p.session}:${p.id}`;
}

export function useStatusSurfaces(o: { panes: readonly PaneInfo[] | undefined; viewing: number | null }): StatusSurfaces {
  const tracker = useRef(new StatusTracker());
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [, setVersion] = useState(0);
  const settings = useSettings();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const stream = useStream();
  const pageVisible = typeof document !== 'undefined' ? document.visibilityState === 'visible' : true;
  const viewing = pageVisible ? o.viewing : null;

  const push = (toast: Toast) => {
    if (!settingsRef.current.toasts) return;
    setToasts((list) => [...list.filter((t) => t.id !== toast.id), toast].slice(-4));
    const timeout = toast.tone === 'blocked' ? 15_000 : 8_000;
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== toast.id)), timeout);
  };

  useEffect(() => {
    if (!o.panes) return;
    const byKey = new Map(o.panes.map((p) => [p.key, p]));
    const transitions = tracker.current.update(
      o.panes.map((p) => ({ key: p.key, state: paneState(p) })),
      { now: Date.now(), viewing },
    );
    setVersion((v) => v + 1);
    for (const t of transitions) {
      const pane = byKey.get(t.key);
      if (!pane) continue;
      const title = t.to === 'blocked' ? 'Needs input' : 'Done';
      const message = `${paneName(pane)} went from ${STATE_LABEL[t.from]} to ${STATE_LABEL[t.to]}.`;
      push({ id: `t${t.key}-${t.at}`, title, message, tone: t.to === 'blocked' ? 'blocked' : 'done', pane: { session: pane.session, key: pane.key } });
      if (settingsRef.current.sound) playChime(t.to === 'blocked' ? 'attention' : 'done');
      if (settingsRef.current.desktopNotifications && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const claimId = `${pane.session}:${pane.id}:${pane.key}:${t.from}>${t.to}:${Math.floor(t.at / 5000)}`;
        void claimNotification(claimId).then((mine) => {
          if (!mine) return;
          const n = new Notification(`rozi: ${title}`, { body: message, tag: `rozi-${pane.key}`, icon: '/icons/icon-192.png' });
          n.onclick = () => {
            window.focus();
            window.dispatchEvent(new CustomEvent('rozi:focus-pane', { detail: { session: pane.session, key: pane.key } }));
          };
        });
      }
    }
  }, [o.panes, viewing]);

  // Focusing a pane acknowledges what it finished or asked.
  useEffect(() => {
    if (viewing !== null && tracker.current.acknowledge(viewing)) setVersion((v) => v + 1);
  }, [viewing]);

  useEffect(() => {
    const onVisible = () => setVersion((v) => v + 1);
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  useEffect(() => {
    return stream.onEvent((event) => {
      if (event.type !== 'notification') return;
      const n: NotificationInfo = event.notification;
      push({
        id: `n${n.id}`,
        title: n.title ?? 'Notification',
        message: n.message,
        tone: n.level,
        pane: undefined,
      });
    });
    // push reads settings through a ref; subscribing once is enough.
  }, [stream]);

  const unseen = tracker.current.unseen;
  useEffect(() => {
    document.title = pageTitle(unseen.size);
  });

  return {
    toasts,
    dismiss: (id) => setToasts((list) => list.filter((t) => t.id !== id)),
    unseen,
    stateOf: (key) => tracker.current.get(key),
  };
}
