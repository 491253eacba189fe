'use client';
// config.toml's [session] (config.session, refetched on `config-reloaded`): one read-only row per
// key with the value in force when the server next starts — the file's, or rozi's default (marked)
// — what it does here, and each bad value's warning. The server reads [session] when it starts.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';

const DOES: Record<'resurrect' | 'autosave' | 'path' | 'startup', string> = {
  resurrect: 'snapshot every session (layout, floating panes, scrollback) and restore it at start',
  autosave: 'write the layout to path when the server stops; restored when nothing else was',
  path: 'where autosave writes the layout',
  startup: 'what the server opens when it starts (profile = the [profile] default session)',
};

export function ConfigSessionPanel() {
  const trpc = useTRPC();
  const data = useQuery(trpc.config.session.queryOptions()).data;
  if (!data) return <p className="text-[12px] text-muted">Reading [session]…</p>;
  const rows = [
    ['resurrect', data.resurrect ? 'true' : 'false'],
    ['autosave', data.autosave ? 'true' : 'false'],
    ['path', data.path],
    ['startup', data.startup],
  ] as const;
  return (
    <div className="flex flex-col gap-2 text-[12px]">
      <ul aria-label="config.toml [session]" className="flex flex-col gap-1.5">
        {rows.map(([key, value]) => (
          <li key={key} data-session-key={key} className="flex items-baseline gap-3">
            <span className="w-24 shrink-0 font-mono">{key}</span>
            <span className="w-44 shrink-0 truncate font-mono" title={value} data-session-value>
              {value}
            </span>
            <span className="w-20 shrink-0 text-[11px] text-muted">
              {data.set.includes(key) ? 'config.toml' : 'default'}
            </span>
            <span className="min-w-0 flex-1 truncate text-muted" title={DOES[key]}>
              {DOES[key]}
            </span>
          </li>
        ))}
      </ul>
      {data.warnings.length > 0 && (
        <ul aria-label="[session] problems" className="flex flex-col gap-1 font-mono">
          {data.warnings.map((w) => (
            <li key={w} className="text-blocked">
              {w}
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted">
        Read when the server starts: a change applies after <span className="font-mono">rozi server</span>{' '}
        restarts. Edit them in config.toml.
      </p>
    </div>
  );
}
