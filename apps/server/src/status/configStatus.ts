// What the running server made of config.toml the last time it read it: the answer `rozi config
// status`, the workspace's warning banner and Settings show. A plain value built from the
// definitions in force and the last read's warnings (see configWatcher.ts for when it is read).
import type { DefinitionSet, DefinitionWarning } from '@rozi/detect';
import type { ConfigDiagnostic } from '../config/configLoad';

export interface ConfigWarningView {
  code: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  /** The definition the warning is about, when known. */
  agent: string | null;
}

export interface ConfigStatus {
  file: string | null;
  /**
   * `ok`: the last read was applied (it may still have warnings: dropped rules or definitions);
   * `broken`: it did not parse, and the definitions from before it stay in force.
   */
  state: 'ok' | 'broken';
  /** Epoch ms of the last read (server start counts as one). */
  readAt: number;
  warnings: ConfigWarningView[];
  /** rozi keys this file sets that the web edition does not use, each with the reason (config/schema.ts). */
  notUsed: Array<{
    key: string;
    kind: 'no-web-meaning' | 'not-built';
    message: string;
    /** The reason alone, shared by keys that are unused for the same reason. */
    reason: string;
    line: number | null;
  }>;
  /** The definitions detection uses now, in the order process matching consults them. */
  definitions: Array<{
    id: string;
    label: string;
    source: 'config' | 'extension' | 'builtin';
    extension: string | null;
    resume: boolean;
  }>;
}

export function configStatusOf(o: {
  file: string | null;
  inForce: DefinitionSet;
  lastRead: readonly DefinitionWarning[];
  kept: boolean;
  readAt: number;
  /** The one loader's report on the file in force (unknown keys, wrong types, keys not used here). */
  keys: readonly ConfigDiagnostic[];
}): ConfigStatus {
  const keyWarnings = o.keys.filter((d) => d.kind === 'unknown-key' || d.kind === 'bad-type');
  return {
    file: o.file,
    state: o.kept ? 'broken' : 'ok',
    readAt: o.readAt,
    warnings: [
      ...o.lastRead.map((w) => ({
        code: w.code,
        message: w.message,
        file: w.file ?? null,
        line: w.line ?? null,
        column: w.column ?? null,
        agent: w.agent ?? null,
      })),
      ...keyWarnings.map((d) => ({
        code: d.kind,
        message: d.message,
        file: d.file,
        line: d.line,
        column: d.column,
        agent: null,
      })),
    ],
    notUsed: o.keys.flatMap((d) =>
      d.kind === 'no-web-meaning' || d.kind === 'not-built'
        ? [{ key: d.key, kind: d.kind, message: d.message, reason: d.reason ?? d.message, line: d.line }]
        : [],
    ),
    definitions: o.inForce.definitions.map((d) => ({
      id: d.id,
      label: d.label,
      source: d.source.kind,
      extension: d.source.kind === 'extension' ? d.source.extension : null,
      resume: d.resume !== null,
    })),
  };
}
