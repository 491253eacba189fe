// What the server keeps of its sessions across restarts, as config.toml's [session] says
// (config/sessionSettings.ts): the resurrection snapshot + pane histories (`resurrect`), the
// layout-only autosave file written on a clean stop (`autosave`, `path`), and what the server
// opens at start (`startup`). runServer calls start() once, finalSave() first on shutdown and
// closeHistories() later.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse, stringify } from 'smol-toml';
import { readSessionSettings, type SessionSettings } from '../config/sessionSettings';
import type { EventBus } from '../events/bus';
import type { ProfileService } from '../profiles/profileService';
import type { SessionManager } from '../session/manager';
import { writeFileAtomic } from './atomicWrite';
import { HistoryWriter, historyDir } from './history';
import { restoreSnapshot, type ResumeArgv } from './restore';
import {
  loadSnapshot,
  SnapshotWriter,
  takeSnapshot,
  validateSnapshot,
  type ResumeLookup,
  type SnapshotData,
} from './snapshot';

export interface PersistenceOptions {
  manager: SessionManager;
  bus: EventBus;
  paths: { configFile: string; stateDir: string; snapshotFile: string };
  home: string;
  profiles: ProfileService;
  /** A host endpoint starts empty: its client creates the sessions it wants there. */
  headless: boolean;
  log(line: string): void;
  resumeArgv: ResumeArgv;
  resumeOf: ResumeLookup;
}

export interface Persistence {
  settings: SessionSettings;
  /** On shutdown, while /proc still shows every cwd: the last snapshot and the autosave file. */
  finalSave(): void;
  closeHistories(): void;
}

export async function startPersistence(o: PersistenceOptions): Promise<Persistence> {
  const settings = readSessionSettings({
    configFile: o.paths.configFile,
    stateDir: o.paths.stateDir,
    home: o.home,
  });
  for (const w of settings.warnings) o.log(`warning: ${w}`);
  const { manager } = o;
  if (settings.resurrect) {
    const data = loadSnapshot(o.paths.snapshotFile, o.log);
    if (data) {
      const n = restoreSnapshot({
        manager,
        data,
        home: o.home,
        historyDir: historyDir(o.paths.stateDir),
        log: o.log,
        resumeArgv: o.resumeArgv,
      });
      o.log(`restored ${data.sessions.length} session(s), ${n} pane(s) from the snapshot`);
    }
  } else o.log(`[session] resurrect = false: no session snapshot is restored or written`);
  if (settings.autosave && manager.sessions.size === 0) {
    const data = readAutosave(settings.path, o.log);
    if (data) {
      const n = restoreSnapshot({ manager, data, home: o.home, log: o.log, resumeArgv: o.resumeArgv });
      o.log(
        `restored ${data.sessions.length} session(s), ${n} pane(s) from the autosaved layout ${settings.path}`,
      );
    }
  }
  if (!o.headless && settings.startup === 'profile') await startDefaultProfile(o);
  // The first session is seeded from [profile] default like any session opened without a recipe.
  if (manager.sessions.size === 0 && !o.headless) await o.profiles.createSeeded({ launch: {} });

  const snapshots = settings.resurrect
    ? new SnapshotWriter({
        manager,
        bus: o.bus,
        file: o.paths.snapshotFile,
        log: o.log,
        resumeOf: o.resumeOf,
      })
    : null;
  const histories = settings.resurrect
    ? new HistoryWriter({ manager, dir: historyDir(o.paths.stateDir), log: o.log })
    : null;
  snapshots?.markDirty();
  return {
    settings,
    finalSave() {
      snapshots?.close();
      if (settings.autosave) writeAutosave({ manager, file: settings.path, log: o.log });
    },
    closeHistories: () => histories?.close(),
  };
}

/** `startup = "profile"`: the `[profile] default` session, started unless it already runs. */
async function startDefaultProfile(o: PersistenceOptions): Promise<void> {
  const name = o.profiles.defaultName();
  if (!name) {
    o.log(
      'warning: [session] startup = "profile" but [profile] default names no profile; starting as "picker"',
    );
    return;
  }
  if (o.manager.sessions.has(name)) return;
  try {
    const r = await o.profiles.launch({ ref: name });
    for (const p of r.problems) o.log(`warning: profile ${name}: ${p}`);
    o.log(`[session] startup = "profile": started session ${r.session} from profile ${name}`);
  } catch (err) {
    o.log(
      `warning: [session] startup = "profile": profile ${name} did not start (${err instanceof Error ? err.message : String(err)}); starting as "picker"`,
    );
  }
}

/** TOML has no null: absent fields read back as "none" (restore treats both alike). */
function withoutNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutNulls);
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== null && x !== undefined)
      .map(([k, x]) => [k, withoutNulls(x)]),
  );
}

/** The layout only: sessions, workspaces, splits, floats, each pane's cwd and command. */
function writeAutosave(o: { manager: SessionManager; file: string; log(line: string): void }): void {
  try {
    const data = takeSnapshot(o.manager);
    mkdirSync(dirname(o.file), { recursive: true, mode: 0o700 });
    writeFileAtomic(
      o.file,
      `# rozi web's autosaved layout ([session] autosave), written when the server stopped.\n${stringify(withoutNulls(data))}\n`,
    );
    o.log(`autosaved the layout of ${data.sessions.length} session(s) to ${o.file}`);
  } catch (err) {
    o.log(
      `warning: could not autosave the layout to ${o.file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

/** The autosave file, or null: missing is silent, unreadable is one warning and the file stays. */
function readAutosave(file: string, log: (line: string) => void): SnapshotData | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const data = parse(text) as unknown;
    const problems = validateSnapshot(data);
    if (problems.length === 0) return data as SnapshotData;
    log(`warning: the autosaved layout ${file} was not restored: ${problems.slice(0, 3).join('; ')}`);
  } catch (err) {
    log(
      `warning: the autosaved layout ${file} was not restored: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  }
  return null;
}
