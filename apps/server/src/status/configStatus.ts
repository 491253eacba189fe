// What the running server made of config.toml the last time it read it: the answer `rozi config
// status`, the workspace's warning banner and Settings show. A plain value built from the
// definitions in force and the last read's warnings (see configWatcher.ts for when it is read).
import type { DefinitionSet, DefinitionWarning } from '@rozi/detect';

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
}): ConfigStatus {
  return {
    file: o.file,
    state: o.kept ? 'broken' : 'ok',
    readAt: o.readAt,
    warnings: o.lastRead.map((w) => ({
      code: w.code,
      message: w.message,
      file: w.file ?? null,
      line: w.line ?? null,
      column: w.column ?? null,
      agent: w.agent ?? null,
    })),
    definitions: o.inForce.definitions.map((d) => ({
      id: d.id,
      label: d.label,
      source: d.source.kind,
      extension: d.source.kind === 'extension' ? d.source.extension : null,
      resume: d.resume !== null,
    })),
  };
}
