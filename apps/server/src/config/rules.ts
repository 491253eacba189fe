// config.toml's `[[rules]]` (rozi's configuration.md): where a pane spawned with an explicit
// command goes. A rule matches by a command substring (`match`) or a regex (`match_regex`), exactly
// one; the first match wins. It may float the pane (`float`, `width`, `height`, `position`), send
// it to a workspace (1-9), leave the focus where it is (`focus = false`) or open it fullscreen.
// Rules are command-based only (titles arrive after spawn). A bad entry is one warning with its
// line and is skipped; the rest load. Pure: the session side applies them (session/paneRules.ts).
import type { ConfigRoot } from './configLoad';
import { KeyLines } from './keyLines';

export const RULE_POSITIONS = [
  'center',
  'cursor',
  'top-left',
  'top',
  'top-right',
  'left',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type RulePosition = (typeof RULE_POSITIONS)[number];

export interface PaneRule {
  /** What matched, for messages: the substring or `/regex/`. */
  label: string;
  test(commandLine: string): boolean;
  float: boolean;
  width: number;
  height: number;
  position: RulePosition;
  workspace: number | null;
  focus: boolean;
  fullscreen: boolean;
}

const KEYS = new Set([
  'match',
  'match_regex',
  'float',
  'width',
  'height',
  'position',
  'workspace',
  'focus',
  'fullscreen',
]);
/** A floating rule's size when width / height are not given (configuration.md). */
export const RULE_FLOAT_SIZE = 0.6;

const isTable = (v: unknown): v is ConfigRoot =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);

const fraction = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.max(0.1, Math.min(1, v)) : null;

function ruleOf(t: ConfigRoot, o: { where: string; warn(line: string): void }): PaneRule | string {
  const { where } = o;
  const unknown = Object.keys(t).filter((k) => !KEYS.has(k));
  if (unknown.length > 0) return `${where}: unknown key ${unknown.join(', ')}; skipped`;
  if ((t.match === undefined) === (t.match_regex === undefined))
    return `${where}: give exactly one of match or match_regex; skipped`;
  let label: string;
  let test: (line: string) => boolean;
  if (t.match !== undefined) {
    if (typeof t.match !== 'string' || t.match === '')
      return `${where}: match must be a non-empty string; skipped`;
    const needle = t.match;
    label = needle;
    test = (line) => line.includes(needle);
  } else {
    if (typeof t.match_regex !== 'string') return `${where}: match_regex must be a string; skipped`;
    let re: RegExp;
    try {
      re = new RegExp(t.match_regex);
    } catch (err) {
      return `${where}: match_regex is not a valid pattern (${err instanceof Error ? err.message : String(err)}); skipped`;
    }
    label = `/${t.match_regex}/`;
    test = (line) => re.test(line);
  }
  for (const k of ['float', 'focus', 'fullscreen'] as const)
    if (t[k] !== undefined && typeof t[k] !== 'boolean')
      return `${where}: ${k} must be true or false; skipped`;
  for (const k of ['width', 'height'] as const)
    if (t[k] !== undefined && fraction(t[k]) === null)
      return `${where}: ${k} must be a number (0.1-1); skipped`;
  const ws = t.workspace;
  if (ws !== undefined && !(typeof ws === 'number' && Number.isInteger(ws) && ws >= 1 && ws <= 9))
    return `${where}: workspace must be a whole number 1-9; skipped`;
  const position = t.position ?? 'center';
  if (typeof position !== 'string' || !(RULE_POSITIONS as readonly string[]).includes(position))
    return `${where}: position must be one of ${RULE_POSITIONS.join(', ')}; skipped`;
  const float = t.float === true;
  if (!float && t.position !== undefined)
    o.warn(`${where}: position applies only with float = true; ignored`);
  return {
    label,
    test,
    float,
    width: fraction(t.width) ?? RULE_FLOAT_SIZE,
    height: fraction(t.height) ?? RULE_FLOAT_SIZE,
    position: position as RulePosition,
    workspace: typeof ws === 'number' ? ws : null,
    focus: t.focus !== false,
    fullscreen: t.fullscreen === true,
  };
}

export function readPaneRules(o: { root: ConfigRoot; text: string; file: string }): {
  rules: PaneRule[];
  warnings: string[];
} {
  const out = { rules: [] as PaneRule[], warnings: [] as string[] };
  const list = o.root.rules;
  if (list === undefined) return out;
  const lines = new KeyLines(o.text);
  const at = (path: Array<string | number>) => `${o.file}:${lines.lineOf(path) ?? '?'}`;
  if (!Array.isArray(list)) {
    out.warnings.push(`${at(['rules'])}: rules must be an array of tables ([[rules]])`);
    return out;
  }
  list.forEach((entry: unknown, i) => {
    const where = `${at(['rules', i])}: [[rules]] #${i + 1}`;
    if (!isTable(entry)) return void out.warnings.push(`${where}: expected a table; skipped`);
    const r = ruleOf(entry, { where, warn: (line) => out.warnings.push(line) });
    if (typeof r === 'string') return void out.warnings.push(r);
    out.rules.push(r);
  });
  return out;
}

/** The first rule matching the command line, or undefined. */
export function matchRule(rules: readonly PaneRule[], commandLine: string): PaneRule | undefined {
  return rules.find((r) => r.test(commandLine));
}

/** A floating rule's rectangle (fractions of the pane area); `cursor` has no pointer here: centred. */
export function ruleRect(r: PaneRule): { x: number; y: number; width: number; height: number } {
  const { width, height } = r;
  const p = r.position;
  const x = p.endsWith('left') ? 0 : p.endsWith('right') ? 1 - width : (1 - width) / 2;
  const y = p.startsWith('top') ? 0 : p.startsWith('bottom') ? 1 - height : (1 - height) / 2;
  return { x, y, width, height };
}
