// Reads evidence files in the format of ../../fixtures/agents/README.md: top-level
// `source`, `captured_at`, `notes`, optional `agent` (else the file stem), and `[[case]]` tables
// with `name`, `state`, optional `title` and `screen`. Used by `rozi agents test` and the tests.
import { parseToml } from './validateDefinitions';
import { isAgentState, type AgentState } from './model';

export interface FixtureCase {
  name: string;
  state: AgentState;
  title?: string;
  screen: string;
}

export interface FixtureFile {
  file: string;
  /** The agent id the cases are evaluated with. */
  agent: string;
  source?: string;
  cases: FixtureCase[];
  /** Problems in the file itself (one line each); cases with problems are skipped. */
  errors: string[];
}

/** `dir/claude.toml` → `claude`. */
export function fixtureStem(file: string): string {
  const base = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  return base.replace(/\.toml$/i, '');
}

export function parseFixtureFile(text: string, file: string): FixtureFile {
  const out: FixtureFile = { file, agent: fixtureStem(file), cases: [], errors: [] };
  const parsed = parseToml(text, file);
  if (!parsed.value) {
    out.errors.push(
      `${file}${parsed.warning?.line ? `:${parsed.warning.line}` : ''}: ${parsed.warning?.message ?? 'invalid TOML'}`,
    );
    return out;
  }
  const doc = parsed.value;
  if (typeof doc.agent === 'string' && doc.agent !== '') out.agent = doc.agent;
  if (typeof doc.source === 'string') out.source = doc.source;
  const cases = doc.case;
  if (cases === undefined) return out;
  if (!Array.isArray(cases)) {
    out.errors.push(`${file}: case must be an array of tables ([[case]])`);
    return out;
  }
  const names = new Set<string>();
  cases.forEach((raw: unknown, i) => {
    const c = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const label = typeof c.name === 'string' && c.name ? c.name : `case ${i + 1}`;
    const problems: string[] = [];
    if (typeof c.name !== 'string' || c.name === '') problems.push('name is missing');
    else if (names.has(c.name)) problems.push('name is not unique in the file');
    if (!isAgentState(c.state)) problems.push(`state must be working, blocked, idle or unknown`);
    if (typeof c.screen !== 'string') problems.push('screen is missing');
    if (c.title !== undefined && typeof c.title !== 'string') problems.push('title must be a string');
    if (problems.length > 0) {
      out.errors.push(`${file}: ${label}: ${problems.join('; ')}`);
      return;
    }
    names.add(c.name as string);
    out.cases.push({
      name: c.name as string,
      state: c.state as AgentState,
      screen: c.screen as string,
      ...(typeof c.title === 'string' ? { title: c.title } : {}),
    });
  });
  return out;
}
