// Finding the choices of a blocked dialog among its lines (readQuestion.ts). Two shapes cover
// the agents captured in fixtures/agents, and neither is specific to one of them:
//   numbered  "❯ 1. Yes" / "  2. No" / "2 (○) Yes, proceed": numbers 1..n in order, the
//             cursor glyph or a filled radio marking the current one;
//   list      "❯ Yes, single permission" with its siblings starting in the same column as the
//             cursor's label (a prompt echo such as "❯ fix the tests" has no siblings there).
// Separators and blank lines may sit between choices; a long description line may too
// (numbered only). A group must have at least two choices.
import { isBlank, safeText, type DialogLine } from './dialogLines';

export type GroupKind = 'numbered' | 'list';

export interface RawChoice {
  row: number;
  label: string;
  /** The cursor (or a filled radio) is on this choice. */
  selected: boolean;
  /** Drawn with a checkbox: selecting takes Space before Enter. */
  checkbox: boolean;
}

export interface ChoiceGroup {
  kind: GroupKind;
  choices: RawChoice[];
  /** First and last row of the group. */
  first: number;
  last: number;
}

const CURSOR = '❯›>▸▶→➤►';
const NUMBERED = new RegExp(`^([${CURSOR}]\\s*)?(\\d{1,3})(?:[.)]|\\s+\\(([●○◉◯ *xX])\\))\\s+(\\S.*)$`);
const CURSOR_ITEM = new RegExp(`^[${CURSOR}]\\s+(\\S.*)$`);
const MARK = /^(?:[○●◯◉◻◼☐☑☒]|\[[ xX✓✔*]\]|\([ ●○xX*]\))\s+/;
const FILLED = /^(?:[●◉◼☑☒]|\[[xX✓✔*]\]|\([●xX*]\))/;

/** A label ends where a wide gap starts (a side panel, a hint drawn beside the list). */
function labelOf(text: string): { label: string; checkbox: boolean; filled: boolean } {
  const first = text.split(/\s{3,}/)[0] ?? '';
  const mark = MARK.exec(first);
  return {
    label: safeText(mark ? first.slice(mark[0].length) : first),
    checkbox: mark !== null && mark[0].startsWith('['),
    filled: mark !== null && FILLED.test(mark[0]),
  };
}

function numberedAt(line: DialogLine): { n: number; choice: RawChoice } | null {
  const m = NUMBERED.exec(line.text.trimStart());
  if (!m) return null;
  const l = labelOf(m[4] as string);
  if (l.label === '') return null;
  const radio = m[3];
  return {
    n: Number(m[2]),
    choice: {
      row: line.row,
      label: l.label,
      selected: m[1] !== undefined || radio === '●' || radio === '◉' || l.filled,
      checkbox: l.checkbox,
    },
  };
}

function numberedGroups(lines: readonly DialogLine[]): ChoiceGroup[] {
  const groups: ChoiceGroup[] = [];
  let i = 0;
  while (i < lines.length) {
    // A list starts at 1, or at the first line read when it runs above the window (kept so the
    // caller can refuse a list it sees only part of).
    const start = numberedAt(lines[i] as DialogLine);
    if (!start || (start.n !== 1 && i !== 0)) {
      i++;
      continue;
    }
    const choices = [start.choice];
    let j = i + 1;
    let gap = 0;
    while (j < lines.length && gap <= 3) {
      const next = numberedAt(lines[j] as DialogLine);
      if (next && next.n === start.n + choices.length) {
        choices.push(next.choice);
        gap = 0;
      } else if (next) break;
      else gap++;
      j++;
    }
    if (choices.length >= 2)
      groups.push({ kind: 'numbered', choices, first: start.choice.row, last: choices.at(-1)!.row });
    i = Math.max(i + 1, j - gap);
  }
  return groups;
}

function listGroups(lines: readonly DialogLine[]): ChoiceGroup[] {
  const groups: ChoiceGroup[] = [];
  lines.forEach((line, i) => {
    const body = line.text.slice(line.indent);
    const m = CURSOR_ITEM.exec(body);
    if (!m || NUMBERED.test(body)) return;
    const column = line.indent + body.length - (m[1] as string).length;
    // Siblings share the label column and the cursor label's kind of mark (radio, checkbox, none).
    const marked = MARK.test(m[1] as string);
    const sibling = (l: DialogLine) =>
      l.indent === column &&
      !CURSOR.includes(l.text[column] ?? '') &&
      MARK.test(l.text.slice(column)) === marked;
    const skippable = (l: DialogLine) => isBlank(l) || l.rule;
    const collect = (step: 1 | -1): DialogLine[] => {
      const found: DialogLine[] = [];
      let skipped = 0;
      for (let k = i + step; k >= 0 && k < lines.length; k += step) {
        const l = lines[k] as DialogLine;
        if (sibling(l)) {
          found.push(l);
          skipped = 0;
        } else if (skippable(l) && ++skipped <= 1) continue;
        else break;
      }
      return found;
    };
    const above = collect(-1).reverse();
    const below = collect(1);
    const rows = [...above, line, ...below];
    if (rows.length < 2) return;
    const choices = rows.map((l): RawChoice => {
      const text = l === line ? (m[1] as string) : l.text.slice(column);
      const parsed = labelOf(text);
      return { row: l.row, label: parsed.label, selected: l === line, checkbox: parsed.checkbox };
    });
    if (choices.some((c) => c.label === '')) return;
    groups.push({ kind: 'list', choices, first: rows[0]!.row, last: rows.at(-1)!.row });
  });
  return groups;
}

/** Every group of choices in `lines`, numbered ones first. */
export function findChoiceGroups(lines: readonly DialogLine[]): ChoiceGroup[] {
  return [...numberedGroups(lines), ...listGroups(lines)];
}
