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
