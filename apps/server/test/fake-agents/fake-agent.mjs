#!/usr/bin/env node
// A stand-in for an agent CLI in integration tests: it draws real captured screens from
// fixtures/agents (one per state) in a real PTY, and records every byte it receives so
// tests can prove a refused prompt wrote nothing. Launched under agent-like names (a file named
// codex.mjs, a symlink bin/claude → node) so process detection's look-through is exercised too.
//
// FAKE_FIXTURE   fixture file (e.g. <repo>/fixtures/agents/codex.toml; tests take it from
//                test/agentCaptures.ts)
// FAKE_SEQUENCE  states to draw in order, comma list (default working,blocked,idle); an entry
//                `state:case` draws that case of the state
// FAKE_STEP_MS   advance automatically after this many ms (0 = only on SIGUSR1; default 0)
// FAKE_INPUT_LOG file to append received input to (JSON string per chunk)
// FAKE_BRACKETED 1 = enable bracketed paste (DECSET 2004) like real TUIs do
// FAKE_WORK_MS   after a prompt (Enter) on an idle screen: draw working for this long, then idle
// FAKE_DEAF      1 = draw nothing in answer to a prompt (a screen that never moves; fencing tests)
// FAKE_CASE      the case to draw for its state when the file has several (by name)
// FAKE_ANSWERS   1 = any input on a blocked screen answers it: draw working, then idle
// FAKE_EDITS     1 = each prompt is a turn that edits files in the cwd while working: writes
//                turn-N.txt (the prompt's text) and appends a line to NOTES.md, then goes idle
//
// SIGUSR1 draws the next screen of the sequence; input "/exit\r" exits.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'smol-toml';

const fixture = parse(readFileSync(process.env.FAKE_FIXTURE ?? '', 'utf8'));
const cases = Array.isArray(fixture.case) ? fixture.case : [];
const wanted = process.env.FAKE_CASE;
const screenFor = (state, name = wanted) =>
  cases.find((c) => c.state === state && c.name === name) ?? cases.find((c) => c.state === state);
const sequence = (process.env.FAKE_SEQUENCE ?? 'working,blocked,idle').split(',');
const stepMs = Number(process.env.FAKE_STEP_MS ?? 0);
const workMs = Number(process.env.FAKE_WORK_MS ?? 300);
const log = process.env.FAKE_INPUT_LOG;
let step = 0;
let shown = '';
let shownEntry = '';
let turn = 0;
let typed = '';

/** One turn's edits: what a coding agent leaves behind after a prompt. */
function edit(prompt) {
  turn++;
  writeFileSync(`turn-${turn}.txt`, `${prompt}\n`);
  appendFileSync('NOTES.md', `turn ${turn}: ${prompt.split('\n')[0]}\n`);
}

/** `state` or `state:case` (a sequence entry naming which of the state's cases to draw). */
function draw(entry) {
  const [state, name] = entry.split(':');
  const c = screenFor(state, name ?? wanted);
  // No captured screen for idle in some fixtures: an empty prompt line reads idle everywhere.
  const text = c ? String(c.screen) : '> \n';
  const title = c && typeof c.title === 'string' ? c.title : 'fake agent';
  shown = state;
  shownEntry = entry;
  process.stdout.write(`\x1b]0;${title}\x07\x1b[H\x1b[2J` + text.replace(/\n/g, '\r\n'));
}

function next() {
  if (step < sequence.length) draw(sequence[step++]);
}

if (process.env.FAKE_BRACKETED === '1') process.stdout.write('\x1b[?2004h');
process.stdin.setRawMode?.(true);
process.stdin.on('data', (buf) => {
  const s = buf.toString('utf8');
  if (log) appendFileSync(log, JSON.stringify(s) + '\n');
  if (s.includes('/exit')) {
    process.stdout.write('\x1b[?2004l\x1b[H\x1b[2J');
    process.exit(0);
  }
  const answered = process.env.FAKE_ANSWERS === '1' && shown === 'blocked';
  const prompted = s.endsWith('\r') && (shown === 'idle' || shown === '') && process.env.FAKE_DEAF !== '1';
  typed += s;
  if (answered || prompted) {
    // The prompt's text without bracketed-paste markers or the final Enter.
    const prompt = typed
      .replace(/\x1b\[20[01]~/g, '')
      .replace(/\r$/, '')
      .trim();
    typed = '';
    draw('working');
    setTimeout(() => {
      if (process.env.FAKE_EDITS === '1') edit(prompt);
      draw('idle');
    }, workMs);
  }
});
process.on('SIGUSR1', next);
// A TUI redraws when its terminal is resized.
process.on('SIGWINCH', () => shownEntry && draw(shownEntry));
process.on('SIGTERM', () => process.exit(0));
next();
if (stepMs > 0) setInterval(next, stepMs);
