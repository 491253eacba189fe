// rozi extensions status [--session NAME]: every loaded extension's generation and services
// (state, pid, starts, why it stopped), session deployments and running action calls.
import { formatTable } from '../../table';
import type { Verb } from '../../verb';
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

export const extensionsStatusVerb: Verb = {
  path: ['extensions', 'status'],
  summary: 'services, deployments and running action calls of loaded extensions',
  options: [
    { name: 'session', type: 'string', value: 'NAME', description: 'deployments of this session only' },
  ],
  async run(ctx) {
    const s = typeof ctx.args.options.session === 'string' ? ctx.args.options.session : undefined;
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
    ctx.print(r, () =>
      [
        formatTable(['EXTENSION', 'WHERE', 'UNIT', 'STATE', 'PID', 'STARTS', 'REASON'], rows),
        ...r.invocations.map(
          (i) => `call ${i.id} ${i.extension}.${i.action} in ${i.session} (depth ${i.depth})`,
        ),
        ...hookTable(r.hooks ?? []),
      ].join('\n'),
    );
    return 0;
  },
};
