'use client';
// config.toml's [[services]] as the server supervises them (status.services, refetched on each
// `service-changed` event): one row per service with its state, restarts, last exit and log file,
// and the entries the server skipped with the reason.
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../api/trpcClient';

type ServiceRow = {
  name: string;
  run: string;
  state: string;
  pid: number | null;
  starts: number;
  exitCode: number | null;
  signal: string | null;
  reason: string | null;
  nextStartInMs: number | null;
  log: string;
};

const TONE: Record<string, string> = {
  running: 'text-done border-done/40 bg-done/10',
  starting: 'text-working border-working/40 bg-working/10',
  backoff: 'text-blocked border-blocked/50 bg-blocked/10',
  failed: 'text-danger border-danger/60 bg-danger/15 font-semibold',
};

function detail(s: ServiceRow): string {
  const exit = s.exitCode !== null ? `last exit ${s.exitCode}` : s.signal ? `last exit ${s.signal}` : null;
  const now =
    s.state === 'running'
      ? `pid ${s.pid}`
      : s.state === 'backoff'
        ? `restarting in ${((s.nextStartInMs ?? 0) / 1000).toFixed(1)} s`
        : s.reason;
  return [now, `${s.starts} start${s.starts === 1 ? '' : 's'}`, exit].filter(Boolean).join(' · ');
}

export function ConfigServicesPanel() {
  const trpc = useTRPC();
  // Kept current by `service-changed` and `config-reloaded` (cache/eventTable.ts).
  const data = useQuery(trpc.status.services.queryOptions()).data;
  if (!data) return <p className="text-[12px] text-muted">Reading the services…</p>;
  if (data.services.length === 0 && data.problems.length === 0)
    return (
      <p className="text-[12px] text-muted">
        No <span className="font-mono">[[services]]</span> in config.toml. Each entry (name, run, cwd,
        restart, env) is a background program the server starts and restarts when it exits.
      </p>
    );
  return (
    <div className="flex flex-col gap-2 text-[12px]">
      <ul aria-label="config.toml services" className="flex flex-col gap-1.5">
        {data.services.map((s) => (
          <li
            key={s.name}
            data-service={s.name}
            data-service-state={s.state}
            className="flex items-center gap-3"
          >
            <span className="w-32 shrink-0 truncate font-mono" title={s.run}>
              {s.name}
            </span>
            <span
              className={`inline-flex shrink-0 rounded-full border px-2 py-px text-[11px] leading-4 ${TONE[s.state] ?? 'text-muted border-line'}`}
            >
              {s.state}
            </span>
            <span className="min-w-0 flex-1 truncate text-muted" title={s.log}>
              {detail(s)}
            </span>
          </li>
        ))}
      </ul>
      {data.problems.length > 0 && (
        <ul aria-label="services skipped" className="flex flex-col gap-1 font-mono">
          {data.problems.map((p) => (
            <li key={p} className="text-blocked">
              {p}
            </li>
          ))}
        </ul>
      )}
      <p className="text-muted">
        A service that fails five times within a minute stays failed until config.toml changes. Logs:{' '}
        <span className="font-mono">rozi config status</span> names each one’s file.
      </p>
    </div>
  );
}
