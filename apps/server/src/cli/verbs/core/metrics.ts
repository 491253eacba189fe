// rozi metrics: server and per-pane figures as JSON (rozi's verb; the figures are this server's).
import { z } from 'zod';
import { callServer } from '../../controlClient';
import { formatTable } from '../../table';
import { defineVerb } from '../../verb';

export const metricsVerb = defineVerb({
  flags: z.object({}),
  path: ['metrics'],
  summary: 'server and per-pane figures (memory, viewers, panes)',
  response: 'rozi',
  async run(ctx) {
    const m = await callServer(ctx.io.env, 'status.metrics');
    ctx.print(m, () =>
      [
        `uptime ${Math.round(m.server.uptime_ms / 1000)} s · rss ${Math.round(m.server.rss_bytes / 1048576)} MiB · ` +
          `${m.server.viewer_connections} viewers · ${m.server.sessions} sessions · ${m.server.panes} panes`,
        formatTable(
          ['SESSION', 'ID', 'PID', 'STATUS', 'SIZE', 'BELL'],
          m.panes.map((p) => [p.session, p.id, p.pid, p.status, `${p.cols}x${p.rows}`, p.bell]),
        ),
      ].join('\n'),
    );
    return 0;
  },
});
