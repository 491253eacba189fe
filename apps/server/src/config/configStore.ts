// The config in force, one per config file per process. Every reader asks `configStore(file)
// .current()`: the file is stat'ed and read again only when it changed, so an edit applies at the
// next read, and a text that does not parse keeps the last good config in force (with the syntax
// error as `problem`, for `rozi config status`, the banner and Settings). `watch()` makes the store
// notice a save by itself (its folder is watched: editors replace the file by rename), so its
// listeners hear of it without waiting for a reader; status/configWatcher.ts turns that into the
// `config-reloaded` event. The writes are configEdit.ts.
import { mkdirSync, readFileSync, statSync, watch as watchDir, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { loadConfigText, type ConfigDiagnostic, type ConfigRoot, type LoadedConfig } from './configLoad';

export interface ConfigSnapshot {
  file: string;
  /** Whether config.toml exists now. */
  exists: boolean;
  /** The text in force: the last one that parsed ('' when there never was one). */
  text: string;
  root: ConfigRoot;
  /** The check of the text in force (unknown keys, keys with no web meaning, …). */
  loaded: LoadedConfig;
  /** Why the file on disk is not the config in force (it does not parse or cannot be read). */
  problem: ConfigDiagnostic | null;
  /** Grows by one each time a new text comes into force. */
  generation: number;
}

type Stamp = string;

/** Saves closer together than this are read once. */
export const CONFIG_RELOAD_DEBOUNCE_MS = 150;

/**
 * How long an empty file must stay empty before it replaces a config that had text. A save that
 * writes in place (`>` in a shell, an editor without rename, writeFileSync) truncates first and
 * writes after: a read in between sees an empty file, which parses, and would put the built-ins in
 * force and make them "the last good" config if the text then written does not parse. A writer
 * stalled between the two (a GC pause, a loaded machine) can outlast the debounce.
 */
export const CONFIG_EMPTY_SETTLE_MS = 500;

function stampOf(file: string): Stamp | null {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    return `error:${code ?? 'unknown'}`;
  }
}

/** The file's text, or null when it does not exist. Throws on any other read error. */
export function readConfigFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

export class ConfigStore {
  private snapshot: ConfigSnapshot;
  private stamp: Stamp | null | undefined = undefined;
  private readonly listeners = new Set<(s: ConfigSnapshot) => void>();
  private watcher: FSWatcher | null = null;
  private watchers = 0;
  private timer: NodeJS.Timeout | null = null;
  /** An empty file seen over a config with text: since when, and the timer that looks again. */
  private emptySeen: { stamp: Stamp | null; at: number; timer: NodeJS.Timeout } | null = null;

  constructor(readonly file: string) {
    this.snapshot = {
      file,
      exists: false,
      text: '',
      root: {},
      loaded: loadConfigText({ file, text: '' }),
      problem: null,
      generation: 0,
    };
  }

  /** The config in force, read again first if the file changed since the last read. */
  current(): ConfigSnapshot {
    const stamp = stampOf(this.file);
    if (stamp !== this.stamp) this.read(stamp);
    return this.snapshot;
  }

  /** Reads the file now, whatever its stamp says (after a write of our own, in tests). */
  reload(): ConfigSnapshot {
    this.read(stampOf(this.file));
    return this.snapshot;
  }

  /** Called with each new snapshot (a new text in force, or a new problem). */
  onChange(fn: (s: ConfigSnapshot) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /**
   * Watches the file's folder until the returned function is called (counted: the last caller's
   * stop closes the watch): a save is read after CONFIG_RELOAD_DEBOUNCE_MS and `onChange`
   * listeners hear of it. A folder that cannot be created or watched means no watching; readers
   * still see every save at their next read.
   */
  watch(): () => void {
    if (this.watchers++ === 0) this.openWatch();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      if (--this.watchers > 0) return;
      this.watcher?.close();
      this.watcher = null;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      if (this.emptySeen) clearTimeout(this.emptySeen.timer);
      this.emptySeen = null;
    };
  }

  private openWatch(): void {
    try {
      // A first config.toml written while the server runs must be seen too: the folder has to
      // exist to be watched.
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      this.watcher = watchDir(dirname(this.file), (_event, name) => {
        if (name === null || name === basename(this.file)) this.schedule();
      });
      this.watcher.on('error', () => undefined);
      this.watcher.unref();
    } catch {
      this.watcher = null;
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current();
    }, CONFIG_RELOAD_DEBOUNCE_MS);
    this.timer.unref();
  }

  private read(stamp: Stamp | null): void {
    let text: string | null;
    try {
      text = readConfigFile(this.file);
    } catch (err) {
      this.stamp = stamp;
      this.setProblem({
        kind: 'syntax',
        key: '',
        message: `cannot read the file: ${(err as Error).message.split('\n')[0]}`,
        file: this.file,
        line: null,
        column: null,
      });
      return;
    }
    if (text === '' && this.snapshot.text !== '' && !this.emptyHasSettled(stamp)) return;
    if (text !== '' && this.emptySeen) {
      clearTimeout(this.emptySeen.timer);
      this.emptySeen = null;
    }
    this.stamp = stamp;
    const loaded = loadConfigText({ file: this.file, text: text ?? '' });
    if (!loaded.root) {
      this.setProblem(loaded.diagnostics[0] ?? null);
      return;
    }
    const prev = this.snapshot;
    if (prev.generation > 0 && prev.text === (text ?? '') && prev.exists === (text !== null) && !prev.problem)
      return;
    this.snapshot = {
      file: this.file,
      exists: text !== null,
      text: text ?? '',
      root: loaded.root,
      loaded,
      problem: null,
      generation: prev.generation + 1,
    };
    this.emit();
  }

  /**
   * Whether an empty file (with this stamp) has stayed so for CONFIG_EMPTY_SETTLE_MS. Until then
   * the config in force stays, the stamp is not taken (every reader looks again) and a timer
   * looks once the time is up.
   */
  private emptyHasSettled(stamp: Stamp | null): boolean {
    const now = Date.now();
    if (this.emptySeen && this.emptySeen.stamp === stamp) {
      if (now - this.emptySeen.at >= CONFIG_EMPTY_SETTLE_MS) {
        clearTimeout(this.emptySeen.timer);
        this.emptySeen = null;
        return true;
      }
      return false;
    }
    if (this.emptySeen) clearTimeout(this.emptySeen.timer);
    const timer = setTimeout(() => this.current(), CONFIG_EMPTY_SETTLE_MS + 10);
    timer.unref();
    this.emptySeen = { stamp, at: now, timer };
    return false;
  }

  private setProblem(problem: ConfigDiagnostic | null): void {
    const prev = this.snapshot;
    if (prev.problem?.message === problem?.message && prev.problem?.line === problem?.line) return;
    this.snapshot = { ...prev, exists: true, problem };
    this.emit();
  }

  private emit(): void {
    for (const fn of this.listeners) {
      try {
        fn(this.snapshot);
      } catch {
        // A listener's failure is its own; the others still hear of the change.
      }
    }
  }
}

const stores = new Map<string, ConfigStore>();

/** The one store of `file` in this process (the server, the CLI and tests share the code path). */
export function configStore(file: string): ConfigStore {
  let s = stores.get(file);
  if (!s) {
    s = new ConfigStore(file);
    stores.set(file, s);
  }
  return s;
}
