// config.toml hot reload for detection: the config directory is watched (editors replace the file
// by rename, so the file itself cannot be watched), changes are debounced, and the definitions
// are loaded again. A file that does not parse keeps the last good definitions: its warnings are
// logged and kept for the CLI and UI, and detection goes on with what worked.
import { mkdirSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { DefinitionSet, DefinitionWarning } from '@rozi/detect';

export const CONFIG_RELOAD_DEBOUNCE_MS = 150;

export interface ConfigWatcherOptions {
  configFile: string;
  load(): Promise<DefinitionSet>;
  /** New good definitions. */
  apply(set: DefinitionSet): void;
  /** The file was read; `kept` = it did not parse and the last good definitions stay. */
  reported(o: { warnings: readonly DefinitionWarning[]; kept: boolean }): void;
}

/** Whether a freshly loaded set must be refused in favour of the last good one. */
export function brokenConfig(set: DefinitionSet, configFile: string): boolean {
  return set.warnings.some(
    (w) => w.code === 'toml-syntax' && (w.file === undefined || w.file === configFile),
  );
}

export class ConfigWatcher {
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly o: ConfigWatcherOptions) {}

  start(): void {
    try {
      // A first config.toml written while the server runs must be seen too: the directory has
      // to exist to be watched.
      mkdirSync(dirname(this.o.configFile), { recursive: true, mode: 0o700 });
      this.watcher = watch(dirname(this.o.configFile), (_event, name) => {
        if (name === null || name === basename(this.o.configFile)) this.schedule();
      });
      this.watcher.unref();
    } catch {
      // The config directory cannot be created or watched: no hot reload (logged nowhere: the
      // definitions loaded at start stay).
    }
  }

  stop(): void {
    this.watcher?.close();
    if (this.timer) clearTimeout(this.timer);
  }

  /** Loads now (after the debounce); resolves when that load is applied. */
  reloadNow(): Promise<void> {
    this.running = this.running.then(async () => {
      const set = await this.o.load();
      const kept = brokenConfig(set, this.o.configFile);
      if (!kept) this.o.apply(set);
      this.o.reported({ warnings: set.warnings, kept });
    });
    return this.running;
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.reloadNow().catch(() => undefined);
    }, CONFIG_RELOAD_DEBOUNCE_MS);
    this.timer.unref();
  }
}
