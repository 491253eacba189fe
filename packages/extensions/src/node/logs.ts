// Per-unit logs of an extension's processes (spec: Read an extension's logs). One file per unit
// (`commands`, `service.<name>`, `action.<id>`, `tab.<name>`, `command.<id>`) under
// <logDir>/extensions/<id>/. Each unit keeps about LOG_UNIT_BYTES: the live file rotates to
// `<unit>.log.1` at half that, so the pair never holds much more than the budget and a service
// that floods its output costs bounded disk, however long it runs.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';

export const LOG_UNIT_BYTES = 100 * 1024;
export const DEFAULT_LOG_LINES = 50;

export function extensionLogDir(logRoot: string, extension: string): string {
  return join(logRoot, 'extensions', extension);
}

export interface UnitLogOptions {
  /** The extension's log directory (extensionLogDir). */
  dir: string;
  unit: string;
  /** Budget for the unit (live file + one rotated file). */
  maxBytes?: number;
}

export class UnitLog {
  readonly file: string;
  private readonly rotateAt: number;
  private size: number;
  private atLineStart = true;

  constructor(opts: UnitLogOptions) {
    mkdirSync(opts.dir, { recursive: true, mode: 0o700 });
    this.file = join(opts.dir, `${opts.unit}.log`);
    this.rotateAt = Math.max(1024, Math.floor((opts.maxBytes ?? LOG_UNIT_BYTES) / 2));
    this.size = existsSync(this.file) ? statSync(this.file).size : 0;
  }

  /** Raw process output, appended as it arrives. */
  write(chunk: string | Buffer): void {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    // A single huge chunk keeps only its tail: older output would be rotated away anyway.
    if (data.length > this.rotateAt) data = data.subarray(data.length - this.rotateAt);
    if (this.size + data.length > this.rotateAt) this.rotate();
    try {
      appendFileSync(this.file, data);
      this.size += data.length;
      if (data.length > 0) this.atLineStart = data[data.length - 1] === 0x0a;
    } catch {
      // The log directory vanished (extension removed while a process still printed): output is
      // dropped rather than failing the supervisor that owns the process.
    }
  }

  /** A timestamped line of the runtime's own: start, end, stopped. Always starts on a new line. */
  event(text: string): void {
    this.write(`${this.atLineStart ? '' : '\n'}[${new Date().toISOString()}] ${text}\n`);
  }

  private rotate(): void {
    try {
      renameSync(this.file, `${this.file}.1`);
    } catch {
      // Nothing to rotate yet.
    }
    this.size = 0;
  }
}

export interface ReadLogsOptions {
  dir: string;
  /** One unit, or every unit of the extension when omitted. */
  unit?: string;
  lines?: number;
}

export interface UnitLogTail {
  unit: string;
  lines: string[];
}

export function listLogUnits(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .map((f) => f.slice(0, -'.log'.length))
    .sort();
}

export function readLogTails(opts: ReadLogsOptions): UnitLogTail[] {
  const count = opts.lines ?? DEFAULT_LOG_LINES;
  const units = opts.unit ? [opts.unit] : listLogUnits(opts.dir);
  return units.map((unit) => {
    const file = join(opts.dir, `${unit}.log`);
    const parts = [`${file}.1`, file].filter((f) => existsSync(f)).map((f) => readFileSync(f, 'utf8'));
    const lines = parts.join('').split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    return { unit, lines: count > 0 ? lines.slice(-count) : [] };
  });
}

export function removeLogs(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
