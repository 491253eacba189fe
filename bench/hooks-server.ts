// Hooks in a real server: 1,000 events a second sustained, with terminal key-echo latency
// measured before and during. Run from the repository root:
//   npx --no-install tsx bench/hooks-server.ts [--seconds 10] [--rate 1000]
// A real `rozi server` subprocess (temp HOME, --no-web) gets an extension whose hook answers
// every `bell`; a real program in a real pane rings the bell `rate` times a second (the events go
// PTY → headless mirror → event bus → hook service → hook worker → effects). Key echo is timed
// through another real pane by a WebSocket viewer, as a browser would type. The hook returns a
// notify effect for one bell in 1,000, so effects are applied too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EchoProbe, summary } from '../apps/server/test/hooks-echoProbe';
import { makeHome, removeHome, runCli, startServer, waitFor } from '../apps/server/test/harness';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, rate: { type: 'string', default: '1000' } },
});
const SECONDS = Number(values.seconds);
const RATE = Number(values.rate);

interface HookRow {
  extensionId: string;
  calls: number;
  failures: number;
  lastError: string | null;
  p50Ms: number | null;
  p99Ms: number | null;
}

function pct(ms: number[], q: number): number {
  const s = [...ms].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
}

async function echoFor(probe: EchoProbe, ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    out.push(await probe.sample());
    // A typist, not a flood: about 50 keys a second.
    await new Promise((r) => setTimeout(r, 20));
  }
  return out;
}

const server = await startServer({ home: makeHome() });
try {
  const dir = join(server.home, 'bench-hook');
  mkdirSync(join(dir, 'hooks'), { recursive: true });
  writeFileSync(
    join(dir, 'extension.toml'),
    '[extension]\nid = "bench-hook"\ntitle = "Bench"\nversion = "0.1.0"\napi = 1\n\n[[hooks]]\nevent = "bell"\nscript = "./hooks/h.js"\npermissions = ["notify"]\n',
  );
  writeFileSync(
    join(dir, 'hooks', 'h.js'),
    "let n = 0;\nexport default (event) => (++n % 1000 === 0 ? { type: 'notify', title: 'bench', message: `${n} bells in pane ${event.pane}` } : undefined);\n",
  );
  const installed = await runCli(server.env, ['extensions', 'install', '--link', dir]);
  if (installed.code !== 0) throw new Error(installed.stderr);
  const row = async (): Promise<HookRow | undefined> =>
    (await server.call<{ hooks: HookRow[] }>('extensions.status', {})).hooks.find(
      (h) => h.extensionId === 'bench-hook',
    );
  await waitFor('the bench hook loaded', row, 20_000);

  const probe = await EchoProbe.open(server);
  await probe.samples(20);
  const before = await echoFor(probe, 3_000);

  // RATE bells a second for SECONDS from a program in a real pane, paced against its own clock
  // every 10 ms (timers run late under load; the program catches up rather than slowing down).
  const total = RATE * SECONDS;
  const script = `const t0=Date.now();let sent=0;const t=setInterval(()=>{const due=Math.min(${total},Math.floor((Date.now()-t0)*${RATE}/1000));if(due>sent){process.stdout.write('\\x07'.repeat(due-sent));sent=due}if(sent>=${total})clearInterval(t)},10)`;
  const start = await row();
  const startedAt = Date.now();
  await server.call('panes.split', {
    target: 1,
    cwd: server.home,
    keepOpen: true,
    argv: [process.execPath, '-e', script],
  });
  const during = await echoFor(probe, SECONDS * 1000 - 500);
  const endRow = await waitFor(
    'every bell answered',
    async () => {
      const r = await row();
      return r && r.calls + r.failures >= (start?.calls ?? 0) + total ? r : undefined;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  const elapsed = (Date.now() - startedAt) / 1000;
  const after = await echoFor(probe, 2_000);
  await probe.close();

  const calls = endRow.calls - (start?.calls ?? 0);
  const lines: [string, string][] = [
    ['events (bells) raised', `${total} over ${SECONDS} s requested (${RATE}/s)`],
    [
      'hook calls answered',
      `${calls} in ${elapsed.toFixed(1)} s → ${(calls / elapsed).toFixed(0)}/s sustained`,
    ],
    [
      'hook failures',
      `${endRow.failures - (start?.failures ?? 0)}${endRow.lastError ? ` (last: ${endRow.lastError})` : ''}`,
    ],
    ['hook time in isolate p50 / p99', `${endRow.p50Ms?.toFixed(3)} / ${endRow.p99Ms?.toFixed(3)} ms`],
    [
      'key echo before   p50 / p99 / max',
      `${pct(before, 0.5).toFixed(2)} / ${pct(before, 0.99).toFixed(2)} / ${summary(before).max.toFixed(2)} ms (n=${before.length})`,
    ],
    [
      'key echo during   p50 / p99 / max',
      `${pct(during, 0.5).toFixed(2)} / ${pct(during, 0.99).toFixed(2)} / ${summary(during).max.toFixed(2)} ms (n=${during.length})`,
    ],
    [
      'key echo after    p50 / p99 / max',
      `${pct(after, 0.5).toFixed(2)} / ${pct(after, 0.99).toFixed(2)} / ${summary(after).max.toFixed(2)} ms (n=${after.length})`,
    ],
  ];
  const width = Math.max(...lines.map(([l]) => l.length));
  console.log(`hooks in a real server (node ${process.version}, ${new Date().toISOString()})`);
  for (const [label, value] of lines) console.log(`${label.padEnd(width)}  ${value}`);
} finally {
  await server.stop();
  removeHome(server.home);
}
