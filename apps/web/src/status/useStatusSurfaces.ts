'use client';
// The status surfaces, fed by the server: its status service classifies background transitions
// (working → needs input, → done) and sends them as `notification` events, which become toasts,
// an optional chime and, after the user's grant, desktop notifications delivered once per browser
// profile. A pane's BEL plays the bell cue unless the pane is on screen in the focused window;
// every cue is throttled per cue by [sounds] throttle_ms. The page tells the server which pane is in view (agents.setViewed), which acknowledges
// `done` and cancels a pending notice; the title carries the count of panes still waiting.
import type { NotificationInfo } from '@rozi/server/model';
import type { PaneView } from '@rozi/server/view';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { useSettings } from '../settings/settingsStore';
import { useConfigBehaviour } from '../settings/useConfigInput';
import { useStream } from '../stream/streamContext';
import { notificationTone, pageTitle, panesWantingAttention } from './attention';
import { playChime } from './chime';
import { CueThrottle } from './cueThrottle';
import { claimNotification } from './notificationClaim';
import { SoundFiles, type SoundCue } from './soundFiles';

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
}

/** `[sounds] throttle_ms` as the server read it (clamped there), rozi's 2000 before it answers. */
const throttleMsOf = (b: { sounds: { throttleMs: number } } | undefined): number =>
  b?.sounds.throttleMs ?? 2000;

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

export function useStatusSurfaces(o: {
  panes: readonly PaneView[] | undefined;
  /** Every pane on screen (a split shows several; a zoomed tab one). */
  viewing: readonly number[];
}): StatusSurfaces {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const settings = useSettings();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  // config.toml [sounds] / [notifications] where they are set; this browser's switches otherwise.
  const behaviour = useConfigBehaviour();
  const behaviourRef = useRef(behaviour);
  behaviourRef.current = behaviour;
  const panesRef = useRef(o.panes);
  panesRef.current = o.panes;
  const stream = useStream();
  const client = useTRPCClient();
  const visible = useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  );
  const viewingKeys = visible ? o.viewing.join(',') : '';
  const viewing = useMemo(() => (viewingKeys ? viewingKeys.split(',').map(Number) : []), [viewingKeys]);

  // Tell the server which panes are in view: it acknowledges `done` and cancels pending notices.
  useEffect(() => {
    for (const key of viewing) client.agents.setViewed.mutate({ key, viewed: true }).catch(() => undefined);
    return () => {
      // A pane may be gone already; nothing to un-view then.
      for (const key of viewing)
        client.agents.setViewed.mutate({ key, viewed: false }).catch(() => undefined);
    };
  }, [viewing, client]);

  const viewingRef = useRef(viewing);
  viewingRef.current = viewing;
  const [throttle] = useState(() => new CueThrottle());
  const warnRef = useRef<(line: string) => void>(() => undefined);
  const [soundFiles] = useState(
    () =>
      new SoundFiles({
        load: (cue) => client.config.soundFile.query({ cue }),
        warn: (line) => warnRef.current(line),
      }),
  );
  warnRef.current = (line) => {
    const id = `sound-${line}`;
    setToasts((list) =>
      [
        ...list.filter((t) => t.id !== id),
        { id, title: 'Sound', message: line, tone: 'warn' as const },
      ].slice(-4),
    );
    setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), 10_000);
  };
  /** The cue's own sound when config.toml names one, else (or when it cannot play) the chime. */
  const playCue = (cue: SoundCue, chime: Parameters<typeof playChime>[0]) => {
    void soundFiles.play(cue, behaviourRef.current?.sounds.files?.[cue]).then((played) => {
      if (!played) playChime(chime);
    });
  };
  const playCueRef = useRef(playCue);
  playCueRef.current = playCue;

  useEffect(() => {
    const dismissLater = (id: string, ms: number) =>
      setTimeout(() => setToasts((list) => list.filter((t) => t.id !== id)), ms);
    return stream.onEvent((event) => {
      if (event.type === 'bell') {
        // rozi's attended rule: no cue for a pane on screen in the focused window.
        const attended = viewingRef.current.includes(event.key) && document.hasFocus();
        const b = behaviourRef.current;
        const on = (b?.sounds.enabled ?? settingsRef.current.sound) && b?.sounds.bell !== false;
        if (!attended && on && throttle.allow('bell', throttleMsOf(b))) playCueRef.current('bell', 'bell');
        return;
      }
      if (event.type !== 'notification') return;
      const n: NotificationInfo = event.notification;
      const pane =
        n.session !== null && n.paneId !== null
          ? panesRef.current?.find((p) => p.session === n.session && p.id === n.paneId)
          : undefined;
      const tone = notificationTone(n.level, pane !== undefined);
      const title = n.title ?? 'rozi';
      const where = pane ? ` · ${pane.session}:${pane.id}` : '';
      const s = settingsRef.current;
      if (s.toasts) {
        const toast: Toast = {
          id: `n${n.id}`,
          title: `${title}${where}`,
          message: n.message,
          tone,
          pane: pane && { session: pane.session, key: pane.key },
        };
        setToasts((list) => [...list.filter((t) => t.id !== toast.id), toast].slice(-4));
        dismissLater(toast.id, tone === 'blocked' ? 15_000 : 8_000);
      }
      const b = behaviourRef.current;
      const cue = tone === 'blocked' ? 'blocked' : tone === 'done' ? 'done' : 'error';
      if ((b?.sounds.enabled ?? s.sound) && b?.sounds[cue] !== false && throttle.allow(cue, throttleMsOf(b)))
        playCueRef.current(cue, tone === 'blocked' ? 'attention' : 'done');
      const notice =
        tone === 'blocked'
          ? b?.notifications.paneBlocked
          : tone === 'done'
            ? b?.notifications.paneDone
            : null;
      if (
        (b?.notifications.enabled ?? true) &&
        notice !== false &&
        s.desktopNotifications &&
        typeof Notification !== 'undefined' &&
        Notification.permission === 'granted'
      ) {
        // Every tab of this profile gets the same event; one of them shows it.
        void claimNotification(`${location.host}:${n.id}:${n.at}`).then((mine) => {
          if (!mine) return;
          const shown = new Notification(`rozi: ${title}`, {
            body: n.message,
            tag: `rozi-${n.id}`,
            icon: '/icons/icon-192.png',
          });
          shown.onclick = () => {
            window.focus();
            if (pane)
              window.dispatchEvent(
                new CustomEvent('rozi:focus-pane', { detail: { session: pane.session, key: pane.key } }),
              );
          };
        });
      }
    });
  }, [stream, throttle]);

  const unseen = new Set(
    panesWantingAttention(
      (o.panes ?? []).map((p) => ({ key: p.key, state: p.status?.state ?? null })),
      viewing,
    ),
  );
  const count = unseen.size;
  useEffect(() => {
    document.title = pageTitle(count);
  }, [count]);

  return {
    toasts,
    dismiss: (id) => setToasts((list) => list.filter((t) => t.id !== id)),
    unseen,
  };
}
