// Puts one `[[agents]]` entry into config.toml text, keeping every byte of the rest of the file
// (comments, blank lines, key order, TOML 1.1 multi-line inline tables):
//  - a new id is appended after the file as a hand-written-looking block, so the user's bytes are
//    literally a prefix of the result;
//  - an existing id (or the entry being renamed) is changed in place by @decimalturn/toml-patch,
//    which rewrites only the values that differ (DESIGN.md, "Comment-preserving TOML edits").
// Either way the result is parsed again with smol-toml (the parser detection uses) and must hold
// exactly the agents we meant to write; otherwise the edit is refused, never half-applied.
import { parse as patchParse, patch } from '@decimalturn/toml-patch';
import { parse as smolParse } from 'smol-toml';
import type { TomlEntry } from './draftModel';
import { renderAgentEntry } from './tomlRender';

export type PatchResult =
  { ok: true; text: string; action: 'added' | 'replaced' } | { ok: false; reason: string };

export interface PutAgentOptions {
  entry: TomlEntry;
  /** The id of the entry being edited when it differs from entry.id (a rename). */
  replaces?: string;
}

function firstLine(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).split('\n')[0] ?? 'invalid TOML';
}

function agentsOf(doc: Record<string, unknown>): unknown[] | null {
  const agents = doc.agents;
  if (agents === undefined) return [];
  return Array.isArray(agents) ? agents : null;
}

/** Deep equality of plain TOML values, ignoring key order (a patched table keeps the file's order). */
function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]));
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
}

function verify(text: string, expected: unknown[]): string | null {
  let doc: Record<string, unknown>;
  try {
    doc = smolParse(text) as Record<string, unknown>;
  } catch (err) {
    return `the edited file would not parse: ${firstLine(err)}`;
  }
  const agents = agentsOf(doc);
  if (!agents || !same(agents, expected))
    return 'the edited file would not hold the intended [[agents]] entries';
  return null;
}

function appended(text: string, entry: TomlEntry): string {
  const block = renderAgentEntry(entry);
  if (text.trim() === '') return `${block}\n`;
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  const sep = text.endsWith('\n\n') || text.endsWith('\r\n\r\n') ? '' : text.endsWith('\n') ? nl : nl + nl;
  return text + sep + block.split('\n').join(nl) + nl;
}

export function putAgentEntry(text: string, o: PutAgentOptions): PatchResult {
  let doc: Record<string, unknown>;
  try {
    doc = smolParse(text) as Record<string, unknown>;
  } catch (err) {
    return { ok: false, reason: `config.toml has a syntax error, fix it first: ${firstLine(err)}` };
  }
  const agents = agentsOf(doc);
  if (!agents)
    return {
      ok: false,
      reason: 'config.toml sets agents to something other than a list of [[agents]] tables',
    };
  const wanted = o.entry.id;
  const at = agents.findIndex(
    (a) =>
      typeof a === 'object' &&
      a !== null &&
      ((a as TomlEntry).id === (o.replaces ?? wanted) || (a as TomlEntry).id === wanted),
  );
  const expected = [...agents];
  if (at === -1) {
    expected.push(o.entry);
    const simple = appended(text, o.entry);
    if (verify(simple, expected) === null) return { ok: true, text: simple, action: 'added' };
  } else {
    expected[at] = o.entry;
  }
  // In place (or appended where plain text cannot go, e.g. after `agents = [ … ]` written inline).
  let patched: string;
  try {
    const current = patchParse(text) as Record<string, unknown>;
    const next = {
      ...current,
      agents: expected.map((a, i) =>
        i === at || i === agents.length ? a : (current.agents as unknown[])[i],
      ),
    };
    patched = patch(text, next, { inlineTableStart: 0 });
  } catch (err) {
    return { ok: false, reason: `could not edit config.toml in place: ${firstLine(err)}` };
  }
  const problem = verify(patched, expected);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, text: patched, action: at === -1 ? 'added' : 'replaced' };
}
