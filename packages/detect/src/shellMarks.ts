// What a shell tells the terminal about itself: OSC 133 prompt/command boundaries and OSC 7 working
// directories (rozi's shell integration emits both; other integrations do too). Pure parsers of the
// OSC payload (the text between `ESC ] 133 ;` or `ESC ] 7 ;` and the terminator), shared by the
// server's mirror (capture-pane --last-output, the pane cwd) and the page (gutter marks, prompt
// jumps). Everything a terminal reports is untrusted: anything malformed, oversized or odd is
// `null`, never an exception, so a bad sequence costs at most its own mark.

export type ShellMark =
  /** A: a prompt starts being drawn. */
  | { kind: 'prompt' }
  /** B: the prompt ended; the command line being typed starts here. */
  | { kind: 'input' }
  /** C: the command was accepted and runs; its output starts here. `exe` is rozi's basename hint. */
  | { kind: 'output'; exe: string | null }
  /** D: the command finished, with its exit status when the shell said one. */
  | { kind: 'end'; exitCode: number | null };

/** Longer payloads are not marks (a real one is a few bytes; this also bounds any parsing work). */
export const MAX_MARK_PAYLOAD = 512;
/** Longest OSC 7 payload taken as a cwd (PATH_MAX plus the URL around it, percent-encoded). */
export const MAX_CWD_PAYLOAD = 4096 * 3 + 256;

const EXE_RE = /^[A-Za-z0-9._+-]{1,64}$/;

/** The payload of `OSC 133 ; …` (without the leading `133;`). */
export function parseOsc133(payload: string): ShellMark | null {
  if (payload.length === 0 || payload.length > MAX_MARK_PAYLOAD) return null;
  const [kind, ...params] = payload.split(';');
  switch (kind) {
    case 'A':
      return { kind: 'prompt' };
    case 'B':
      return { kind: 'input' };
    case 'C': {
      const exe = params.find((p) => p.startsWith('rozi_exe='))?.slice('rozi_exe='.length) ?? '';
      return { kind: 'output', exe: EXE_RE.test(exe) ? exe : null };
    }
    case 'D': {
      const status = params[0];
      if (status === undefined || status === '') return { kind: 'end', exitCode: null };
      if (!/^\d{1,10}$/.test(status)) return { kind: 'end', exitCode: null };
      const code = Number(status);
      return { kind: 'end', exitCode: code <= 0x7fffffff ? code : null };
    }
    default:
      return null;
  }
}

export interface ReportedCwd {
  /** The host part of the URL, lower-cased; '' when the URL had none. */
  host: string;
  /** Absolute, percent-decoded path. */
  path: string;
}

/** The payload of `OSC 7 ; file://host/path` (without the leading `7;`). */
export function parseOsc7(payload: string): ReportedCwd | null {
  if (payload.length > MAX_CWD_PAYLOAD) return null;
  const m = /^file:\/\/([^/]*)(\/.*)$/i.exec(payload);
  if (!m) return null;
  const host = (m[1] as string).toLowerCase();
  let path: string;
  try {
    path = decodeURIComponent(m[2] as string);
  } catch {
    return null; // a broken %-escape: no path we could trust
  }
  // A NUL or a control character cannot be part of a directory we would hand to a new pane.
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  if (!path.startsWith('/') || /(^|\/)\.\.?(\/|$)/.test(path)) return null;
  return { host, path: path.length > 1 ? path.replace(/\/+$/, '') : path };
}

/** Whether an OSC 7 host names this machine (none, localhost, or its own hostname). */
export function isLocalCwdHost(host: string, hostname: string): boolean {
  return host === '' || host === 'localhost' || host === hostname.toLowerCase();
}

/** The part of a terminal buffer (xterm's, in the browser or headless) that reading output needs. */
export interface BufferRows {
  getLine(y: number): { isWrapped: boolean; translateToString(trimRight: boolean): string } | undefined;
}

/**
 * The text of buffer rows `from`..`to`, a soft-wrapped row joined to the one before it: what a
 * command printed between its output mark and its end mark, as the program wrote it.
 */
export function bufferLines(buffer: BufferRows, o: { from: number; to: number }): string[] {
  const lines: string[] = [];
  for (let y = o.from; y <= o.to; y++) {
    const line = buffer.getLine(y);
    if (!line) break;
    const text = line.translateToString(true);
    if (line.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
    else lines.push(text);
  }
  return lines;
}

// Marks replay: the commands the server's mirror knows, handed to a page that attaches later (a
// reload, a second browser, a pane restored from history). The server appends one private OSC to
// the screen + scrollback it serializes for a kind 2 reset frame (session/mirror.ts); the page's
// parser meets it right after the lines it describes and before any later output, so positions
// need no clock: each line is relative to the normal buffer's cursor line at that point in the
// stream (the serialized screen puts the cursor back on the same line), which holds whatever the
// page's scrollback trims at the top. OSC 6133 is used by no terminal we know of.

export const MARKS_REPLAY_OSC = 6133;
/** Bigger payloads are not replays (500 commands of 5 numbers stay well under it). */
export const MAX_REPLAY_PAYLOAD = 64 * 1024;
/** The page keeps at most this many finished commands; a replay with more is refused whole. */
export const MAX_REPLAY_COMMANDS = 500;
/** Lines are relative to the cursor: nothing farther than this is in any terminal's scrollback. */
const MAX_LINE_DISTANCE = 10_000_000;
const MAX_COL = 10_000;

/** A finished command; lines relative to the cursor line (negative: above it), null: not held. */
export interface ReplayedCommand {
  /** The prompt's row (its gutter bar), null when it scrolled away or was never marked. */
  prompt: number | null;
  /** The first output row, null when it scrolled out of the scrollback (output read from the top). */
  output: number | null;
  end: number;
  /** Cursor column at D (output without a final newline leaves it past 0). */
  endCol: number;
  exitCode: number | null;
}

export interface MarksReplay {
  commands: ReplayedCommand[];
  /** The command being typed or running now (its prompt shown, maybe its output started). */
  current: { prompt: number | null; output: number | null } | null;
}

/** The whole escape sequence (OSC … ST) the server appends to a snapshot. */
export function encodeMarksReplay(r: MarksReplay): string {
  const body = {
    v: 1,
    c: r.commands.map((c) => [c.prompt, c.output, c.end, c.endCol, c.exitCode]),
    r: r.current ? [r.current.prompt, r.current.output] : null,
  };
  return `\x1b]${MARKS_REPLAY_OSC};${JSON.stringify(body)}\x1b\\`;
}

const isLine = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= MAX_LINE_DISTANCE;
const isLineOrNull = (v: unknown): v is number | null => v === null || isLine(v);

function readCommand(v: unknown): ReplayedCommand | null {
  if (!Array.isArray(v) || v.length !== 5) return null;
  const [prompt, output, end, endCol, exitCode] = v as unknown[];
  if (!isLineOrNull(prompt) || !isLineOrNull(output) || !isLine(end)) return null;
  if (typeof endCol !== 'number' || !Number.isInteger(endCol) || endCol < 0 || endCol > MAX_COL) return null;
  if (
    exitCode !== null &&
    !(Number.isInteger(exitCode) && (exitCode as number) >= 0 && (exitCode as number) <= 0x7fffffff)
  )
    return null;
  // A command's rows come in order: prompt, then output, then the end.
  if (output !== null && (output > end || (prompt !== null && prompt > output))) return null;
  if (prompt !== null && prompt > end) return null;
  return { prompt, output, end, endCol, exitCode: exitCode as number | null };
}

/**
 * The payload of `OSC 6133 ; …` (without `6133;`). Anything malformed, oversized or out of
 * order is null: a bad replay costs the earlier commands' marks, never the page.
 */
export function parseMarksReplay(payload: string): MarksReplay | null {
  if (payload.length === 0 || payload.length > MAX_REPLAY_PAYLOAD) return null;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const { v, c, r } = body as { v?: unknown; c?: unknown; r?: unknown };
  if (v !== 1 || !Array.isArray(c) || c.length > MAX_REPLAY_COMMANDS) return null;
  const commands: ReplayedCommand[] = [];
  for (const item of c) {
    const command = readCommand(item);
    if (!command) return null;
    commands.push(command);
  }
  let current: MarksReplay['current'] = null;
  if (r !== null && r !== undefined) {
    if (!Array.isArray(r) || r.length !== 2 || !isLineOrNull(r[0]) || !isLineOrNull(r[1])) return null;
    current = { prompt: r[0], output: r[1] };
  }
  return { commands, current };
}

/**
 * Where a replayed line lands in a buffer: `cursorLine` is the absolute line of the buffer's
 * cursor (baseY + cursorY), `length` its line count. Null when the line is not held (trimmed by
 * a smaller scrollback, or past the end).
 */
export function replayedLine(relative: number, at: { cursorLine: number; length: number }): number | null {
  const line = at.cursorLine + relative;
  return line >= 0 && line < at.length ? line : null;
}
