// Detection cost per evaluation (budget: ≤ 50 µs median for a 200×60 screen, DESIGN.md) and the
// cost of loading every definition. Run: npx --no-install tsx bench/detect-eval.ts
import { evaluate, loadDefinitions, matchProcess, type ProcessSnapshot } from '@rozi/detect';

const COLS = 200;
const ROWS = 60;

function pad(line: string): string {
  return line.length >= COLS ? line.slice(0, COLS) : line + ' '.repeat(COLS - line.length);
}

/** A full 200×60 Claude screen: transcript prose, then its live chrome at the bottom. */
function claudeScreen(): string {
  const prose =
    'A red-black tree is a self-balancing binary search tree using colour properties on its nodes to keep the height logarithmic, so search, insertion and deletion stay O(log n) even under adversarial input.';
  const lines = Array.from(
    { length: ROWS - 5 },
    (_, i) => `  ${i % 7 === 0 ? `${i / 7 + 1}. ` : ''}${prose}`,
  );
  lines.push(
    '─'.repeat(COLS),
    '❯ Press up to edit queued messages',
    '─'.repeat(COLS),
    '  ⏸ manual mode on · esc to interrupt · ← for agents',
    '',
  );
  return lines.map(pad).join('\n');
}

/** A shell pane with no agent: a long `ls -l` listing. */
function shellScreen(): string {
  const lines = Array.from(
    { length: ROWS - 1 },
    (_, i) =>
      `-rw-r--r-- 1 user user ${String(1000 + i * 37).padStart(8)} Nov 29 17:${String(i % 60).padStart(2, '0')} file-${i}.txt`,
  );
  lines.push('user@host:~/project$ ');
  return lines.map(pad).join('\n');
}

function median(samples: number[]): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

function bench(
  label: string,
  iterations: number,
  fn: () => void,
): { label: string; median: number; p99: number } {
  for (let i = 0; i < Math.min(200, iterations); i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn();
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((a, b) => a - b);
  return { label, median: median(samples), p99: samples[Math.floor(samples.length * 0.99)] as number };
}

const t0 = performance.now();
const set = loadDefinitions();
const loadMs = performance.now() - t0;
const t1 = performance.now();
for (const d of set.definitions) evaluate(set, { agentId: d.id, screen: '', title: '' });
const compileMs = performance.now() - t1;

const claude = claudeScreen();
const shell = shellScreen();
const first = evaluate(set, { agentId: 'claude', screen: claude, title: '◑ data structures' });
if (first.state !== 'working') throw new Error(`bench screen should read working, got ${first.state}`);

const snapshot: ProcessSnapshot = {
  rootPid: 10,
  foregroundPgid: 20,
  processes: [
    { pid: 10, ppid: 1, pgid: 10, argv: ['-bash'] },
    { pid: 20, ppid: 10, pgid: 20, argv: ['npx', '-y', '@anthropic-ai/claude-code'] },
    {
      pid: 21,
      ppid: 20,
      pgid: 20,
      argv: ['node', '/home/u/.npm/_npx/1/node_modules/@anthropic-ai/claude-code/cli.js'],
    },
    { pid: 22, ppid: 21, pgid: 20, argv: ['bash', '-c', 'npm test'] },
  ],
};

const rows = [
  bench('claude 200×60, working (own + common rules)', 5000, () =>
    evaluate(set, { agentId: 'claude', screen: claude, title: '◑ data structures' }),
  ),
  bench('claude 200×60, nothing matches', 5000, () =>
    evaluate(set, { agentId: 'claude', screen: shell, title: 'user@host' }),
  ),
  bench('unmatched pane 200×60 (common rules only)', 5000, () =>
    evaluate(set, { agentId: null, screen: shell, title: 'user@host' }),
  ),
  bench('cline 200×60 (unscoped spinner rule)', 5000, () =>
    evaluate(set, { agentId: 'cline', screen: claude, title: '' }),
  ),
  bench('matchProcess, npx → node → claude', 5000, () => matchProcess(set, snapshot)),
];

console.log(`screen: ${COLS}×${ROWS} (${claude.length} chars); ${set.definitions.length} definitions`);
console.log('');
console.log('case'.padEnd(48) + 'median µs'.padStart(12) + 'p99 µs'.padStart(12));
for (const r of rows)
  console.log(r.label.padEnd(48) + r.median.toFixed(1).padStart(12) + r.p99.toFixed(1).padStart(12));
console.log('');
console.log(`load all definitions (parse + validate): ${loadMs.toFixed(1)} ms`);
console.log(`compile every definition's rules (first evaluation each): ${compileMs.toFixed(1)} ms`);
