// Reading a blocked dialog: every captured blocked screen in <repo>/fixtures/agents is read as
// the person sees it (question, choices, the keys each choice sends) or falls back to the
// question with no choices, and hostile screens never yield a guess or an unsafe label.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evaluate } from './evaluate';
import { parseFixtureFile } from './fixtureCases';
import { loadDefinitions } from './loadDefinitions';
import { readQuestion, type DialogQuestion } from './readQuestion';

const dir = fileURLToPath(new URL('../../../fixtures/agents', import.meta.url));
const set = loadDefinitions();

function read(
  agent: string | null,
  screen: string,
  o: { title?: string; defs?: typeof set } = {},
): DialogQuestion | null {
  const defs = o.defs ?? set;
  const evaluation = evaluate(defs, { agentId: agent, screen, title: o.title });
  return readQuestion(defs, { screen, evaluation });
}

/** What a person must see for each captured blocked screen: labels and keys, or the fallback. */
const EXPECTED: Record<string, { question: string; choices: [string, string][] | { reason: RegExp } }> = {
  'antigravity/asking-a-question': {
    question: 'Which programming language do you enjoy working with the most?',
    choices: [
      ['Rust', 'Enter'],
      ['Python', 'Down Enter'],
      ['TypeScript / JavaScript', 'Down Down Enter'],
      ['Go', 'Down Down Down Enter'],
      ['Write-in...', 'Down Down Down Down'],
    ],
  },
  'claude/startup-trust-dialog': {
    question: 'Quick safety check: Is this a project you created or one you trust?',
    choices: [
      ['Yes, I trust this folder', 'Enter'],
      ['No, exit', 'Down Enter'],
    ],
  },
  'claude/asking-a-question': {
    question: 'Which config format approach would you prefer?',
    choices: [
      ['TOML', 'Enter'],
      ['YAML', 'Down Enter'],
    ],
  },
  'cline/asking-a-question': {
    question: 'What would you like me to ask about next?',
    choices: [
      ['A coding task', 'Enter'],
      ['A debugging issue', 'Down Enter'],
      ['A code review', 'Down Down Enter'],
      ['Something else', 'Down Down Down Enter'],
      ['Type a response...', 'Down Down Down Down'],
    ],
  },
  'codex/startup-trust-dialog': {
    question: 'Do you trust the contents of this directory?',
    choices: [
      ['Yes, continue', 'Enter'],
      ['No, quit', 'Down Enter'],
    ],
  },
  'cursor/asking-a-question': {
    question: 'Which programming language do you enjoy using most?',
    choices: [
      ['Python', 'Space Enter'],
      ['TypeScript', 'Down Space Enter'],
      ['Rust', 'Down Down Space Enter'],
      ['Other: (type to answer)', 'Down Down Down'],
    ],
  },
  'github-copilot/startup-trust-dialog': {
    question: 'Do you trust the files in this folder?',
    choices: [
      ['Yes', 'Enter'],
      ['Yes, and remember this folder for future sessions', 'Down Enter'],
      ['No (Esc)', 'Down Down Enter'],
    ],
  },
  'grok/blocked-on-approval': {
    question: "Delete README.md and confirm it's gone — rm -f README.md && ls -la README.md 2>&1 || true",
    choices: [
      ["Yes, and don't ask again for anything (always-approve mode)", '1'],
      ['Yes, proceed', '2'],
      ['No, reject (type to add feedback)', '3'],
    ],
  },
  'kilo/blocked-permission-required': {
    question: 'Permission required',
    choices: { reason: /no list of choices/ },
  },
  'kiro/blocked-approval-shell': {
    question: 'shell requires approval',
    choices: [
      ['Yes, single permission', 'Enter'],
      ['Trust, always allow in this session', 'Down Enter'],
      ['No (Tab to edit)', 'Down Down Enter'],
    ],
  },
  'maki/asking-a-question': {
    question: 'This is a test question for testing purposes. Which option do you prefer?',
    choices: [
      ['Option A — Option A description', 'Enter'],
      ['Option B — Option B description', 'Tab Enter'],
      ['Type your own answer', 'Tab Tab'],
    ],
  },
  'omp/blocked-approval-bash': { question: 'Allow tool: bash', choices: { reason: /no list of choices/ } },
  'pi/asking-a-question': {
    question: 'What would you like to test next?',
    choices: { reason: /no list of choices/ },
  },
};

describe('readQuestion on the captured blocked screens', () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.toml'))
    .map((f) => parseFixtureFile(readFileSync(`${dir}/${f}`, 'utf8'), f));
  const blocked = files.flatMap((f) =>
    f.cases.filter((c) => c.state === 'blocked').map((c) => ({ agent: f.agent, c })),
  );

  it('has an expectation for every blocked capture', () => {
    expect(blocked.map(({ agent, c }) => `${agent}/${c.name}`).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const { agent, c } of blocked) {
    it(`${agent}/${c.name}`, () => {
      const want = EXPECTED[`${agent}/${c.name}`]!;
      const q = read(agent, c.screen, { title: c.title })!;
      expect(q.question).toBe(want.question);
      expect(q.excerpt.length).toBeGreaterThan(0);
      if (Array.isArray(want.choices)) {
        expect(q.readable, q.reason ?? '').toBe(true);
        expect(q.choices.map((ch) => [ch.label, ch.keys.join(' ')])).toEqual(want.choices);
        expect(q.choices.filter((ch) => ch.selected)).toHaveLength(1);
      } else {
        expect(q.readable).toBe(false);
        expect(q.choices).toEqual([]);
        expect(q.reason).toMatch(want.choices.reason);
      }
    });
  }

  it('reads nothing from a screen that is not blocked', () => {
    for (const f of files)
      for (const c of f.cases.filter((x) => x.state !== 'blocked'))
        expect(read(f.agent, c.screen, { title: c.title })).toBeNull();
  });
});

describe('readQuestion on hostile and unusual dialogs', () => {
  it('a [y/n] prompt answers y or n with Enter', () => {
    const q = read(null, 'Removing 3 files.\nDo you want to continue? [Y/n] ')!;
    expect(q.via).toBe('yes-no');
    expect(q.question).toBe('Do you want to continue?');
    expect(q.choices.map((c) => c.keys.join(' '))).toEqual(['y Enter', 'n Enter']);
  });

  it('a 200-line dialog is not read past its window: fallback, never a partial list', () => {
    const options = Array.from({ length: 200 }, (_, i) => `${i === 0 ? '❯' : ' '} ${i + 1}. option ${i + 1}`);
    const screen = ['Pick one?', ...options, 'Enter to confirm · Esc to cancel'].join('\n');
    const q = read(null, screen)!;
    expect(q.readable).toBe(false);
    expect(q.choices).toEqual([]);
    expect(q.reason).toMatch(/runs above|more than/);
    expect(q.excerpt.length).toBeLessThanOrEqual(14);
  });

  it('more than 20 visible choices fall back', () => {
    const options = Array.from({ length: 25 }, (_, i) => `${i === 0 ? '❯' : ' '} ${i + 1}. option ${i + 1}`);
    const q = read(null, ['Pick one?', ...options, 'Enter to confirm · Esc to cancel'].join('\n'))!;
    expect(q.readable).toBe(false);
    expect(q.reason).toMatch(/more than 20/);
  });

  it('escape and bidi characters never reach a label or the question', () => {
    const screen = [
      'Allow \u202erm -rf /\u202c now?',
      '❯ 1. Yes \u2066evil\u2069\x1b[31m',
      '  2. No\u200f\x07',
      'Enter to confirm · Esc to cancel',
    ].join('\n');
    const q = read(null, screen)!;
    expect(q.readable).toBe(true);
    const shown = [q.question, ...q.choices.map((c) => c.label), ...q.excerpt].join('\n');
    expect(shown).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/,
    );
    expect(q.choices.map((c) => c.label)).toEqual(['Yes evil[31m', 'No']);
    // Keys come from the fixed vocabulary, never from what was drawn.
    for (const c of q.choices)
      for (const k of c.keys) expect(k).toMatch(/^(?:Up|Down|Tab|Space|Enter|[0-9yn])$/);
  });

  it('a list with no visible cursor is not answered by arrows', () => {
    const q = read(
      null,
      ['Allow this?', '  1. Yes', '  2. No', '↑/↓ to navigate · enter to select'].join('\n'),
    )!;
    expect(q.readable).toBe(false);
    expect(q.reason).toMatch(/cursor/);
  });

  it("a definition hint that matches nothing falls back with the hint's reason", () => {
    const defs = loadDefinitions({
      config: {
        file: 'config.toml',
        text: ['[[agents]]', 'id = "claude"', '[agents.question]', "option = '^zzz (.+)$'", ''].join('\n'),
      },
    });
    expect(defs.warnings).toEqual([]);
    const claude = readFileSync(`${dir}/claude.toml`, 'utf8');
    const c = parseFixtureFile(claude, 'claude.toml').cases.find((x) => x.name === 'startup-trust-dialog')!;
    const q = read('claude', c.screen, { title: c.title, defs })!;
    expect(q.readable).toBe(false);
    expect(q.reason).toMatch(/question\.option pattern matched no line/);
    expect(q.question).toMatch(/one you trust\?$/);
  });

  it('a hint option pattern reads choices the generic reading cannot', () => {
    const defs = loadDefinitions({
      config: {
        file: 'config.toml',
        text: [
          '[[agents]]',
          'id = "tool"',
          'match = { names = ["tool"] }',
          '[agents.question]',
          'select = "digits"',
          "option = '^\\s*\\[[0-9]\\]\\s+(.+)$'",
          "question = '^Q:\\s*(.+)$'",
          '[[agents.states]]',
          'state = "blocked"',
          'screen = { any_of = ["choose a number"] }',
          '',
        ].join('\n'),
      },
    });
    expect(defs.warnings).toEqual([]);
    const q = read(
      'tool',
      ['Q: Deploy to production', '  [1] Deploy', '  [2] Cancel', 'choose a number'].join('\n'),
      { defs },
    )!;
    expect(q.via).toBe('hint');
    expect(q.question).toBe('Deploy to production');
    expect(q.choices.map((c) => [c.label, c.keys.join(' ')])).toEqual([
      ['Deploy', '1'],
      ['Cancel', '2'],
    ]);
  });

  it('an invalid hint costs only the bad keys, each with a warning', () => {
    const defs = loadDefinitions({
      config: {
        file: 'config.toml',
        text: [
          '[[agents]]',
          'id = "tool"',
          'match = { names = ["tool"] }',
          '[agents.question]',
          'select = "mouse"',
          'confirm = "yes"',
          "option = '(unclosed'",
          'colour = 1',
          '',
        ].join('\n'),
      },
    });
    expect(defs.warnings.map((w) => [w.code, w.line])).toEqual([
      ['unknown-field', 4],
      ['invalid-question', 4],
      ['invalid-question', 4],
      ['invalid-regex', 4],
    ]);
    expect(defs.byId.get('tool')?.question).toEqual({});
  });

  it('a config override inherits the built-in hint unless it sets its own', () => {
    const defs = loadDefinitions({
      config: { file: 'c.toml', text: '[[agents]]\nid = "cline"\nlabel = "C"\n' },
    });
    expect(defs.byId.get('cline')?.question?.select).toBe('arrows');
  });
});
