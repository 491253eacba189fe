// The Files and Git sidebar tabs' server side (sidebar.md, Built-in Tabs; issue 20 item 5): roots
// from the focused pane's live directory, one directory level per request (listDir.ts), git state
// from the real git (gitState.ts), opening a file (Enter / click) and the watches the page leases
// (dirWatch.ts). A call names a pane; a pane on a remote host is answered by that host
// (remote/routing.ts routes a remote `key`), so listings come from where the pane runs.
import { realpath, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Pane } from '../session/pane';
import type { SessionManager } from '../session/manager';
import { RoziError } from '../session/errors';
import { readBuiltinTabs, type BuiltinTabs, type FileTabOptions } from './builtinTabs';
import { DirWatch } from './dirWatch';
import { GitStateCache } from './gitCache';
import { NO_REPO, repoOf, type GitState } from './gitState';
import { cleanRel, listDirectory, resolveInside, type DirListing } from './listDir';

export type FileView = 'files' | 'git';

export interface FileServiceOptions {
  manager: SessionManager;
  /** config.toml's parsed root, as last read (config/configStore.ts). */
  configRoot(): Record<string, unknown>;
  /** An extension link handler for a file (extensions.openLink); handled false when none matches. */
  openLink(file: string): { handled: boolean; command: string | null };
  /** The shell `run` commands go through. */
  shell: string;
}

export interface TreeRoot {
  /** The directory the tree shows (the pane's cwd, or its repository's top for `root = "repo"`). */
  root: string;
  /** The pane's live directory. */
  cwd: string;
  /** The repository containing cwd, or null. */
  repo: string | null;
}

export class FileService {
  readonly watch: DirWatch;
  /** git state per repository, reused until its index/HEAD or a watched directory changes. */
  readonly gitCache = new GitStateCache();
  private readonly repoCache = new Map<string, { at: number; repo: string | null; gitDir: string | null }>();

  constructor(private readonly o: FileServiceOptions) {
    this.watch = new DirWatch({
      onChange: (dirs) => {
        this.gitCache.invalidate(dirs);
        o.manager.bus.emit({ type: 'files-changed', dirs });
      },
    });
  }

  tabs(): BuiltinTabs {
    return readBuiltinTabs(this.o.configRoot());
  }

  private options(view: FileView): FileTabOptions {
    return this.tabs()[view];
  }

  /** The repository of a directory, remembered for 2 s (a page asks list and git together). */
  private async repo(dir: string): Promise<{ repo: string | null; gitDir: string | null }> {
    const hit = this.repoCache.get(dir);
    if (hit && Date.now() - hit.at < 2000) return hit;
    const r = await repoOf(dir);
    if (this.repoCache.size > 256) this.repoCache.clear();
    this.repoCache.set(dir, { at: Date.now(), ...r });
    return r;
  }

  async rootOf(pane: Pane, view: FileView): Promise<TreeRoot> {
    const live = this.o.manager.liveCwd(pane);
    let cwd: string;
    try {
      cwd = await realpath(live);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new RoziError(
        code === 'ENOENT' ? 'not-found' : 'invalid',
        code === 'EACCES' ? `no permission to read ${live}` : `pane ${pane.id}'s directory ${live} is gone`,
      );
    }
    const { repo } = await this.repo(cwd);
    const wantRepo = this.options(view).root === 'repo';
    return { root: wantRepo && repo ? repo : cwd, cwd, repo };
  }

  async list(o: { pane: Pane; view: FileView; rel: string }): Promise<DirListing & TreeRoot> {
    const opts = this.options(o.view);
    const root = await this.rootOf(o.pane, o.view);
    const listing = await listDirectory({
      realRoot: root.root,
      rel: o.rel,
      maxEntries: opts.maxEntries,
      showHidden: opts.showHidden,
    });
    return { ...root, ...listing };
  }

  async git(o: { pane: Pane; view: FileView }): Promise<GitState & TreeRoot & { diffStats: boolean }> {
    const root = await this.rootOf(o.pane, o.view);
    const diffStats = this.options(o.view).diffStats;
    const where = await this.repo(root.cwd);
    const state = where.repo
      ? await this.gitCache.get({ repo: where.repo, gitDir: where.gitDir }, { diffStats })
      : NO_REPO;
    return { ...state, ...root, diffStats };
  }

  /** Keeps watching the expanded directories (and the git directory) of a page's tab for a while. */
  async lease(o: {
    pane: Pane;
    view: FileView;
    rels: string[];
    git: boolean;
  }): Promise<{ watching: number; full: boolean }> {
    const root = await this.rootOf(o.pane, o.view);
    const dirs: string[] = [];
    for (const rel of o.rels.slice(0, 512)) {
      try {
        dirs.push(await resolveInside({ realRoot: root.root, rel }));
      } catch {
        // gone or refused since it was expanded: nothing to watch
      }
    }
    if (o.git) {
      const { gitDir } = await this.repo(root.cwd);
      if (gitDir) dirs.push(gitDir);
    }
    return this.watch.lease(dirs);
  }

  /**
   * Enter or a click on a file (sidebar.md, File tree tabs): `send` types the path at the pane's
   * prompt; `run` opens the command in a new pane with the path as $ROZI_FILE (never spliced into
   * the command); the default opens it through an extension's link handler, else in $EDITOR.
   */
  async open(o: { pane: Pane; view: FileView; rel: string }): Promise<{
    how: 'send' | 'run' | 'link-handler';
    path: string;
    pane: number | null;
    command: string | null;
  }> {
    const rel = cleanRel(o.rel);
    if (rel === '') throw new RoziError('invalid', "the tree's root is a directory, not a file");
    const root = await this.rootOf(o.pane, o.view);
    const real = await resolveInside({ realRoot: root.root, rel });
    const st = await stat(real);
    if (st.isDirectory()) throw new RoziError('invalid', `${rel} is a directory; only files open`);
    const path = join(root.root, rel);
    const click = this.options(o.view).onClick;
    if (click.kind === 'send') {
      if (o.pane.exited)
        throw new RoziError('conflict', `pane ${o.pane.id} has exited; nothing reads its input`);
      o.pane.write(click.text.replaceAll('{path}', path));
      return { how: 'send', path, pane: o.pane.id, command: null };
    }
    if (click.kind === 'open') {
      const h = this.o.openLink(path);
      if (h.handled) return { how: 'link-handler', path, pane: null, command: h.command };
    }
    const command = click.kind === 'run' ? click.command : 'exec ${VISUAL:-${EDITOR:-vi}} "$ROZI_FILE"';
    // env(1) puts the path in the environment as one value: no shell ever parses it.
    const pane = this.o.manager.split(o.pane, {
      direction: 'auto',
      launch: {
        argv: ['env', `ROZI_FILE=${path}`, this.o.shell, '-c', command],
        cwd: root.root,
        title: basename(path),
      },
      focus: true,
    });
    return { how: 'run', path, pane: pane.id, command };
  }

  stop(): void {
    this.watch.stop();
  }
}
