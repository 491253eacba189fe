// The owner of agent worktrees in a server: the registry, the approved setup digests, each
// worktree's status as pane headers show it, and the per-turn checkpoints taken when an agent in
// a worktree goes from working to idle/done. Each worktree has two queues of git work: one for
// what writes (checkpoint, commit, merge, pull request, remove), one for the status re-reads of
// the header chip; the Changes view's diff waits in neither (snapshots share one private index,
// which checkpoint.ts serialises itself), so opening it never waits behind the chip's polling.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { EventBus } from '../events/bus';
import type { SessionManager } from '../session/manager';
import type { StatusService } from '../status/statusService';
import { listCheckpoints, recordTurn, snapshotTree, type Checkpoint } from './checkpoint';
import { diffCounts, diffPage, type DiffPage, type FileCounts } from './diff';
import { git, gitOut } from './git';
import { quickList, type QuickFile } from './quickList';
import { WorktreeRegistry, type WorktreeRecord } from './registry';
import { SetupApprovals } from './setupApproval';
import { baseRev, MISSING, worktreeStatus, type WorktreeStatus } from './worktreeStatus';
import { missing } from './finish';
import { readWorktreeSettings, type WorktreeSettings } from './worktreeConfig';
import { WorktreeError } from './worktreeError';
import type { PaneWorktreeView, WorktreeView } from './types';

/** While an agent in a worktree works, its status is re-read this often (the header stays live). */
export const WORKING_REFRESH_MS = 2000;
/**
 * A worktree with a pane in it whose agent is not working is re-read this often: files change
 * there too (written after the agent went idle, or by the person in another pane), and the chip
 * must not say "clean" while the Changes view lists them. An unchanged worktree costs an
 * `add -A` that hashes nothing and one rev-parse (refreshIfMoved).
 */
export const IDLE_REFRESH_MS = 5000;

export interface WorktreeServiceOptions {
  manager: SessionManager;
  status: StatusService;
  bus: EventBus;
  stateDir: string;
  configFile: string;
  home: string;
  env: NodeJS.ProcessEnv;
  log(line: string): void;
}

export type DiffTurn = number | 'current' | 'all';

export interface WorktreeDiff {
  worktree: WorktreeView;
  turns: Array<{ turn: number; at: number }>;
  range: { turn: DiffTurn; from: string; to: string; label: string };
  diff: DiffPage;
}

export class WorktreeService {
  readonly registry: WorktreeRegistry;
  readonly approvals: SetupApprovals;
  private readonly statuses = new Map<string, { status: WorktreeStatus; turns: number; stamp: string }>();
  /** Per worktree: the tail of its write queue and of its status-read queue. */
  private readonly chains = new Map<string, { write: Promise<unknown>; read: Promise<unknown> }>();
  /** merge-base answers by "base-commit head-commit". */
  private readonly forks = new Map<string, string>();
  private readonly offs: Array<() => void> = [];
  private timer: NodeJS.Timeout | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Worktrees whose idle re-read is queued or running (a slow box never piles them up). */
  private readonly idlePending = new Set<string>();
  /** What the last idle look saw of each worktree (refreshIfMoved). */
  private readonly idleKeys = new Map<string, string>();

  constructor(private readonly o: WorktreeServiceOptions) {
    this.registry = new WorktreeRegistry(join(o.stateDir, 'worktrees.json'), o.log);
    this.approvals = new SetupApprovals(join(o.stateDir, 'setup-approvals.json'));
  }

  start(): void {
    this.offs.push(
      this.o.status.subscribe((c) => {
        if (c.removed || c.previous.state === c.row.state) return;
        const record = this.recordOfPane(c.row.pane);
        if (!record) return;
        if (c.previous.state === 'working' && (c.row.state === 'idle' || c.row.state === 'done'))
          void this.checkpoint(record, c.row.agent ?? undefined);
        else void this.refresh(record);
      }),
    );
    this.timer = setInterval(() => this.refreshWorking(), WORKING_REFRESH_MS);
    this.timer.unref();
    this.idleTimer = setInterval(() => void this.refreshIdle(), IDLE_REFRESH_MS);
    this.idleTimer.unref();
    for (const r of this.registry.list()) void this.refresh(r);
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
    if (this.timer) clearInterval(this.timer);
    if (this.idleTimer) clearInterval(this.idleTimer);
    this.timer = null;
    this.idleTimer = null;
  }

  settings(): WorktreeSettings {
    const s = readWorktreeSettings({ configFile: this.o.configFile, home: this.o.home });
    for (const w of s.warnings) this.o.log(`warning: ${w}`);
    return s;
  }

  /** The worktree a pane works in (its cwd), if rozi made it. */
  recordOfPane(key: number): WorktreeRecord | undefined {
    const pane = this.o.manager.panes.get(key);
    if (!pane || this.registry.list().length === 0) return undefined;
    return this.registry.containing(this.o.manager.liveCwd(pane));
  }

  /** What a pane header shows, from the last reading (a first look schedules one). */
  paneView(cwd: string): PaneWorktreeView | null {
    if (this.registry.list().length === 0) return null;
    const r = this.registry.containing(cwd);
    if (!r) return null;
    const seen = this.statuses.get(r.id);
    if (!seen) void this.refresh(r);
    const st = seen?.status ?? MISSING;
    return {
      id: r.id,
      branch: st.branch ?? r.branch,
      base: r.base,
      ahead: st.ahead,
      behind: st.behind,
      dirty: st.dirty,
      turns: seen?.turns ?? 0,
      missing: seen ? st.missing : false,
      stamp: seen?.stamp ?? '',
    };
  }

  view(r: WorktreeRecord, st: WorktreeStatus, turns: number): WorktreeView {
    return { ...r, status: st, turns };
  }

  async list(): Promise<WorktreeView[]> {
    const rows: WorktreeView[] = [];
    for (const r of this.registry.list()) {
      const st = await this.statusQueue(r, () => worktreeStatus(r));
      rows.push(this.view(r, st, Math.max(0, (await listCheckpoints({ dir: r.repo, id: r.id })).length - 1)));
    }
    return rows;
  }

  find(name: string): WorktreeRecord {
    const r = this.registry.find(name);
    if (!r) throw new WorktreeError('not-found', `no worktree '${name}' (rozi worktrees list shows them)`);
    return r;
  }

  /**
   * Runs git work that changes a worktree (a checkpoint, commit, merge, pull request, remove)
   * after the writes queued before it.
   */
  serial<T>(r: WorktreeRecord, work: () => Promise<T>): Promise<T> {
    return this.enqueue(r, 'write', work);
  }

  /** Runs a status re-read after the ones queued before it (they never pile up on one worktree). */
  private statusQueue<T>(r: WorktreeRecord, work: () => Promise<T>): Promise<T> {
    return this.enqueue(r, 'read', work);
  }

  private enqueue<T>(r: WorktreeRecord, which: 'write' | 'read', work: () => Promise<T>): Promise<T> {
    const chain = this.chains.get(r.id) ?? { write: Promise.resolve(), read: Promise.resolve() };
    const next = chain[which].then(work, work);
    chain[which] = next.catch(() => undefined);
    this.chains.set(r.id, chain);
    return next;
  }

  /** Re-reads a worktree's status; a change reaches pane headers through the workspace projection. */
  refresh(r: WorktreeRecord): Promise<void> {
    return this.statusQueue(r, () => this.read(r)).catch((err: unknown) =>
      this.o.log(`worktrees: status of ${r.path}: ${(err as Error).message}`),
    );
  }

  /** The status, turns and stamp of a worktree, read now (call inside its chain). */
  private async read(r: WorktreeRecord): Promise<void> {
    // Whatever this read sees may be newer than the last idle look's key: that key no longer
    // vouches for the chip (refreshIfMoved sets it again when the files held still meanwhile).
    this.idleKeys.delete(r.id);
    const st = await worktreeStatus(r);
    const turns = st.missing ? 0 : Math.max(0, (await listCheckpoints({ dir: r.repo, id: r.id })).length - 1);
    const stamp = st.missing ? 'missing' : await this.stampOf(r, st);
    const before = this.statuses.get(r.id);
    this.statuses.set(r.id, { status: st, turns, stamp });
    if (!before || JSON.stringify(before) !== JSON.stringify({ status: st, turns, stamp }))
      this.o.bus.workspaceChanged();
  }

  /**
   * The idle re-read: the snapshot (an `add -A` that only stats unchanged files), HEAD, the base
   * and the worktree's own index; the full status (whose `git status` re-hashes every modified
   * file) is read only when one of them moved since the last idle look. The key is kept only when
   * it is the same before and after the read: a file written while the key was taken and removed
   * after the read (or read by another path meanwhile) would otherwise leave a key that matches
   * the files again with a chip that counts the gone file for good.
   */
  private refreshIfMoved(r: WorktreeRecord): Promise<void> {
    return this.statusQueue(r, async () => {
      const key = await this.idleKey(r);
      if (key !== null && this.idleKeys.get(r.id) === key && this.statuses.has(r.id)) return;
      await this.read(r);
      if (key !== null && (await this.idleKey(r)) === key) this.idleKeys.set(r.id, key);
    }).catch((err: unknown) => this.o.log(`worktrees: status of ${r.path}: ${(err as Error).message}`));
  }

  /** What an idle look compares: the files' tree, HEAD, the base and the own index (null: gone or broken). */
  private async idleKey(r: WorktreeRecord): Promise<string | null> {
    try {
      const tree = await snapshotTree(r.path);
      const args = ['rev-parse', '--git-path', 'index', 'HEAD'];
      // A base that is not a branch (a commit, a tag) never moves: HEAD alone then.
      let heads = await git({ cwd: r.path, args: [...args, `refs/heads/${r.base}`] });
      if (heads.code !== 0) heads = await git({ cwd: r.path, args });
      const [index = ''] = heads.stdout.split('\n');
      const own = statSync(isAbsolute(index) ? index : join(r.path, index), { throwIfNoEntry: false });
      return heads.code === 0 ? `${tree}\0${heads.stdout}\0${own?.mtimeMs}:${own?.size}:${own?.ino}` : null;
    } catch {
      return null; // the full read says which
    }
  }

  /**
   * Changes whenever any file in the worktree changes: the Changes view refetches on a new stamp.
   * A dirty worktree's stamp is its snapshot tree (exact, and cheap with the kept private index:
   * only files whose stat changed are read), the same tree the "All changes" diff then reuses.
   */
  private async stampOf(r: WorktreeRecord, st: WorktreeStatus): Promise<string> {
    // The base's commit is in it: after a merge the worktree is as it was, but its changes since
    // the base are none now, and the view must read them again.
    if (st.dirty === 0) return `${st.head ?? ''}.${(st.baseHead ?? '').slice(0, 12)}`;
    return createHash('sha1')
      .update(`${st.head}\0${st.baseHead}\0${await snapshotTree(r.path)}`)
      .digest('hex')
      .slice(0, 12);
  }

  /**
   * Re-reads each worktree a pane is in while no agent there works (working ones have their own
   * timer): the idle timer's work, resolved when every re-read it started is done.
   */
  refreshIdle(): Promise<void> {
    const reads: Array<Promise<void>> = [];
    if (this.registry.list().length === 0) return Promise.resolve();
    const busy = new Set(this.idlePending);
    for (const row of this.o.status.hub.list()) {
      const id = row.state === 'working' ? this.recordOfPane(row.pane)?.id : undefined;
      if (id) busy.add(id);
    }
    for (const key of this.o.manager.panes.keys()) {
      const r = this.recordOfPane(key);
      if (!r || busy.has(r.id)) continue;
      busy.add(r.id);
      this.idlePending.add(r.id);
      reads.push(this.refreshIfMoved(r).finally(() => this.idlePending.delete(r.id)));
    }
    return Promise.all(reads).then(() => undefined);
  }

  private refreshWorking(): void {
    if (this.registry.list().length === 0) return;
    for (const row of this.o.status.hub.list()) {
      if (row.state !== 'working') continue;
      const r = this.recordOfPane(row.pane);
      if (r) void this.refresh(r);
    }
  }

  /** Records the worktree as a new turn (nothing when no file changed since the last one). */
  checkpoint(r: WorktreeRecord, label?: string): Promise<Checkpoint | null> {
    const p = this.serial(r, async () => {
      const t0 = performance.now();
      const c = await recordTurn({ dir: r.path, id: r.id, label });
      if (c)
        this.o.log(
          `worktrees: ${r.branch} turn ${c.turn} recorded in ${Math.round(performance.now() - t0)} ms`,
        );
      return c;
    });
    p.then(
      () => void this.refresh(r),
      (err: unknown) => this.o.log(`worktrees: checkpoint of ${r.path} failed: ${(err as Error).message}`),
    );
    return p;
  }

  async diff(o: {
    record: WorktreeRecord;
    turn: DiffTurn;
    page?: number;
    /** 'page': count the lines of the page's files only (the rest by diffCounts, later). */
    counts?: 'page' | 'all';
  }): Promise<WorktreeDiff> {
    const r = o.record;
    // In no queue: the header's status re-reads and a checkpoint would hold the view up for
    // seconds on a big worktree; its snapshot is shared with theirs (checkpoint.ts).
    const read = (async () => {
      // The status the header shows is re-read on every change; reading it again here would cost
      // four more git runs per page. A first look (nothing read yet) reads it.
      const seen = this.statuses.get(r.id)?.status;
      const st = seen && !seen.missing && existsSync(r.path) ? seen : await worktreeStatus(r);
      if (st.missing) throw missing(r);
      const checkpoints = await listCheckpoints({ dir: r.path, id: r.id });
      const range = await this.rangeOf(r, checkpoints, o.turn);
      const diff = await diffPage({
        dir: r.path,
        from: range.from,
        to: range.to,
        page: o.page,
        counts: o.counts,
      });
      return {
        worktree: this.view(r, st, Math.max(0, checkpoints.length - 1)),
        turns: checkpoints.filter((c) => c.turn > 0).map((c) => ({ turn: c.turn, at: c.at })),
        range: { turn: o.turn, ...range },
        diff,
      };
    })();
    // A view of the files as they are now: the header's reading follows it, so the chip never
    // says clean beside a list of changed files (a change the idle timer has not seen yet).
    if (o.turn === 'all' || o.turn === 'current')
      void read.then(
        () => this.refresh(r),
        () => undefined,
      );
    return read;
  }

  /**
   * Which files the live range (everything, or the turn in progress) holds, from stat data alone:
   * what the Changes view lists while the diff's snapshot hashes files rewritten just before the
   * click (seconds for thousands of them). No queue, no snapshot: read only.
   */
  async quickList(o: { record: WorktreeRecord; turn: 'all' | 'current' }): Promise<QuickFile[]> {
    const r = o.record;
    if (!existsSync(r.path)) throw missing(r);
    let from: string;
    if (o.turn === 'all') from = await this.forkPoint(r);
    else {
      const last = (await listCheckpoints({ dir: r.path, id: r.id })).at(-1);
      if (!last) throw new WorktreeError('not-found', `${r.branch} has no checkpoint yet`);
      from = last.commit;
    }
    return quickList({ dir: r.path, from });
  }

  /**
   * Every file's line counts of a range a diff answered (its `from` and `to` object ids): what
   * the Changes view fills in after it has drawn the list. No queue: it only reads objects.
   */
  async counts(o: { record: WorktreeRecord; from: string; to: string }): Promise<FileCounts[]> {
    if (!existsSync(o.record.path)) throw missing(o.record);
    const files = await diffCounts({ dir: o.record.path, from: o.from, to: o.to });
    return files.map((f) => ({ path: f.path, added: f.added, removed: f.removed, binary: f.binary }));
  }

  private async rangeOf(
    r: WorktreeRecord,
    checkpoints: Checkpoint[],
    turn: DiffTurn,
  ): Promise<{ from: string; to: string; label: string }> {
    if (turn === 'all') {
      const from = await this.forkPoint(r);
      return { from, to: await snapshotTree(r.path), label: `everything since ${r.base}` };
    }
    if (turn === 'current') {
      const last = checkpoints.at(-1);
      if (!last) throw new WorktreeError('not-found', `${r.branch} has no checkpoint yet`);
      return { from: last.commit, to: await snapshotTree(r.path), label: `since turn ${last.turn}` };
    }
    const at = checkpoints.find((c) => c.turn === turn);
    const before = checkpoints.filter((c) => c.turn < turn).at(-1);
    const last = checkpoints.at(-1)?.turn ?? 0;
    if (!at || !before || turn < 1)
      throw new WorktreeError(
        'not-found',
        last === 0
          ? `${r.branch} has no finished turn yet`
          : `no turn ${turn}: ${r.branch} has turns 1..${last}`,
      );
    return { from: before.commit, to: at.commit, label: `turn ${turn}` };
  }

  /**
   * Where the worktree's branch left its base: one rev-parse for both commits, and the merge-base
   * of a pair of commit ids, which never changes, kept (a reopened view runs no merge-base).
   */
  private async forkPoint(r: WorktreeRecord): Promise<string> {
    const both = await git({ cwd: r.path, args: ['rev-parse', 'HEAD', `refs/heads/${r.base}`] });
    const [head, base] = both.stdout.split('\n').map((l) => l.trim());
    const ids = both.code === 0 && head && base ? [base, head] : [await baseRev(r), 'HEAD'];
    const key = ids.join(' ');
    const seen = both.code === 0 ? this.forks.get(key) : undefined;
    if (seen) return seen;
    const from = (await gitOut({ cwd: r.path, args: ['merge-base', ...ids], what: 'find the base' })).trim();
    if (both.code === 0) {
      if (this.forks.size >= 256) this.forks.clear();
      this.forks.set(key, from);
    }
    return from;
  }

  forget(r: WorktreeRecord): void {
    this.registry.remove(r.id);
    this.statuses.delete(r.id);
    this.idleKeys.delete(r.id);
    this.chains.delete(r.id);
    this.o.bus.workspaceChanged();
  }
}
