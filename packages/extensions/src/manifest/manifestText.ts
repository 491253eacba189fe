// Turns what was read from extension.toml (bytes, or a string a caller already decoded) into the
// text the TOML parser sees. UTF-8 decoding happens here, in the pure part, so every caller gets
// the same answer for the same bytes: the node side reads bytes and hands them over untouched.
// Everything is linear in the input and capped at MAX_MANIFEST_BYTES before any other work.
import type { DiagnosticCode } from './diagnostics';

/** A manifest is metadata plus declarations; 1 MiB is far above any real one and bounds the work. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;

export interface TextProblem {
  code: DiagnosticCode;
  message: string;
  line: number | null;
}

export interface ManifestText {
  /** The text without a leading byte order mark; undefined when it cannot be parsed at all. */
  text: string | undefined;
  problems: TextProblem[];
}

const BOM = 0xfeff;

/** Decodes strict UTF-8: no overlongs, no surrogates, nothing above U+10FFFF. */
function decodeUtf8(bytes: Uint8Array): { text: string } | { badOffset: number } {
  const units: number[] = [];
  const chunks: string[] = [];
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b0 = bytes[i] as number;
    let cp: number;
    let len: number;
    if (b0 < 0x80) {
      cp = b0;
      len = 1;
    } else if (b0 >= 0xc2 && b0 <= 0xdf) {
      len = 2;
      cp = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      len = 3;
      cp = b0 & 0x0f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      len = 4;
      cp = b0 & 0x07;
    } else return { badOffset: i };
    if (i + len > n) return { badOffset: i };
    for (let k = 1; k < len; k++) {
      const b = bytes[i + k] as number;
      if ((b & 0xc0) !== 0x80) return { badOffset: i };
      cp = (cp << 6) | (b & 0x3f);
    }
    // Reject overlong forms, UTF-16 surrogates and values past U+10FFFF.
    if (
      (len === 3 && cp < 0x800) ||
      (len === 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
      (cp >= 0xd800 && cp <= 0xdfff)
    ) {
      return { badOffset: i };
    }
    if (cp >= 0x10000) {
      const v = cp - 0x10000;
      units.push(0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else units.push(cp);
    i += len;
    // Flush in chunks: String.fromCharCode takes its arguments on the stack.
    if (units.length >= 8192) {
      chunks.push(String.fromCharCode(...units));
      units.length = 0;
    }
  }
  chunks.push(String.fromCharCode(...units));
  return { text: chunks.join('') };
}

function lineAtByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

function lineAtIndex(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 0x0a) line++;
  return line;
}

/** UTF-8 length of a JS string without allocating a copy. */
function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Checks size and encoding. A BOM is reported as an error (TOML text has none, and other tools
 * reading the file would see a stray character before `[extension]`) but stripped, so the rest of
 * the manifest is still checked in the same run. NUL bytes and invalid UTF-8 stop the check: what
 * follows them is not text we can point into.
 */
export function readManifestText(input: Uint8Array | string): ManifestText {
  const problems: TextProblem[] = [];
  const size =
    typeof input === 'string'
      ? input.length > MAX_MANIFEST_BYTES
        ? input.length
        : utf8Length(input)
      : input.length;
  if (size > MAX_MANIFEST_BYTES) {
    return {
      text: undefined,
      problems: [
        {
          code: 'too-large',
          line: null,
          message: `extension.toml is over the 1 MiB limit for a manifest (${size} bytes or more; at most ${MAX_MANIFEST_BYTES})`,
        },
      ],
    };
  }
  let text: string;
  if (typeof input === 'string') {
    const bad = LONE_SURROGATE.exec(input);
    if (bad) {
      return {
        text: undefined,
        problems: [
          {
            code: 'invalid-utf8',
            line: lineAtIndex(input, bad.index),
            message: 'extension.toml contains text that is not valid Unicode (a lone UTF-16 surrogate)',
          },
        ],
      };
    }
    text = input;
  } else {
    const nul = input.indexOf(0);
    if (nul !== -1) {
      return {
        text: undefined,
        problems: [
          {
            code: 'nul-byte',
            line: lineAtByte(input, nul),
            message: `extension.toml contains a NUL byte at offset ${nul}; it is not a text file`,
          },
        ],
      };
    }
    const decoded = decodeUtf8(input);
    if ('badOffset' in decoded) {
      return {
        text: undefined,
        problems: [
          {
            code: 'invalid-utf8',
            line: lineAtByte(input, decoded.badOffset),
            message: `extension.toml is not valid UTF-8 (bad byte at offset ${decoded.badOffset}); save it as UTF-8`,
          },
        ],
      };
    }
    text = decoded.text;
  }
  const nul = text.indexOf('\u0000');
  if (nul !== -1) {
    return {
      text: undefined,
      problems: [
        {
          code: 'nul-byte',
          line: lineAtIndex(text, nul),
          message: `extension.toml contains a NUL character at index ${nul}; it is not a text file`,
        },
      ],
    };
  }
  if (text.charCodeAt(0) === BOM) {
    problems.push({
      code: 'utf8-bom',
      line: 1,
      message: 'extension.toml starts with a byte order mark (U+FEFF); save it as UTF-8 without BOM',
    });
    text = text.slice(1);
  }
  return { text, problems };
}
