'use client';
// What the server made of config.toml on its last read (status.config), read again after every
// `config-reloaded` event: a dismissible banner in the workspace when the file is broken or has
// warnings, and the full report (warnings with their lines, keys this edition does not use and
// why, definitions in force) in Settings.
import { IconButton, Icon } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../api/trpcClient';

function useConfigStatus() {
  const trpc = useTRPC();
  // Kept current by `config-reloaded` (cache/eventTable.ts).
  return useQuery(trpc.status.config.queryOptions()).data;
}

type Status = NonNullable<ReturnType<typeof useConfigStatus>>;

function where(w: Status['warnings'][number]): string {
  return w.line ? `line ${w.line}${w.column ? `:${w.column}` : ''}` : '';
}

function headline(s: Status): string {
  const n = s.warnings.length;
  const count = `${n} warning${n === 1 ? '' : 's'}`;
  return s.state === 'broken'
    ? `config.toml did not load: the last good agent definitions stay in force (${count})`
    : `config.toml loaded with ${count}: the entries they name were dropped`;
}

type NotUsed = Status['notUsed'][number];

/** Keys unused for the same reason, in file order, as one row. */
function groupByReason(
  rows: readonly NotUsed[],
): Array<{ reason: string; kind: NotUsed['kind']; keys: NotUsed[] }> {
  const groups = new Map<string, { reason: string; kind: NotUsed['kind']; keys: NotUsed[] }>();
  for (const r of rows) {
    const g = groups.get(r.reason) ?? { reason: r.reason, kind: r.kind, keys: [] };
    g.keys.push(r);
    groups.set(r.reason, g);
  }
  return [...groups.values()];
}

/** Workspace banner; dismissing hides it until the next reload. */
export function ConfigWarningBanner() {
  const status = useConfigStatus();
  const [dismissed, setDismissed] = useState<number | null>(null);
  if (!status || (status.state === 'ok' && status.warnings.length === 0) || dismissed === status.readAt)
    return null;
  const first = status.warnings[0];
  return (
    <div
      role="status"
      data-config-warning={status.state}
      className="flex shrink-0 items-center gap-2 border-b border-line bg-blocked/15 px-3 py-1 text-[12px]"
    >
      <Icon name="bell" size={14} />
      <span className="min-w-0 flex-1 truncate">
        {headline(status)}
        {first && (
          <span className="text-muted"> · {[where(first), first.message].filter(Boolean).join(': ')}</span>
        )}
      </span>
      <a href="/settings#config" className="shrink-0 underline">
        Details
      </a>
      <IconButton icon="close" label="Dismiss config warning" onClick={() => setDismissed(status.readAt)} />
    </div>
  );
}

/** The Settings section's body: state, every warning with its line, the definitions in force. */
export function ConfigStatusPanel() {
  const status = useConfigStatus();
  if (!status) return <p className="text-[12px] text-muted">Reading the server’s config status…</p>;
  const clean = status.state === 'ok' && status.warnings.length === 0;
  return (
    <div data-config-status={status.state} className="flex flex-col gap-3 text-[12px]">
      <p>
        <span className="font-mono">{status.file ?? 'config.toml'}</span>:{' '}
        {clean ? 'loaded, no warnings' : headline(status)}.{' '}
        <span className="text-muted">
          Read {new Date(status.readAt).toLocaleTimeString()}; saved changes are reloaded on their own.
        </span>
      </p>
      {status.warnings.length > 0 && (
        <ul aria-label="config.toml warnings" className="flex flex-col gap-1">
          {status.warnings.map((w, i) => (
            <li key={i} data-config-warning-line={w.line ?? ''} className="font-mono">
              {where(w) && <span className="text-blocked">{where(w)}: </span>}
              {w.message} <span className="text-muted">[{w.code}]</span>
            </li>
          ))}
        </ul>
      )}
      {status.notUsed.length > 0 && (
        <div>
          <p className="mb-1 text-muted">
            Not used in the web edition ({status.notUsed.length}): rozi settings this file sets that this
            edition ignores, grouped by why.
          </p>
          <ul aria-label="config.toml keys not used in the web edition" className="flex flex-col gap-2">
            {groupByReason(status.notUsed).map((g) => (
              <li key={g.reason} data-config-not-used={g.kind}>
                <span className={g.kind === 'not-built' ? 'text-blocked' : 'text-muted'}>
                  {g.kind === 'not-built' ? 'Not built yet' : 'No meaning in a browser'}:
                </span>{' '}
                {g.reason}
                <span className="block font-mono text-[11px] text-muted">
                  {g.keys.map((k) => (k.line !== null ? `${k.key} (line ${k.line})` : k.key)).join(' · ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <p className="mb-1 text-muted">Definitions in force ({status.definitions.length}):</p>
        <p data-config-definitions className="leading-5">
          {status.definitions.map((d) => `${d.id} (${d.source}${d.resume ? ', resume' : ''})`).join(' · ')}
        </p>
      </div>
    </div>
  );
}
