'use client';
// Installed extensions: state with its reason, services (state, restarts, uptime), hooks health,
// a live log tail per unit, and enable / disable / update / remove (purge asks first).
import { Button, Select, Table, TableCell, TableRow, StatusMessage } from '@rozi/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC, useTRPCClient } from '../api/trpcClient';

function uptime(startedAt: number | undefined, now: number): string {
  if (!startedAt) return '—';
  const s = Math.max(0, Math.round((now - startedAt) / 1000));
  return s < 60
    ? `${s}s`
    : s < 3600
      ? `${Math.floor(s / 60)}m ${s % 60}s`
      : `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}

function LogTail({ id }: { id: string }) {
  const trpc = useTRPC();
  const [unit, setUnit] = useState<string>('');
  // Polled once a second while shown: the tail stays live without a stream per unit.
  const { data } = useQuery({
    ...trpc.discover.logs.queryOptions({ id, unit: unit || undefined, lines: 100 }),
    refetchInterval: 1000,
  });
  const units = useQuery(trpc.discover.logs.queryOptions({ id, lines: 1 })).data?.map((u) => u.unit) ?? [];
  return (
    <div className="mt-2 flex flex-col gap-2">
      <Select
        aria-label={`${id} log unit`}
        value={unit}
        onChange={(e) => setUnit(e.target.value)}
        className="w-56"
      >
        <option value="">All units</option>
        {units.map((u) => (
          <option key={u} value={u}>
            {u}
          </option>
        ))}
      </Select>
      <pre
        aria-label={`${id} log`}
        className="max-h-64 overflow-auto rounded bg-term p-2 font-mono text-[11px] leading-snug text-fg"
      >
        {(data ?? []).map((u) => `── ${u.unit}\n${u.lines.join('\n')}`).join('\n') || '(no output yet)'}
      </pre>
    </div>
  );
}

/** `onDiscover`: switches to the gallery (the empty state's way on). */
export function ManagerView({ onDiscover }: { onDiscover(): void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const list = useQuery(trpc.extensions.list.queryOptions());
  // Services restart and hooks count calls with no event to say so: read twice a second while shown.
  const status = useQuery({ ...trpc.extensions.status.queryOptions(), refetchInterval: 2000 });
  const index = useQuery(trpc.discover.list.queryOptions());
  const [now, setNow] = useState(() => Date.now());
  const [logsOf, setLogsOf] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ id: string; purge: boolean } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);

  // Every action reloads the extensions; their extensions-changed refreshes this view (cache/eventTable.ts).
  const act = async (what: string, fn: () => Promise<unknown>) => {
    setMessage(null);
    try {
      await fn();
      setMessage(what);
    } catch (err) {
      setMessage(err instanceof Error ? err.message : String(err));
    }
  };

  const exts = list.data ?? [];
  if (exts.length === 0)
    return (
      <div className="flex flex-col items-start gap-2 text-[13px]" data-manager-empty>
        <p className="text-muted">No extensions installed.</p>
        <Button onClick={onDiscover}>Browse Discover</Button>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {message && <StatusMessage tone="info">{message}</StatusMessage>}
      {exts.map((x) => {
        const services = status.data?.extensions.find((s) => s.id === x.id)?.services ?? [];
        const hooks = (status.data?.hooks ?? []).filter((h) => h.extensionId === x.id);
        const update = index.data?.entries.find((e) => e.id === x.id && e.updateAvailable);
        return (
          <section
            key={x.id}
            aria-label={x.title ?? x.id}
            className="rounded-lg border border-line bg-surface p-4"
          >
            <div className="flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1">
                <h3 className="text-[15px] font-semibold">
                  {x.title ?? x.id}{' '}
                  <span className="font-mono text-[11px] font-normal text-muted">{x.version}</span>
                </h3>
                <p className="text-[12px] text-muted">{x.description}</p>
                <p className="mt-1 text-[12px]">
                  <span
                    data-ext-state={x.state}
                    className={
                      x.state === 'enabled'
                        ? 'text-done'
                        : x.state === 'disabled'
                          ? 'text-muted'
                          : 'text-danger'
                    }
                  >
                    {x.state}
                  </span>
                  {x.disabled_by === 'config' && (
                    <span className="text-muted"> by config.toml ([extensions] disabled)</span>
                  )}
                  {x.problem && <span className="text-muted"> — {x.problem}</span>}
                  <span className="ml-2 font-mono text-[11px] text-muted" data-ext-source={x.source.kind}>
                    {x.commit
                      ? x.commit.slice(0, 12)
                      : x.managed
                        ? x.source.kind
                        : 'unmanaged: put in the extensions folder by hand'}
                  </span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {update && (
                  <Button
                    onClick={() => act(`${x.id} updated`, () => client.discover.install.mutate({ id: x.id }))}
                  >
                    Update
                  </Button>
                )}
                {x.state === 'disabled' ? (
                  <Button
                    onClick={() =>
                      act(`${x.id} enabled`, () =>
                        client.discover.setEnabled.mutate({ id: x.id, enabled: true }),
                      )
                    }
                  >
                    Enable
                  </Button>
                ) : (
                  <Button
                    onClick={() =>
                      act(`${x.id} disabled`, () =>
                        client.discover.setEnabled.mutate({ id: x.id, enabled: false }),
                      )
                    }
                  >
                    Disable
                  </Button>
                )}
                <Button onClick={() => setLogsOf(logsOf === x.id ? null : x.id)}>
                  {logsOf === x.id ? 'Hide logs' : 'Logs'}
                </Button>
                {x.managed && (
                  <Button variant="danger" onClick={() => setConfirm({ id: x.id, purge: false })}>
                    Remove…
                  </Button>
                )}
              </div>
            </div>
            {confirm?.id === x.id && (
              <div
                role="alertdialog"
                aria-label={`Remove ${x.id}`}
                className="mt-3 flex flex-wrap items-center gap-3 rounded border border-danger/40 p-3 text-[13px]"
              >
                <span>Remove {x.id}? Its files and logs go.</span>
                <label className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    checked={confirm.purge}
                    onChange={(e) => setConfirm({ id: x.id, purge: e.target.checked })}
                  />{' '}
                  also purge its state directory
                </label>
                <Button
                  variant="danger"
                  onClick={() =>
                    act(`${x.id} removed`, () =>
                      client.discover.remove.mutate({ id: x.id, purge: confirm.purge }),
                    ).then(() => setConfirm(null))
                  }
                >
                  Remove
                </Button>
                <Button onClick={() => setConfirm(null)}>Cancel</Button>
              </div>
            )}
            {(services.length > 0 || hooks.length > 0) && (
              <Table
                label={`${x.title ?? x.id} units`}
                columns={['Unit', 'State', 'Starts', 'Uptime', 'Note']}
                className="mt-3"
              >
                {services.map((s) => (
                  <TableRow key={s.unit} data-service={s.unit}>
                    <TableCell className="font-mono">{s.unit}</TableCell>
                    <TableCell data-service-state={s.state}>{s.state}</TableCell>
                    <TableCell>{s.starts}</TableCell>
                    <TableCell>{s.state === 'running' ? uptime(s.startedAt, now) : '—'}</TableCell>
                    <TableCell className="text-muted">{s.pid ? `pid ${s.pid}` : (s.reason ?? '')}</TableCell>
                  </TableRow>
                ))}
                {hooks.map((h) => (
                  <TableRow key={`${h.extensionId}${h.hookId}`}>
                    <TableCell className="font-mono">hook {h.event}</TableCell>
                    <TableCell>{h.disabled ? 'disabled' : 'healthy'}</TableCell>
                    <TableCell>{h.calls} calls</TableCell>
                    <TableCell>—</TableCell>
                    <TableCell className="text-muted">{h.failures} failures</TableCell>
                  </TableRow>
                ))}
              </Table>
            )}
            {logsOf === x.id && <LogTail id={x.id} />}
          </section>
        );
      })}
    </div>
  );
}
