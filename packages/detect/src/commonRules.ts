// The common rules applied to every definition with `base = true`: approval text, yes/no
// questions, trust prompts, choice dialogs, braille spinners (title and footer) and interrupt
// hints. Written in the same shape as a `[[agents.states]]` table and validated by the same code.
//
// How they avoid transcripts: an agent's transcript quotes anything (a screen that discusses
// approving or interrupting must read idle), so every rule here reads the *shape* of live chrome
// rather than a phrase. Most are footer-scoped; the phrases must stand alone on their line or
// sit between the separators key hints use (`·`, `•`, `│`, a column gap); dialogs need both a
// question and an answer row. Evidence for each rule is in ../../fixtures/agents and
// ../fixtures (the rule-coverage test checks every rule matches a case of its own state).
import { validateRule } from './validateRule';
import type { DefinitionWarning, StateRule } from './model';

// Line start inside boxes and gutters: spaces and the vertical bars dialogs are drawn with.
const GUTTER = String.raw`[ \t│┃║|]*`;
const BRAILLE = String.raw`\x{2801}-\x{28ff}`; // U+2800 is the blank cell, used in logos, never a spinner frame.
const ENTER = String.raw`(?:enter|↵|return)(?: to)? (?:select|confirm|submit|choose|accept|continue|next)`;
const ESC = String.raw`\besc(?:ape)?(?: to)? (?:cancel|dismiss|skip|close|clear|exit|reject|deny)`;
const ARROWS = String.raw`(?:↑/↓|↑↓|↑ ↓|up/down)(?: to)? (?:navigate|select|move|option|choose)`;

interface CommonRuleSpec {
  name: string;
  why: string;
  rule: Record<string, unknown>;
}

const SPECS: CommonRuleSpec[] = [
  {
    name: 'permission-required',
    why: 'OpenCode and its forks title the approval dialog "△ Permission required", often above the footer; alone on its line (or beside a sidebar column), never in prose.',
    rule: {
      state: 'blocked',
      screen: {
        regex: true,
        any_of: [
          String.raw`(?m)^[ \t│┃║|╭─]*(?:[△⚠!][ \t]*)?permission required[ \t]*(?:─+[╮╯]?[ \t]*|[ \t]{2,}\S[^\n]*)?$`,
        ],
      },
    },
  },
  {
    name: 'requires-approval',
    why: 'Kiro-style "<tool> requires approval" chrome line above the options.',
    rule: {
      state: 'blocked',
      scope: 'footer',
      screen: {
        regex: true,
        any_of: [String.raw`(?m)^${GUTTER}[\w./:-]+(?: [\w./:-]+){0,2} requires approval[ \t]*[│┃|]?[ \t]*$`],
      },
    },
  },
  {
    name: 'approval-question',
    why: 'A dialog question ("Do you want to proceed?", "Allow execution of …?") on its own line with an answer row under it.',
    rule: {
      state: 'blocked',
      scope: 'footer',
      screen: {
        regex: true,
        all_of: [
          String.raw`(?m)^${GUTTER}(?:[?!●◆][ \t]*)?(?:do you want to (?:proceed|allow|run|make|create|apply|execute|continue|delete|overwrite)|allow (?:this|execution|command|tool)|approve (?:this|command|tool)|run this command|apply this change|write to this file)[^\n?]*\?[ \t]*[│┃|]?[ \t]*$`,
          String.raw`(?m)^${GUTTER}(?:[❯›▸▶>●○◉→][ \t]*)?(?:\d+[.)][ \t]*|\[[a-z0-9]\][ \t]*|\([a-z0-9]\)[ \t]*)?(?:yes|no|allow|approve|deny|reject|run|skip)\b`,
        ],
      },
    },
  },
  {
    name: 'yes-no-question',
    why: 'A [y/n] question waits for a key; it ends its line when live, while prose quoting it does not.',
    rule: {
      state: 'blocked',
      scope: 'footer',
      screen: {
        regex: true,
        any_of: [String.raw`(?m)[\[(](?:y/n|yes/no|y/n/a|y/n/q|y/n/always)[\])][ \t]*[:?>]?[ \t]*$`],
      },
    },
  },
  {
    name: 'trust-prompt',
    why: 'First-run folder trust dialogs (Codex, Copilot, Claude, Qwen, Devin). Footer-scoped because Cursor leaves the answered dialog on screen for the whole session.',
    rule: {
      state: 'blocked',
      scope: 'footer',
      screen: {
        regex: true,
        all_of: [
          String.raw`(?:do you trust (?:the|this) [^\n?]{1,60}\?|one you trust\?)`,
          String.raw`(?m)^${GUTTER}(?:[❯›▸▶>●○◉→][ \t]*)?(?:\d+[.)][ \t]*|\[[a-z0-9]\][ \t]*)?(?:yes\b|trust\b)`,
        ],
      },
    },
  },
  {
    name: 'numbered-choice',
    why: 'A chooser: an option cursor on a numbered option and another numbered option beside it (Claude, Codex, Copilot dialogs).',
    rule: {
      state: 'blocked',
      scope: 'footer',
      screen: {
        regex: true,
        all_of: [
          String.raw`(?m)^${GUTTER}[❯›▸▶][ \t]*(?:\[[ x✓]\][ \t]*)?\d+[.)][ \t]+\S`,
          String.raw`(?m)^${GUTTER}(?:\[[ x✓]\][ \t]*)?\d+[.)][ \t]+\S`,
        ],
      },
    },
  },
  {
    name: 'choice-key-hints',
    why: 'The key-hint line under a live dialog pairs a confirm key with a cancel key or arrows ("enter to select · esc to cancel", "↑/↓ select · ↵ confirm"), on one line.',
    rule: {
      state: 'blocked',
      scope: 'footer',
      screen: {
        regex: true,
        any_of: [
          String.raw`${ENTER}[^\n]*${ESC}`,
          String.raw`${ESC}[^\n]*${ENTER}`,
          String.raw`${ARROWS}[^\n]*${ENTER}`,
          String.raw`${ENTER}[^\n]*${ARROWS}`,
        ],
      },
    },
  },
  {
    name: 'spinner-title',
    why: 'A braille spinner frame as its own token in the terminal title (Codex, Grok, Amp).',
    rule: {
      state: 'working',
      title: { regex: true, any_of: [String.raw`(?:^|[ \t])[${BRAILLE}](?:[ \t]|$)`] },
    },
  },
  {
    name: 'spinner-footer',
    why: 'A braille spinner starting a status line near the bottom ("⠹ Working...", "⠘⠣ Running"); followed by text, so braille logos (Kiro) never count.',
    rule: {
      state: 'working',
      scope: 'footer',
      screen: {
        regex: true,
        any_of: [String.raw`(?m)^${GUTTER}[${BRAILLE}]{1,2}[ \t]+[^ \t\x{2800}-\x{28ff}]`],
      },
    },
  },
  {
    name: 'interrupt-hint',
    why: 'The interrupt hint of a running turn ("esc to interrupt", "esc interrupt") as a key-hint segment; "escape interrupt" in a startup banner (Pi) and prose mentions do not count.',
    rule: {
      state: 'working',
      scope: 'footer',
      screen: {
        regex: true,
        any_of: [
          String.raw`(?m)(?:^|[·•│|(\[⟨]|[ \t]{2})[ \t]*(?:esc|ctrl\+c)(?: to)? interrupt`,
          String.raw`(?m)(?:esc|ctrl\+c)(?: to)? interrupt[ \t]*(?:$|[·•│|)\]⟩]|[ \t]{2})`,
        ],
      },
    },
  },
];

function build(): { rules: StateRule[]; warnings: DefinitionWarning[] } {
  const warnings: DefinitionWarning[] = [];
  const rules: StateRule[] = [];
  SPECS.forEach((spec, index) => {
    const rule = validateRule(spec.rule, {
      agent: 'common',
      index,
      id: `common.${spec.name}`,
      location: {},
      warn: (w) => warnings.push(w),
    });
    if (rule) rules.push(rule);
  });
  return { rules, warnings };
}

const built = build();

/** The common rules, in declaration order. */
export const COMMON_RULES: readonly StateRule[] = built.rules;
/** Always empty in a correct build; a test asserts it. */
export const COMMON_RULE_WARNINGS: readonly DefinitionWarning[] = built.warnings;
/** Why each common rule exists, for `rozi agents definitions` and the editor. */
export const COMMON_RULE_NOTES: ReadonlyMap<string, string> = new Map(
  SPECS.map((s) => [`common.${s.name}`, s.why]),
);
