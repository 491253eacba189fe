// rozi sidebar publish --tab NAME [--name PRODUCER]: feeds one of the calling extension's stream
// tabs. Each stdin line is a snapshot: a JSON array of rows (strings, or {id,label,group,badge,
// header,depth}) or {"rows": [...]}, replacing this producer's rows. At end of input the
// producer's rows go, as when its process stops. What the user does with this producer's rows
// comes back on stdout, one JSON line each: {"event":"click","tab":"NAME","row":{"id":…,"label":…}}.
// Snapshots and clicks share one control connection (extensions.sidebarProducer), whose end tells
// the server this producer stopped.
import { z } from 'zod';
import { flag, required } from '../../flags';
import { createInterface } from 'node:readline';
import { ControlChannel } from '../../controlChannel';
import type { InputOf } from '../../procedureTypes';
import { CliError, defineVerb } from '../../verb';
import { callerOf } from './extensionCall';

/** Rows as the user wrote them: extensions.sidebarPublish checks each, and its refusal names the row. */
type Rows = InputOf<'extensions.sidebarPublish'>['rows'];

function rows(line: string): Rows {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    throw new CliError(
      'usage',
      'each line of sidebar publish must be JSON: an array of rows or {"rows": [...]}',
    );
  }
  const list = Array.isArray(v) ? v : (v as { rows?: unknown })?.rows;
  if (!Array.isArray(list))
    throw new CliError('usage', 'a snapshot must be an array of rows or {"rows": [...]}');
  return list.map((r: unknown) => (typeof r === 'string' ? { label: r } : r)) as Rows;
}

export const sidebarPublishVerb = defineVerb({
  path: ['sidebar', 'publish'],
  summary: "publish rows to one of your extension's stream tabs (snapshots on stdin)",
  flags: z.object({
    tab: flag.string(
      { value: 'NAME', description: 'the stream tab (its local name)' },
      required('sidebar publish needs --tab NAME'),
    ),
    name: flag.string(
      { value: 'PRODUCER', description: 'tell several producers in one place apart' },
      z.string().default('default'),
    ),
  }),
  async run(ctx) {
    const { tab, name: producer } = ctx.opts;
    const caller = callerOf(ctx.io.env);
    const channel = await ControlChannel.open(ctx.io.env);
    let refused: CliError | undefined;
    channel.subscribe({
      path: 'extensions.sidebarProducer',
      input: { tab, producer, caller },
      onItem: (event) => void ctx.io.stdout.write(JSON.stringify(event) + '\n'),
      onEnd: (err) => (refused = err),
    });
    const publish = (r: Rows) =>
      channel.call('extensions.sidebarPublish', { tab, producer, rows: r, caller });
    try {
      let published = 0;
      for await (const line of createInterface({ input: ctx.io.stdin, crlfDelay: Infinity })) {
        if (line.trim() === '') continue;
        if (refused) throw refused;
        await publish(rows(line));
        published++;
      }
      if (published > 0) await publish([]);
    } finally {
      channel.close();
    }
    return 0;
  },
});
