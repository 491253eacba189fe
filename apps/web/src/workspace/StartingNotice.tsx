'use client';
// A launched pane says it is starting until its program writes. A program that stays silent
// (a `sleep`, an agent waiting quietly) is running all the same: after a few seconds the notice
// says so, and a little later it leaves the terminal alone.
import { useEffect, useState } from 'react';

/** How long "Starting …" is shown before it reads "running, no output yet". */
export const STARTING_MS = 5_000;
/** When the notice goes away though the program has still written nothing. */
export const SILENT_HIDE_MS = 15_000;

export function StartingNotice({ starting, title }: { starting: boolean; title: string }) {
  const [phase, setPhase] = useState<'starting' | 'silent' | 'hidden'>('starting');
  useEffect(() => {
    setPhase('starting');
    if (!starting) return;
    const silent = setTimeout(() => setPhase('silent'), STARTING_MS);
    const hide = setTimeout(() => setPhase('hidden'), SILENT_HIDE_MS);
    return () => {
      clearTimeout(silent);
      clearTimeout(hide);
    };
  }, [starting]);
  if (!starting || phase === 'hidden') return null;
  return (
    // What is typed meanwhile waits in the terminal for the program.
    <div className="pointer-events-none absolute inset-x-0 top-0 flex justify-center p-2">
      <span
        role="status"
        data-pane-starting={phase}
        className="rounded-md border border-line bg-surface/95 px-3 py-1 text-[12px] text-muted shadow"
      >
        {phase === 'starting' ? `Starting ${title}…` : `${title} is running; no output yet`}
      </span>
    </div>
  );
}
