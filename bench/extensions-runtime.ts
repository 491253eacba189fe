// Extension runtime latencies against a real server (temp HOME, real processes). Run from the
// repository root: npx --no-install tsx bench/extensions-runtime.ts [--runs 50]
// Prints: palette → command process started (the extensions.runAction call the palette makes,
// until its reply and until the process has run its first instruction), and the round trip of a
// trivial action through extensions.invoke (what `rozi invoke` does after the CLI has started),
// plus the whole `rozi invoke` CLI process for comparison.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { BIN, percentile, printTable, startServer, until } from './server-harness';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '50' } } });
const runs = Number(values.runs);

function stats(samples: number[]): Array<string | number> {
  const s = [...samples].sort((a, b) => a - b);
  return [
    s.length,
    percentile(s, 50).toFixed(2),
    percentile(s, 90).toFixed(2),
    percentile(s, 99).toFixed(2),
    (s[s.length - 1] as number).toFixed(2),
  ];
}

const server = await startServer();
try {
  const ext = join(server.home, 'bench-ext');
  mkdirSync(ext);
  const marker = join(server.home, 'started');
  writeFileSync(
    join(ext, 'extension.toml'),
    `[extension]\nid = "bench"\napi = 1\n\n[[commands]]\nid = "touch"\nexec = ["/bin/sh", "-c", "echo > \\"$0\\"", "${marker}"]\n\n[[actions]]\nid = "noop"\ntitle = "No-op"\nexec = ["sh", "-c", "cat >/dev/null; echo '{}'"]\nargs_schema = {}\nresult_schema = {}\n`,
  );
  const install = spawnSync(process.execPath, [BIN, 'extensions', 'install', '--link', ext], {
    env: server.env,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(install.stderr);
  await server.call('extensions.deploy', { extension: 'bench', session: 'main' });

  const reply: number[] = [];
  const started: number[] = [];
  for (let i = 0; i < runs; i++) {
    rmSync(marker, { force: true });
    const t0 = performance.now();
    await server.call('extensions.runAction', { id: 'bench.touch' });
    reply.push(performance.now() - t0);
    await until(() => existsSync(marker), 10_000, 0.2);
    started.push(performance.now() - t0);
  }

  const invoke: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await server.call('extensions.invoke', { session: 'main', action: 'bench.noop', argsJson: '{}' });
    invoke.push(performance.now() - t0);
  }

  const cli: number[] = [];
  for (let i = 0; i < Math.min(runs, 10); i++) {
    const t0 = performance.now();
    const r = spawnSync(process.execPath, [BIN, 'invoke', 'bench.noop', '--session', 'main'], {
      env: server.env,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(r.stderr);
    cli.push(performance.now() - t0);
  }

  printTable(
    'extension runtime (ms)',
    ['path', 'n', 'p50', 'p90', 'p99', 'max'],
    [
      ['palette → runAction reply (process spawned)', ...stats(reply)],
      ['palette → command ran its first instruction', ...stats(started)],
      ['invoke round trip, trivial action (control socket)', ...stats(invoke)],
      ['`rozi invoke` CLI process, whole', ...stats(cli)],
    ],
  );
} finally {
  await server.stop();
}
