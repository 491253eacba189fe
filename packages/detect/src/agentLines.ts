// Line numbers for warnings. smol-toml returns plain values without positions, so the
// `[[agents]]` entries are located by scanning the source text for their headers. This covers
// the way people write definitions (array-of-tables headers, `[[agents.states]]`,
// `[agents.resume]`); entries written as one inline array get the line of `agents =`.

export interface AgentEntryLines {
  /** Line of the `[[agents]]` header. */
  header: number;
  id?: number;
  match?: number;
  resume?: number;
  /** Line of `[agents.question]` or a `question =` key. */
  question?: number;
  /** One line per `[[agents.states]]` header, in order; empty when rules are written inline. */
  states: number[];
  /** Line of an inline `states = [` key, used for every inline rule. */
  statesKey?: number;
}

const HEADER = /^\s*\[\[\s*agents\s*\]\]/;
const STATES_HEADER = /^\s*\[\[\s*agents\s*\.\s*states\s*\]\]/;
const RESUME_HEADER = /^\s*\[\s*agents\s*\.\s*resume\s*\]/;
const QUESTION_HEADER = /^\s*\[\s*agents\s*\.\s*question\s*\]/;
const MATCH_HEADER = /^\s*\[\s*agents\s*\.\s*match\s*\]/;
const OTHER_HEADER = /^\s*\[/;
const KEY = /^\s*([A-Za-z0-9_-]+)\s*=/;

/** Scans `text` for `[[agents]]` entries; entry i of the parsed array is element i. */
export function locateAgentEntries(text: string): AgentEntryLines[] {
  const entries: AgentEntryLines[] = [];
  let current: AgentEntryLines | undefined;
  // Keys after a header belong to the table that header opened.
  let table: 'agent' | 'states' | 'resume' | 'question' | 'match' | 'other' = 'other';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const n = i + 1;
    if (STATES_HEADER.test(line)) {
      if (current) current.states.push(n);
      table = 'states';
    } else if (HEADER.test(line)) {
      current = { header: n, states: [] };
      entries.push(current);
      table = 'agent';
    } else if (RESUME_HEADER.test(line)) {
      if (current) current.resume = n;
      table = 'resume';
    } else if (QUESTION_HEADER.test(line)) {
      if (current) current.question = n;
      table = 'question';
    } else if (MATCH_HEADER.test(line)) {
      if (current) current.match = n;
      table = 'match';
    } else if (OTHER_HEADER.test(line) && !/^\s*\[\s*agents\s*\./.test(line)) {
      table = 'other';
    } else if (current && table === 'agent') {
      const key = KEY.exec(line)?.[1];
      if (key === 'id') current.id ??= n;
      else if (key === 'match') current.match ??= n;
      else if (key === 'resume') current.resume ??= n;
      else if (key === 'question') current.question ??= n;
      else if (key === 'states') current.statesKey ??= n;
    }
  }
  return entries;
}
