// Profiles as the procedures use them (profiles.md): list, capture (save-profile), launch into a
// new session, replace a live session, delete, and config.toml's `[profile] default`, which seeds
// every session opened without a recipe. Announces profile-saved / -loaded / -applied on the bus.
import { configStore } from '../config/configStore';
import { editConfigTable } from '../config/tableEdit';
import type { EventBus } from '../events/bus';
import { RoziError } from '../session/errors';
import type { LaunchRequest, SessionManager } from '../session/manager';
import type { Pane } from '../session/pane';
import type { Session } from '../session/sessionState';
import { captureSession } from './profileCapture';
import { launchNew, launchOver, type LaunchEnv } from './profileLaunch';
import { profileNameProblem, type Profile } from './profileModel';
import {
  deleteUserProfile,
  findProfile,
  listProfiles,
  loadProfileFile,
  saveUserProfile,
  type ProfileEntry,
} from './profileStore';

export interface ProfileServiceOptions {
  manager: SessionManager;
  bus: EventBus;
  configDir: string;
  configFile: string;
  home: string;
  pathVar: string | undefined;
  log: (line: string) => void;
}

export interface ProfileRow extends ProfileEntry {
  /** The canonical same-name session: attached/running here means it exists. */
  running: boolean;
  isDefault: boolean;
}

export interface LaunchReply {
  session: string;
  profile: string;
  path: string;
  panes: number;
  problems: string[];
}

export class ProfileService {
  constructor(private readonly o: ProfileServiceOptions) {}

  /** `[profile] default` as set in config.toml, or null. */
  defaultName(): string | null {
    const t = configStore(this.o.configFile).current().root.profile;
    const v = t !== null && typeof t === 'object' ? (t as Record<string, unknown>).default : undefined;
    return typeof v === 'string' && v.trim() ? v : null;
  }

  list(dir?: string | null): ProfileRow[] {
    const def = this.defaultName();
    return listProfiles({ ...this.where(dir) }).map((e) => ({
      ...e,
      running: this.o.manager.sessions.has(e.name),
      isDefault: e.source === 'user' && e.name === def,
    }));
  }

  save(o: { session: Session; name: string; force: boolean }): {
    profile: string;
    path: string;
    panes: number;
  } {
    const profile = captureSession(this.o.manager, o.session, { home: this.o.home, pathVar: this.o.pathVar });
    const path = saveUserProfile({ configDir: this.o.configDir, name: o.name, profile, force: o.force });
    this.o.bus.emit({ type: 'profile-saved', profile: o.name, path });
    const panes = profile.workspaces.reduce((n, w) => n + w.panes.length, 0);
    return { profile: o.name, path, panes };
  }

  /** A new session from profile `ref` (a name, or a path), named `name` (default: the profile's). */
  async launch(o: { ref: string; name?: string | null; dir?: string | null }): Promise<LaunchReply> {
    const { entry, profile, problems } = this.read(o.ref, o.dir);
    const name = o.name ?? entry.name;
    if (this.o.manager.sessions.has(name))
      throw new RoziError(
        'conflict',
        `a session named '${name}' is already running (rozi new NAME --profile ${entry.name})`,
      );
    const r = await launchNew(this.o.manager, { profile, name, env: this.env(o.dir) });
    this.o.bus.emit({ type: 'profile-loaded', profile: entry.name, path: entry.path, session: name });
    return {
      session: name,
      profile: entry.name,
      path: entry.path,
      panes: r.panes,
      problems: [...problems, ...r.problems],
    };
  }

  /** Replaces every pane of `session` with profile `ref`'s (rozi's Replace session with profile). */
  async apply(o: { session: Session; ref: string; dir?: string | null }): Promise<LaunchReply> {
    const { entry, profile, problems } = this.read(o.ref, o.dir);
    const r = await launchOver(this.o.manager, { profile, session: o.session, env: this.env(o.dir) });
    this.o.bus.emit({
      type: 'profile-applied',
      profile: entry.name,
      path: entry.path,
      session: o.session.name,
    });
    return {
      session: o.session.name,
      profile: entry.name,
      path: entry.path,
      panes: r.panes,
      problems: [...problems, ...r.problems],
    };
  }

  remove(name: string): { profile: string; path: string; clearedDefault: boolean } {
    const path = deleteUserProfile({ configDir: this.o.configDir, name });
    const clearedDefault = this.defaultName() === name;
    if (clearedDefault) this.setDefault(null);
    return { profile: name, path, clearedDefault };
  }

  /** Sets or clears `[profile] default` in config.toml (comments and other keys kept). */
  setDefault(name: string | null): { default: string | null } {
    if (name !== null) {
      const problem = profileNameProblem(name);
      if (problem) throw new RoziError('invalid', problem);
      findProfile(name, this.where(null));
    }
    editConfigTable(this.o.configFile, { table: ['profile'], set: { default: name } });
    configStore(this.o.configFile).current();
    return { default: name };
  }

  /**
   * A session opened without a recipe, seeded from `[profile] default` when it names a profile
   * that reads; else (unset, missing, unreadable) one pane as asked, with a warning line.
   */
  async createSeeded(o: {
    name?: string;
    folder?: string | null;
    launch: LaunchRequest;
  }): Promise<{ session: Session; pane: Pane; profile: string | null; warnings: string[] }> {
    const def = this.defaultName();
    const recipe = o.launch.command || o.launch.argv;
    if (def && !recipe) {
      try {
        const name = o.name ?? this.freeName();
        const r = await this.launch({ ref: def, name, dir: o.folder ?? null });
        const session = this.o.manager.session(r.session);
        const pane = session.focusedPane() ?? ([...session.panes.values()][0] as Pane);
        if (o.folder) this.o.manager.setFolder(session.name, o.folder);
        return { session, pane, profile: r.profile, warnings: r.problems.map((p) => `profile ${def}: ${p}`) };
      } catch (err) {
        if (err instanceof RoziError && err.code === 'conflict' && o.name) throw err;
        const warning = `[profile] default '${def}' not used: ${err instanceof Error ? err.message : String(err)}`;
        this.o.log(`warning: ${warning}`);
        const r = this.o.manager.createSession(o);
        return { ...r, profile: null, warnings: [warning] };
      }
    }
    return { ...this.o.manager.createSession(o), profile: null, warnings: [] };
  }

  private freeName(): string {
    const sessions = this.o.manager.sessions;
    if (!sessions.has('main')) return 'main';
    for (let i = 1; ; i++) if (!sessions.has(String(i))) return String(i);
  }

  private read(
    ref: string,
    dir?: string | null,
  ): { entry: ProfileEntry; profile: Profile; problems: string[] } {
    const entry = findProfile(ref, this.where(dir));
    const reading = loadProfileFile(entry.path);
    if (!reading.profile)
      throw new RoziError('invalid', `profile ${entry.path}: ${reading.problems.join('; ')}`);
    return { entry, profile: reading.profile, problems: reading.problems };
  }

  private where(dir: string | null | undefined): { configDir: string; home: string; dir: string | null } {
    return { configDir: this.o.configDir, home: this.o.home, dir: dir ?? null };
  }

  private env(dir: string | null | undefined): LaunchEnv {
    return { home: this.o.home, pathVar: this.o.pathVar, fallbackCwd: dir ?? this.o.home };
  }
}
