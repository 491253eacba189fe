// The question a blocked agent is asking, read from its screen: the dialog around the span of
// the rule that decided `blocked`, its choices, and the keys that choose each one. Pure: the
// screen, the evaluation and the definition's `[agents.question]` hint come in as values.
//
// Never a guess: when the choices cannot be read with their keys (no cursor on an arrow list,
// buttons in a row, a list running off the screen, a hint pattern matching nothing) the result
// has `readable: false`, the question text and the dialog's lines, and the caller offers
// "Open pane" only. Keys are names from a fixed vocabulary (Up, Down, Tab, Space, Enter, a digit,
// y, n): nothing drawn on the screen is ever sent back to the agent.
import { findChoiceGroups, type ChoiceGroup, type RawChoice } from './choiceGroups';
import { dialogLine, isBlank, rowOf, safeText, type DialogLine } from './dialogLines';
import type { Evaluation } from './evaluate';
import type { AgentDefinition, DefinitionSet, QuestionHint, SelectStyle } from './model';

export interface DialogChoice {
  /** 1-based, in the order drawn. */
  index: number;
  label: string;
  /** tmux key names that choose it (Up, Down, Tab, Space, Enter, a digit, y, n). */
  keys: string[];
  /** The cursor is on it now. */
  selected: boolean;
  /** A write-in: send `keys`, then the person's text, then Enter. */
  freeText: boolean;
}

export interface DialogQuestion {
  /** What the agent asks, one line; never empty. */
  question: string;
  /** Empty when unreadable. */
  choices: DialogChoice[];
  /** Every choice was read with its keys; false = show the question and "Open pane" only. */
  readable: boolean;
  /** Why the choices could not be read (null when readable). */
  reason: string | null;
  /** The dialog's lines as drawn (controls and bidi characters removed), at most EXCERPT_LINES. */
  excerpt: string[];
  /** How the choices were read. */
  via: 'numbered' | 'list' | 'yes-no' | 'hint' | null;
}

export interface ReadQuestionInput {
  screen: string;
  evaluation: Evaluation;
}

/** Lines read above and below the deciding span: a dialog taller than this is not read. */
export const WINDOW_ABOVE = 30;
export const WINDOW_BELOW = 20;
export const MAX_CHOICES = 20;
export const EXCERPT_LINES = 14;

const FREE_TEXT = /^(?:type\b|write[- ]?in\b|other\b|custom\b|enter a custom\b)|\(type to answer\)/i;
const YES_NO = /[[(]\s*(y(?:es)?)\s*\/\s*(n(?:o)?)\s*[\])]/i;

function anchorRow(screen: string, evaluation: Evaluation, lines: readonly DialogLine[]): number {
  const blocked = [evaluation.decidedBy, ...evaluation.matches.filter((m) => m.state === 'blocked')];
  for (const m of blocked) {
    const span = m?.spans.find((s) => s.target === 'screen');
    if (span) return rowOf(screen, span.start);
  }
  for (let i = lines.length - 1; i >= 0; i--) if (!isBlank(lines[i] as DialogLine)) return i;
  return 0;
}

/** The style the dialog's own key hints name, when they name one. */
function styleFromHints(text: string, group: ChoiceGroup): SelectStyle | null {
  if (group.kind === 'numbered' && /\b1\s*[-/]\s*\d+\s*:?\s*select|\bpress\s+1\b|\b1-\d\b/i.test(text))
    return 'digits';
  if (/[↑↓]|\bup\s*\/\s*down\b|\barrow|\bnavigate\b/i.test(text)) return 'arrows';
  if (/\btab\b\s*:?\s*(?:next|to navigate)/i.test(text)) return 'tab';
  return null;
}

function keysFor(o: { style: SelectStyle; from: number; to: number; n: number }): string[] | null {
  if (o.style === 'digits') return o.n <= 9 ? [String(o.n)] : null;
  const d = o.to - o.from;
  if (o.style === 'tab') return d >= 0 ? Array<string>(d).fill('Tab') : null;
  return Array<string>(Math.abs(d)).fill(d > 0 ? 'Down' : 'Up');
}

function cleanQuestion(text: string): string {
  return safeText(
    text
      .replace(/^[^\p{L}\p{N}"'`(~/$]+/u, '')
      .replace(/^question\s+\d+\s*(?:of|\/)\s*\d+\s*:?\s*/i, '')
      .replace(/^\d{1,2}[.)]\s+/, ''),
  );
}

/** The question above row `top`: the hint's pattern, else a line with "?", else the paragraph. */
function questionAbove(lines: readonly DialogLine[], o: { top: number; hint: QuestionHint | null }): string {
  const above = lines.slice(Math.max(0, o.top - 12), o.top).reverse();
  if (o.hint?.question) {
    for (const l of above) {
      const m = o.hint.question.exec(l.text);
      if (m) return cleanQuestion(m.group ?? m.match);
    }
  }
  for (const l of above) {
    const q = l.text.lastIndexOf('?');
    if (q >= 0 && !l.rule) {
      const cleaned = cleanQuestion(l.text.slice(0, q + 1));
      if (cleaned.length > 1) return cleaned;
    }
  }
  for (const l of above) {
    // A box whose top edge carries its title: "╭─ Allow tool: bash ──╮".
    const title = /^[╭┌]─*\s*([^─]+?)\s*─+[╮┐]$/.exec(l.text.trim());
    if (title) return cleanQuestion(title[1] as string);
  }
  const paragraph: string[] = [];
  for (const l of above) {
    if (isBlank(l) || l.rule) {
      if (paragraph.length) break;
      continue;
    }
    paragraph.unshift(l.text.trim());
    if (paragraph.length === 3) break;
  }
  return cleanQuestion(paragraph.join(' — '));
}

function excerptOf(lines: readonly DialogLine[], from: number, to: number): string[] {
  const out: string[] = [];
  for (let r = Math.max(0, from); r <= to && r < lines.length; r++) {
    const l = lines[r] as DialogLine;
    if (isBlank(l) && (out.length === 0 || out.at(-1) === '')) continue;
    out.push(l.rule ? '' : l.text.replace(/\s+$/, ''));
  }
  while (out.at(-1) === '') out.pop();
  return out.length > EXCERPT_LINES ? out.slice(out.length - EXCERPT_LINES) : out;
}

/** The group nearest the anchor: numbered before lists, then by distance. */
function pickGroup(groups: ChoiceGroup[], anchor: number): ChoiceGroup | null {
  const distance = (g: ChoiceGroup) =>
    anchor < g.first ? g.first - anchor : anchor > g.last ? anchor - g.last : 0;
  return (
    [...groups].sort(
      (a, b) => Number(a.kind !== 'numbered') - Number(b.kind !== 'numbered') || distance(a) - distance(b),
    )[0] ?? null
  );
}

function hintGroup(lines: readonly DialogLine[], hint: QuestionHint): ChoiceGroup | null {
  const choices: RawChoice[] = [];
  for (const l of lines) {
    const m = hint.option?.exec(l.text);
    if (!m) continue;
    const label = safeText(m.group ?? m.match);
    if (label === '') continue;
    choices.push({ row: l.row, label, selected: /^\s*[❯›>▸▶→➤►]/.test(l.text), checkbox: false });
  }
  if (choices.length === 0) return null;
  return { kind: 'numbered', choices, first: choices[0]!.row, last: choices.at(-1)!.row };
}

interface Unreadable {
  reason: string;
}

function answerable(
  group: ChoiceGroup,
  o: { hintText: string; hint: QuestionHint | null },
): DialogChoice[] | Unreadable {
  if (group.choices.length > MAX_CHOICES)
    return { reason: `the dialog lists ${group.choices.length} choices (more than ${MAX_CHOICES})` };
  const style =
    o.hint?.select ?? styleFromHints(o.hintText, group) ?? (group.kind === 'numbered' ? 'arrows' : null);
  if (!style) return { reason: 'the dialog names no keys to choose with' };
  const cursor = group.choices.findIndex((c) => c.selected);
  if (style !== 'digits' && (cursor < 0 || group.choices.filter((c) => c.selected).length > 1))
    return { reason: 'no single cursor is visible on the choices' };
  const confirm = o.hint?.confirm ?? style !== 'digits';
  const space = /\bspace\b/i.test(o.hintText);
  const out: DialogChoice[] = [];
  for (const [i, c] of group.choices.entries()) {
    const moves = keysFor({ style, from: cursor, to: i, n: i + 1 });
    const freeText = FREE_TEXT.test(c.label);
    const finish = freeText || !confirm ? [] : c.checkbox && space ? ['Space', 'Enter'] : ['Enter'];
    out.push({
      index: i + 1,
      label: c.label,
      keys: moves ? [...moves, ...finish] : [],
      selected: i === cursor,
      freeText,
    });
  }
  if (out.some((c) => c.keys.length === 0 && !c.freeText))
    return { reason: `the ${style} keys cannot reach every choice` };
  return out;
}

/** Reads the dialog of a blocked screen; null when the evaluation is not `blocked`. */
export function readQuestion(set: DefinitionSet, input: ReadQuestionInput): DialogQuestion | null {
  if (input.evaluation.state !== 'blocked') return null;
  const definition: AgentDefinition | undefined = input.evaluation.agentId
    ? set.byId.get(input.evaluation.agentId)
    : undefined;
  const hint = definition?.question ?? null;
  const all = input.screen.split('\n').map(dialogLine);
  const anchor = anchorRow(input.screen, input.evaluation, all);
  const top = Math.max(0, anchor - WINDOW_ABOVE);
  const bottom = Math.min(all.length - 1, anchor + WINDOW_BELOW);
  const window = all.slice(top, bottom + 1);
  const unreadable = (reason: string, question?: string): DialogQuestion => ({
    question:
      question ||
      questionAbove(all, { top: anchor + 1, hint }) ||
      safeText(all[anchor]?.text ?? '') ||
      'The agent needs input',
    choices: [],
    readable: false,
    reason,
    excerpt: excerptOf(all, anchor - 8, Math.min(bottom, anchor + 5)),
    via: null,
  });

  const group = hint?.option ? hintGroup(window, hint) : pickGroup(findChoiceGroups(window), anchor);
  if (!group) {
    const yn = [...window].reverse().find((l) => YES_NO.test(l.text));
    if (yn && !hint?.option) {
      const text = yn.text.slice(0, yn.text.search(YES_NO)).trim();
      return {
        question: cleanQuestion(text) || questionAbove(all, { top: yn.row, hint }) || 'Proceed?',
        choices: [
          { index: 1, label: 'Yes', keys: ['y', 'Enter'], selected: false, freeText: false },
          { index: 2, label: 'No', keys: ['n', 'Enter'], selected: false, freeText: false },
        ],
        readable: true,
        reason: null,
        excerpt: excerptOf(all, yn.row - 6, yn.row),
        via: 'yes-no',
      };
    }
    return unreadable(
      hint?.option
        ? `the definition's question.option pattern matched no line of the dialog`
        : 'no list of choices was found in the dialog',
    );
  }
  const question = questionAbove(all, { top: group.first, hint }) || 'The agent needs input';
  if (group.first === top && top > 0)
    return unreadable('the list of choices runs above what can be read', question);
  if (group.last === bottom && bottom < all.length - 1)
    return unreadable('the list of choices runs below what can be read', question);
  const hintText = all
    .slice(group.first, bottom + 1)
    .map((l) => l.text)
    .join('\n');
  const choices = answerable(group, { hintText, hint });
  if ('reason' in choices) return unreadable(choices.reason, question);
  return {
    question,
    choices,
    readable: true,
    reason: null,
    excerpt: excerptOf(all, group.first - 6, Math.max(group.last, anchor)),
    via: hint?.option ? 'hint' : group.kind,
  };
}
