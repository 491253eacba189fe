// `[agents.question]`: an optional hint for reading an agent's blocked dialog (readQuestion.ts)
// when the generic reading (numbered options, a cursor list, [y/n]) does not fit its chrome.
//
//   [agents.question]
//   select = "arrows"        # how a choice is reached: arrows (Up/Down from the cursor, then
//                            # Enter), digits (the option's number) or tab (Tab from the cursor)
//   confirm = true           # send Enter after reaching the choice (default: true, digits false)
//   option = '^\s*(?:❯\s*)?\d+\.\s+(.+)$'   # regex-lite: a line that is a choice; group 1 = label
//   question = '^(.+\?)'     # regex-lite: the question line; group 1 = the text shown
//
// Validated like the rest of a definition: a bad value costs only that key, with a warning.
import { compileRe2 } from './patternSyntax';
import {
  SELECT_STYLES,
  type DefinitionWarning,
  type LinePattern,
  type QuestionHint,
  type SelectStyle,
  type SourceLocation,
} from './model';

const HINT_KEYS = new Set(['select', 'confirm', 'option', 'question']);

function isTable(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date);
}

/** Compiles a line pattern (case-insensitive, like every rule pattern). */
export function compileLinePattern(
  pattern: string,
): { ok: true; pattern: LinePattern } | { ok: false; message: string } {
  const compiled = compileRe2(pattern);
  if (!compiled.ok) return compiled;
  const { re } = compiled;
  const groups = re.groupCount();
  return {
    ok: true,
    pattern: {
      source: pattern,
      exec(line) {
        const m = re.matcher(line);
        if (!m.find()) return null;
        return { match: m.group(0) ?? '', group: groups > 0 ? (m.group(1) ?? null) : null };
      },
    },
  };
}

/** Returns the hint, or undefined when omitted or entirely invalid (each problem one warning). */
export function validateQuestionHint(
  raw: unknown,
  ctx: { agent: string; location: SourceLocation; warn: (w: DefinitionWarning) => void },
): QuestionHint | undefined {
  if (raw === undefined) return undefined;
  const warn = (message: string, code: DefinitionWarning['code'] = 'invalid-question') =>
    ctx.warn({ code, message: `agent '${ctx.agent}': ${message}`, agent: ctx.agent, ...ctx.location });
  if (!isTable(raw)) {
    warn('question must be a table ([agents.question]); ignored');
    return undefined;
  }
  const hint: QuestionHint = {};
  for (const key of Object.keys(raw)) {
    if (!HINT_KEYS.has(key)) warn(`unknown question field '${key}' ignored`, 'unknown-field');
  }
  if (raw.select !== undefined) {
    if (typeof raw.select === 'string' && (SELECT_STYLES as readonly string[]).includes(raw.select))
      hint.select = raw.select as SelectStyle;
    else warn(`question.select must be one of ${SELECT_STYLES.join(', ')}; ignored`);
  }
  if (raw.confirm !== undefined) {
    if (typeof raw.confirm === 'boolean') hint.confirm = raw.confirm;
    else warn('question.confirm must be true or false; ignored');
  }
  for (const key of ['option', 'question'] as const) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.trim() === '') {
      warn(`question.${key} must be a non-empty regex string; ignored`);
      continue;
    }
    const compiled = compileLinePattern(v);
    if (compiled.ok) hint[key] = compiled.pattern;
    else warn(`invalid regex in question.${key} \`${v}\`: ${compiled.message}; ignored`, 'invalid-regex');
  }
  return hint;
}
