// Bounds on the parsed document, checked before any section validator runs, so those validators
// (and ajv compiling an action's schema) only ever see shallow, reasonably sized values. The 1 MiB
// file cap bounds the total; these bound the shapes that make later work expensive. The limits are
// ours: rozi's documentation sets none, and no real manifest comes near them.
import type { ManifestPath } from './diagnostics';
import { isTable } from './tomlValue';

export const MAX_DEPTH = 32;
export const MAX_STRING_LENGTH = 65_536;
export const MAX_ARRAY_LENGTH = 4_096;
export const MAX_KEY_LENGTH = 256;
/** Past this many findings the rest would only repeat the point. */
const MAX_FINDINGS = 20;

export interface StructureFinding {
  code: 'too-deep' | 'too-long';
  path: ManifestPath;
  message: string;
}

/** Walks the document iteratively (no recursion: a hostile file must not exhaust the stack). */
export function checkStructure(root: unknown): StructureFinding[] {
  const findings: StructureFinding[] = [];
  const stack: { value: unknown; path: ManifestPath }[] = [{ value: root, path: [] }];
  while (stack.length > 0 && findings.length < MAX_FINDINGS) {
    const { value, path } = stack.pop() as { value: unknown; path: ManifestPath };
    if (typeof value === 'string') {
      if (value.length > MAX_STRING_LENGTH) {
        findings.push({
          code: 'too-long',
          path,
          message: `string of ${value.length} characters; values may be at most ${MAX_STRING_LENGTH}`,
        });
      }
      continue;
    }
    const container = Array.isArray(value) || isTable(value);
    if (!container) continue;
    if (path.length >= MAX_DEPTH) {
      findings.push({
        code: 'too-deep',
        path: path.slice(0, MAX_DEPTH),
        message: `values nested more than ${MAX_DEPTH} levels deep`,
      });
      continue;
    }
    if (Array.isArray(value)) {
      if (value.length > MAX_ARRAY_LENGTH) {
        findings.push({
          code: 'too-long',
          path,
          message: `array of ${value.length} items; arrays may hold at most ${MAX_ARRAY_LENGTH}`,
        });
        continue;
      }
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (isTable(value)) {
      const keys = Object.keys(value);
      if (keys.length > MAX_ARRAY_LENGTH) {
        findings.push({
          code: 'too-long',
          path,
          message: `table of ${keys.length} keys; tables may hold at most ${MAX_ARRAY_LENGTH}`,
        });
        continue;
      }
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        if (key.length > MAX_KEY_LENGTH) {
          findings.push({
            code: 'too-long',
            path,
            message: `a key of ${key.length} characters; keys may be at most ${MAX_KEY_LENGTH}`,
          });
          continue;
        }
        stack.push({ value: value[key], path: [...path, key] });
      }
    }
  }
  return findings;
}
