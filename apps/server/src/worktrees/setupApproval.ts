// The project's setup command (`.rozi/setup` unless [worktrees] setup names another file) runs in
// a new worktree only after a person read it and approved that exact content: approvals are kept
// by SHA-256 digest, so a changed script asks again and an approved one is never asked twice.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../persist/atomicWrite';
import { git } from './git';

export const DEFAULT_SETUP_PATH = '.rozi/setup';
/** A setup script is read whole to show it; a larger file is refused rather than shown in part. */
export const MAX_SETUP_BYTES = 64 * 1024;

export interface SetupCommand {
  /** Relative to the repository's top level. */
  path: string;
  content: string;
  digest: string;
  approved: boolean;
}

export function setupDigest(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

interface ApprovalFile {
  version: 1;
  approved: Record<string, { path: string; repo: string; at: number }>;
}

export class SetupApprovals {
  constructor(private readonly file: string) {}

  private read(): ApprovalFile {
    if (!existsSync(this.file)) return { version: 1, approved: {} };
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<ApprovalFile>;
      return { version: 1, approved: parsed.approved ?? {} };
    } catch {
      // A damaged file approves nothing: the person is asked again, which is the safe side.
      return { version: 1, approved: {} };
    }
  }

  isApproved(digest: string): boolean {
    return Object.hasOwn(this.read().approved, digest);
  }

  approve(o: { digest: string; path: string; repo: string }): void {
    const data = this.read();
    data.approved[o.digest] = { path: o.path, repo: o.repo, at: Date.now() };
    writeFileAtomic(this.file, JSON.stringify(data, null, 2) + '\n');
  }
}

/** The setup script as committed at `commit` (what a new worktree of it will hold), or null. */
export async function setupAt(o: {
  repo: string;
  commit: string;
  path: string;
  approvals: SetupApprovals;
}): Promise<SetupCommand | null> {
  const r = await git({
    cwd: o.repo,
    args: ['show', `${o.commit}:${o.path}`],
    maxBytes: MAX_SETUP_BYTES + 1,
  });
  if (r.code !== 0) return null;
  const digest = setupDigest(r.stdout);
  return { path: o.path, content: r.stdout, digest, approved: o.approvals.isApproved(digest) };
}
