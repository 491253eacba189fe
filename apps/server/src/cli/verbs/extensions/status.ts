// rozi extensions status [--session NAME]: every loaded extension's generation and services
// (state, pid, starts, why it stopped), session deployments, running action calls, and the hosts
// placed services run on with each placed process.
import { z } from 'zod';
import { flag } from '../../flags';
import { formatTable } from '../../table';
import { defineVerb } from '../../verb';
import { callServer } from '../../controlClient';

interface HookStatus {
  extensionId: string;
  hookId: string;
  event: string;
  calls: number;
  failures: number;
  timeouts: number;
  rejectedEffects: number;
  p50Ms: number | null;
  p99Ms: number | null;
  disabled: boolean;
  disabledReason: string | null;
  loadError: string | null;
  lastError: string | null;
}

const ms = (v: number | null): string | null => (v === null ? null : v.toFixed(3));

function hookTable(hooks: HookStatus[]): string[] {
  if (hooks.length === 0) return [];
  const rows = hooks.map((h) => [
    h.extensionId,
    h.hookId,
    h.event,
    h.loadError ? 'not loaded' : h.disabled ? 'disabled' : 'enabled',
    h.calls,
    h.failures,
    h.timeouts,
    h.rejectedEffects,
    ms(h.p50Ms),
    ms(h.p99Ms),
    h.loadError ?? h.disabledReason ?? h.lastError,
  ]);
  return [
    '',
    formatTable(
      [
        'EXTENSION',
        'HOOK',
        'EVENT',
        'STATE',
        'CALLS',
        'FAILURES',
        'TIMEOUTS',
        'REJECTED',
        'P50_MS',
        'P99_MS',
        'LAST_ERROR',
      ],
      rows,
    ),
  ];
}

export const extensionsStatusVerb = defineVerb({
  path: ['extensions', 'status'],
  summary: 'services, deployments and running action calls of loaded extensions',
  flags: z.object({
    session: flag.string({ value: 'NAME', description: 'deployments of this session only' }),
  }),
  async run(ctx) {
    const s = ctx.opts.session;
    const r = await callServer(ctx.io.env, 'extensions.status', { session: s });
    const rows: (string | number | null)[][] = [];
    for (const e of r.extensions)
      for (const v of e.services)
        rows.push([e.id, 'client', v.unit, v.state, v.pid ?? null, v.starts, v.reason ?? null]);
    for (const d of r.deployments)
      for (const v of d.services)
        rows.push([
          d.extension,
          `session ${d.session}`,
          v.unit,
          v.state,
          v.pid ?? null,
          v.starts,
          v.reason ?? null,
        ]);
    // Placed on remote hosts (spec 003): where, generation, the snapshot digest, pid, why not.
    const placedRows = (r.placed ?? []).map((p) => [
      p.extension,
      `host ${p.host}${p.session ? ` (session ${p.session})` : ''}`,
      `service.${p.service}`,
      p.state,
      p.pid,
      p.generation,
      p.digest ? p.digest.slice(0, 19) : null,
      p.reason ? `${p.reason}: ${p.message ?? ''}` : (p.message ?? null),
    ]);
    const hostLines = (r.hosts ?? []).map(
      (h) =>
        `host ${h.alias}: ${h.state}${h.platform ? ` (${h.platform})` : ''}, ${h.placed} placed${h.reason ? ` — ${h.reason}` : ''}`,
    );
    ctx.print(r, () =>
      [
        formatTable(['EXTENSION', 'WHERE', 'UNIT', 'STATE', 'PID', 'STARTS', 'REASON'], rows),
        ...(hostLines.length ? ['', ...hostLines] : []),
        ...(placedRows.length
          ? [
              '',
              formatTable(
                ['EXTENSION', 'WHERE', 'UNIT', 'STATE', 'PID', 'GENERATION', 'DIGEST', 'REASON'],
                placedRows,
              ),
            ]
          : []),
        ...r.invocations.map(
          (i) => `call ${i.id} ${i.extension}.${i.action} in ${i.session} (depth ${i.depth})`,
        ),
        ...hookTable(r.hooks ?? []),
      ].join('\n'),
    );
    return 0;
  },
});
