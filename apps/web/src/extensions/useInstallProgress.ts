'use client';
// Live install progress from discover-progress events, per extension id: the phases seen so far
// (clone, validate, snapshot, start, done) with their state and message.
import type { ServerEventOf } from '@rozi/server/events';
import { useEffect, useState } from 'react';
import { useStream } from '../stream/streamContext';

export type ProgressEvent = ServerEventOf<'discover-progress'>;
export type InstallProgress = Record<string, ProgressEvent[]>;

export function useInstallProgress(): { byExtension: InstallProgress; reset(id: string): void } {
  const stream = useStream();
  const [byExtension, setBy] = useState<InstallProgress>({});
  useEffect(
    () =>
      stream.onEvent((e) => {
        if (e.type !== 'discover-progress') return;
        setBy((all) => {
          const list = (all[e.extension] ?? []).filter((p) => p.install === e.install && p.phase !== e.phase);
          return { ...all, [e.extension]: [...list, e] };
        });
      }),
    [stream],
  );
  return { byExtension, reset: (id) => setBy((all) => ({ ...all, [id]: [] })) };
}
