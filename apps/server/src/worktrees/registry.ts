// The worktrees rozi made, kept in one JSON file in the state directory: which repository each
// came from, its branch and base. Checkpoints live in the repository itself (checkpoint.ts); this
// file only lets rozi find its worktrees again, also after a restart. A damaged file is set aside
// and reads as empty, never as an error that stops the server.
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { writeFileAtomic } from '../persist/atomicWrite';

export interface WorktreeRecord {
  /** Short and stable: names the checkpoint refs (refs/rozi/checkpoints/<id>/<turn>). */
  id: string;
  /** The worktree's directory. */
  path: string;
  /** The repository's top level it was made from (where merges land). */
  repo: string;
  branch: string;
  /** The base as given (`main`, a tag, a commit): ahead/behind and diffs are measured against it. */
  base: string;
  /** The base's commit when the worktree was made. */
  baseCommit: string;
  created: number;
}

interface RegistryFile {
  version: 1;
  worktrees: WorktreeRecord[];
}

function isRecord(v: unknown): v is WorktreeRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return ['id', 'path', 'repo', 'branch', 'base', 'baseCommit'].every((k) => typeof r[k] === 'string');
}

export class WorktreeRegistry {
  private records: WorktreeRecord[];

  constructor(
    private readonly file: string,
    log: (line: string) => void = () => undefined,
  ) {
    this.records = WorktreeRegistry.read(file, log);
  }

  private static read(file: string, log: (line: string) => void): WorktreeRecord[] {
    if (!existsSync(file)) return [];
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RegistryFile>;
      return Array.isArray(parsed.worktrees) ? parsed.worktrees.filter(isRecord) : [];
    } catch (err) {
      const aside = `${file}.damaged-${Date.now()}`;
      renameSync(file, aside);
      log(`worktrees: ${file} could not be read (${(err as Error).message}); set aside as ${aside}`);
      return [];
    }
  }

  list(): WorktreeRecord[] {
    return [...this.records];
  }

  add(record: WorktreeRecord): void {
    this.records = [...this.records.filter((r) => r.path !== record.path), record];
    this.save();
  }

  remove(id: string): void {
    this.records = this.records.filter((r) => r.id !== id);
    this.save();
  }

  /** By id, by branch, or by directory (exact). */
  find(name: string): WorktreeRecord | undefined {
    return (
      this.records.find((r) => r.id === name) ??
      this.records.find((r) => r.branch === name) ??
      this.records.find((r) => r.path === name)
    );
  }

  /** The worktree a directory is in (a pane's cwd), the deepest match. */
  containing(dir: string): WorktreeRecord | undefined {
    let best: WorktreeRecord | undefined;
    for (const r of this.records)
      if ((dir === r.path || dir.startsWith(`${r.path}/`)) && (!best || r.path.length > best.path.length))
        best = r;
    return best;
  }

  private save(): void {
    const data: RegistryFile = { version: 1, worktrees: this.records };
    writeFileAtomic(this.file, JSON.stringify(data, null, 2) + '\n');
  }
}
