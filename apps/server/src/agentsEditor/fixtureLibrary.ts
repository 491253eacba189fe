// Screen evidence the editor can load into its preview, and the saving of a live capture as a new
// case, in the fixture format of fixtures/agents/README.md: one file per agent,
// `[[case]]` tables with name, state, optional title and the screen as a multi-line literal.
// Three places: the captured screens shipped in the repository (<repo>/fixtures/agents, kind
// 'shared' for the team's captures they came from), @rozi/detect's own evidence, and the user's
// saved cases under the data directory.
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_ID, parseFixtureFile, type FixtureCase } from '@rozi/detect';
import { readFileState, writeAtomically } from './configSaves';
import { tomlString } from './tomlRender';

export type FixtureRootKind = 'shared' | 'detect' | 'saved';

export interface FixtureRoot {
  kind: FixtureRootKind;
  dir: string;
}

export interface FixtureFileView {
  root: FixtureRootKind;
  file: string;
  agent: string;
  cases: FixtureCase[];
  errors: string[];
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Where fixtures are looked for; `savedDir` is the user's own (data dir). */
export function fixtureRoots(savedDir: string): FixtureRoot[] {
  return [
    { kind: 'saved', dir: savedDir },
    { kind: 'shared', dir: resolve(REPO_ROOT, 'fixtures', 'agents') },
    { kind: 'detect', dir: resolve(REPO_ROOT, 'packages', 'detect', 'fixtures') },
  ];
}

export async function listFixtures(roots: readonly FixtureRoot[]): Promise<FixtureFileView[]> {
  const out: FixtureFileView[] = [];
  for (const root of roots) {
    let names: string[];
    try {
      names = (await readdir(root.dir)).filter((n) => n.endsWith('.toml')).sort();
    } catch {
      continue; // A missing folder simply has no cases.
    }
    for (const name of names) {
      const file = join(root.dir, name);
      const parsed = parseFixtureFile(await readFile(file, 'utf8'), file);
      out.push({ root: root.kind, file, agent: parsed.agent, cases: parsed.cases, errors: parsed.errors });
    }
  }
  return out;
}

const LITERAL_UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/** The screen as the shared format writes it: a multi-line literal ending in a newline. */
function screenValue(screen: string): string {
  const body = screen.endsWith('\n') ? screen : `${screen}\n`;
  if (!body.includes("'''") && !LITERAL_UNSAFE.test(body)) return `'''\n${body}'''`;
  return tomlString(body);
}

/** One `[[case]]` table (no surrounding blank lines). */
export function serializeFixtureCase(c: FixtureCase): string {
  const lines = ['[[case]]', `name = ${tomlString(c.name)}`, `state = ${tomlString(c.state)}`];
  if (c.title !== undefined && c.title !== '') lines.push(`title = ${tomlString(c.title)}`);
  lines.push(`screen = ${screenValue(c.screen)}`);
  return lines.join('\n');
}

/** A capture as the fixtures hold screens: trailing blanks stripped from every line and at the end. */
export function normaliseScreen(screen: string): string {
  const lines = screen.split('\n').map((l) => l.replace(/[ \t]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

export interface SaveCaseInput {
  dir: string;
  agent: string;
  case: FixtureCase;
  /** "YYYY-MM-DD" written as captured_at in a new file. */
  today: string;
}

/** Appends a case to `<dir>/<agent>.toml` (created with the format's header when new). */
export async function appendFixtureCase(input: SaveCaseInput): Promise<{ file: string; created: boolean }> {
  if (!AGENT_ID.test(input.agent))
    throw new Error(`agent id '${input.agent}' is invalid: use lowercase letters, digits, - and _`);
  const name = input.case.name.trim();
  if (name === '') throw new Error('the case needs a name');
  if (input.case.screen.trim() === '') throw new Error('the screen is empty; there is nothing to save');
  const file = join(input.dir, `${input.agent}.toml`);
  const before = await readFileState(file);
  const text = before.bytes.toString('utf8');
  const existing = before.existed ? parseFixtureFile(text, file) : null;
  // A file that does not parse would hide the new case (and appending cannot fix it).
  if (existing && existing.cases.length === 0 && existing.errors.length > 0)
    throw new Error(`${file} cannot be read: ${existing.errors[0]}`);
  if (existing?.cases.some((c) => c.name === name))
    throw new Error(`${file} already has a case named '${name}'; choose another name`);
  const c: FixtureCase = { ...input.case, name, screen: normaliseScreen(input.case.screen) };
  const header = `source = "capture"\ncaptured_at = ${tomlString(input.today)}\nnotes = "saved from the rozi agent definition editor"\n`;
  const prefix = before.existed ? (text.endsWith('\n') ? `${text}\n` : `${text}\n\n`) : `${header}\n`;
  const next = `${prefix}${serializeFixtureCase(c)}\n`;
  const check = parseFixtureFile(next, file);
  const written = check.cases.find((x) => x.name === name);
  if (
    !written ||
    written.screen !== c.screen ||
    written.state !== c.state ||
    (written.title ?? '') !== (c.title ?? '')
  ) {
    throw new Error('the case would not read back as saved; nothing was written');
  }
  await writeAtomically(file, next);
  return { file, created: !before.existed };
}
