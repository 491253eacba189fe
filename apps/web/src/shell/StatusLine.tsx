'use client';
// The thin line at the bottom: session and pane, the pending prefix chord ("Ctrl+A …"), and
// the keys that matter most, so the prefix scheme is discoverable.
import { Kbd } from '@rozi/ui';
import { displaySequence, bindingsOf, type KeymapResult } from '@rozi/keymap';

export interface StatusLineProps {
  session: string | undefined;
  paneLabel: string | undefined;
  pending: readonly string[];
  keymap: KeymapResult;
}

const HINTS: ReadonlyArray<[string, string]> = [
  ['command-palette', 'commands'],
  ['split-right', 'split'],
  ['new-tab', 'tab'],
  ['toggle-zoom', 'zoom'],
  ['new-agent', 'agent'],
];

export function StatusLine({ session, paneLabel, pending, keymap }: StatusLineProps) {
  return (
    // One line whatever the names: a long session or pane title ends in an ellipsis (the whole of
    // it in the tooltip). The session name gives way first (shrink 8), then the key hints, whole
    // ones at a time (they wrap onto a hidden second line); the pane beside the session keeps its
    // room up to 40% ("pane 1 · b…" at 1100 px said nothing).
    <footer
      data-status-line
      className="flex h-6 shrink-0 items-center gap-3 overflow-hidden whitespace-nowrap border-t border-line bg-surface px-3 text-[11px] text-muted"
    >
      <span className="min-w-0 max-w-[40%] shrink-[8] truncate font-medium text-fg/80" title={session}>
        {session ?? '—'}
      </span>
      {paneLabel && (
        <span className="max-w-[40%] shrink-0 truncate" title={paneLabel} data-status-pane>
          {paneLabel}
        </span>
      )}
      <span
        className="ml-auto shrink-0"
        aria-live="polite"
        data-pending-chord={pending.length > 0 || undefined}
      >
        {pending.length > 0 && (
          <span className="rounded bg-accent px-1.5 py-px font-mono text-accent-fg">
            {displaySequence(pending)} …
          </span>
        )}
      </span>
      <span className="hidden h-4 min-w-0 shrink-[4] flex-wrap items-center justify-end gap-x-3 overflow-hidden lg:flex">
        {HINTS.map(([id, label]) => {
          const binding = bindingsOf(keymap, id).find((b) => b.length > 1) ?? bindingsOf(keymap, id)[0];
          if (!binding) return null;
          return (
            <span key={id} className="flex items-center gap-1">
              <Kbd className="h-4 px-1 text-[10px]">{displaySequence(binding)}</Kbd>
              {label}
            </span>
          );
        })}
      </span>
    </footer>
  );
}
