// rozi agents test <file|dir>…: runs evidence files (the format of fixtures/agents) against
// the loaded definitions (built-ins + config.toml + installed extensions), offline. Each case
// prints its verdict and deciding rule; exit 1 when any case fails or a file cannot be read.
import { z } from 'zod';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { evaluate, parseFixtureFile, type AgentState } from '@rozi/detect';
import { loadDefinitionsFromDisk } from '../../../detection/loadDefinitions';
import { CliError, defineVerb } from '../../verb';

export interface TestCaseResult {
  file: string;
  agent: string;
  name: string;
  expected: AgentState;
  actual: AgentState | null;
  pass: boolean;
  rule: string | null;
}

export interface TestReport {
  passed: number;
  failed: number;
  cases: TestCaseResult[];
  /** Files or cases that could not be run (only present when there are some). */
  errors?: string[];
}

/** Files to run, named as the user wrote them (a directory's files joined onto it). */
async function expand(paths: string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  for (const p of paths) {
    const st = await stat(resolve(cwd, p)).catch(() => null);
    if (!st) throw new CliError('not-found', `no such file or directory: ${p}`);
    if (st.isDirectory()) {
      const names = (await readdir(resolve(cwd, p))).filter((n) => n.endsWith('.toml')).sort();
      if (names.length === 0) throw new CliError('not-found', `no .toml fixture files in ${p}`);
      files.push(...names.map((n) => join(p, n)));
    } else files.push(p);
  }
  return files;
}

function text(report: TestReport): string {
  const lines = report.cases.map((c) => {
    const verdict = c.pass ? 'PASS' : 'FAIL';
    const got = c.pass ? c.expected : `expected ${c.expected}, got ${c.actual ?? 'no definition'}`;
    return `${verdict}  ${c.agent} / ${c.name}: ${got}  (rule: ${c.rule ?? 'none, idle by default'})`;
  });
  for (const e of report.errors ?? []) lines.push(`ERROR ${e}`);
  lines.push(
    `${report.passed} passed, ${report.failed} failed${report.errors ? `, ${report.errors.length} errors` : ''}`,
  );
  return lines.join('\n');
}

export const agentsTestVerb = defineVerb({
  flags: z.object({}),
  path: ['agents', 'test'],
  response: 'rozi',
  summary: 'run agent fixture files against the loaded definitions (offline)',
  help: 'Each FILE holds [[case]] tables (name, state, screen, optional title); the agent is the\nfile stem unless the file sets agent = "id". A DIR runs every .toml file in it.\nExit 1 when any case fails.',
  positionals: [{ name: 'path', required: true, variadic: true }],
  async run(ctx) {
    const files = await expand(ctx.args.positionals, ctx.io.cwd);
    const { set } = await loadDefinitionsFromDisk(ctx.io.env);
    const report: TestReport = { passed: 0, failed: 0, cases: [] };
    const errors: string[] = [];
    for (const file of files) {
      const fixture = parseFixtureFile(await readFile(resolve(ctx.io.cwd, file), 'utf8'), file);
      errors.push(...fixture.errors);
      const known = set.byId.has(fixture.agent);
      if (!known && fixture.cases.length > 0)
        errors.push(`${file}: no agent definition '${fixture.agent}' (set agent = "id" in the file)`);
      for (const c of fixture.cases) {
        const result = known
          ? evaluate(set, { agentId: fixture.agent, screen: c.screen, title: c.title })
          : null;
        const pass = result !== null && result.state === c.state;
        report.cases.push({
          file,
          agent: fixture.agent,
          name: c.name,
          expected: c.state,
          actual: result?.state ?? null,
          pass,
          rule: result?.decidedBy?.ruleId ?? null,
        });
        if (pass) report.passed++;
        else report.failed++;
      }
    }
    if (errors.length > 0) report.errors = errors;
    ctx.print(report, () => text(report));
    return report.failed > 0 || errors.length > 0 ? 1 : 0;
  },
});
