// config.toml hot reload for detection: the config store watches the file (config/configStore.ts)
// and tells of each new text or new problem; the definitions are then loaded again. A file that
// does not parse keeps the last good definitions: its warnings are logged and kept for the CLI and
// UI, and detection goes on with what worked.
import type { DefinitionSet, DefinitionWarning } from '@rozi/detect';
import { configStore } from '../config/configStore';

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
  private offs: Array<() => void> = [];
  private running: Promise<void> = Promise.resolve();

  constructor(private readonly o: ConfigWatcherOptions) {}

  start(): void {
    const store = configStore(this.o.configFile);
    store.current();
    this.offs.push(
      store.onChange(() => void this.reloadNow().catch(() => undefined)),
      store.watch(),
    );
  }

  stop(): void {
    for (const off of this.offs.splice(0)) off();
  }

  /** Loads now; resolves when that load is applied (loads run one after another). */
  reloadNow(): Promise<void> {
    this.running = this.running.then(async () => {
      const set = await this.o.load();
      const kept = brokenConfig(set, this.o.configFile);
      if (!kept) this.o.apply(set);
      this.o.reported({ warnings: set.warnings, kept });
    });
    return this.running;
  }
}
