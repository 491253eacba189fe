// Where profiles live (profiles.md, project-profiles.md): named profiles in
// `<configDir>/profiles/<name>.toml`, and a project's own in `.rozi/profiles/<name>.toml` of its
// directory or any directory above it (up to the user's home or the filesystem root). A project
// profile is only ever used when someone names it or picks it: finding one never launches it.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { writeFileAtomic } from '../persist/atomicWrite';
import { RoziError } from '../session/errors';
import {
  profileNameProblem,
  readProfile,
  writeProfile,
  type Profile,
  type ProfileReading,
} from './profileModel';

export type ProfileSource = 'user' | 'project';

export interface ProfileEntry {
  name: string;
  path: string;
  source: ProfileSource;
}

export const PROJECT_PROFILE_DIR = join('.rozi', 'profiles');
/** A profile file larger than this is refused unread (a profile is a few KB). */
export const MAX_PROFILE_BYTES = 256 * 1024;

export function userProfileDir(configDir: string): string {
  return join(configDir, 'profiles');
}

function tomlNames(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.toml') && profileNameProblem(f.slice(0, -5)) === null)
      .map((f) => f.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

/** The project profile directories from `dir` upward, nearest first (stops at home or /). */
export function projectProfileDirs(dir: string, home: string): string[] {
  const out: string[] = [];
  let at = resolve(dir);
  for (let i = 0; i < 64; i++) {
    const candidate = join(at, PROJECT_PROFILE_DIR);
    if (isDir(candidate)) out.push(candidate);
    if (at === home || at === dirname(at)) break;
    at = dirname(at);
  }
  return out;
}

function isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Every profile a person may launch from `dir`: the project's (nearest wins) before the user's. */
export function listProfiles(o: { configDir: string; home: string; dir?: string | null }): ProfileEntry[] {
  const out: ProfileEntry[] = [];
  const seen = new Set<string>();
  const add = (dir: string, source: ProfileSource) => {
    for (const name of tomlNames(dir)) {
      const key = `${source}:${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ name, path: join(dir, `${name}.toml`), source });
    }
  };
  if (o.dir) for (const d of projectProfileDirs(o.dir, o.home)) add(d, 'project');
  add(userProfileDir(o.configDir), 'user');
  return out;
}

/**
 * The file `ref` names: a path (with a slash or ending .toml; relative to `dir`), else a project
 * profile found from `dir`, else the user's named profile. One-line error when none exists.
 */
export function findProfile(
  ref: string,
  o: { configDir: string; home: string; dir?: string | null },
): ProfileEntry {
  if (ref.includes('/') || ref.endsWith('.toml')) {
    const path = isAbsolute(ref)
      ? ref
      : resolve(o.dir ?? o.home, ref.startsWith(`~${sep}`) ? join(o.home, ref.slice(2)) : ref);
    if (!isFile(path)) throw new RoziError('not-found', `no profile file ${path}`);
    const base = path.split(sep).pop() ?? path;
    return { name: base.replace(/\.toml$/, ''), path, source: 'project' };
  }
  const problem = profileNameProblem(ref);
  if (problem) throw new RoziError('invalid', problem);
  const hit = listProfiles(o).find((e) => e.name === ref);
  if (!hit)
    throw new RoziError(
      'not-found',
      `no profile named '${ref}' (looked in ${userProfileDir(o.configDir)}${o.dir ? ` and ${PROJECT_PROFILE_DIR} above ${o.dir}` : ''})`,
    );
  return hit;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Reads and checks a profile file; unreadable or too large is one problem and no profile. */
export function loadProfileFile(path: string): ProfileReading {
  try {
    const size = statSync(path).size;
    if (size > MAX_PROFILE_BYTES)
      return {
        profile: null,
        problems: [`${path} is ${size} bytes; a profile may hold at most ${MAX_PROFILE_BYTES}`],
      };
    return readProfile(readFileSync(path, 'utf8'));
  } catch (err) {
    return {
      profile: null,
      problems: [`cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`],
    };
  }
}

/** Writes `<configDir>/profiles/<name>.toml` (0600, atomic); refuses to overwrite unless `force`. */
export function saveUserProfile(o: {
  configDir: string;
  name: string;
  profile: Profile;
  force: boolean;
}): string {
  const problem = profileNameProblem(o.name);
  if (problem) throw new RoziError('invalid', problem);
  const dir = userProfileDir(o.configDir);
  const path = join(dir, `${o.name}.toml`);
  if (!o.force && isFile(path))
    throw new RoziError(
      'conflict',
      `profile '${o.name}' exists (${path}); save again with --force to overwrite`,
    );
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileAtomic(path, writeProfile(o.profile), { mode: 0o600 });
  return path;
}

export function deleteUserProfile(o: { configDir: string; name: string }): string {
  const problem = profileNameProblem(o.name);
  if (problem) throw new RoziError('invalid', problem);
  const path = join(userProfileDir(o.configDir), `${o.name}.toml`);
  if (!isFile(path))
    throw new RoziError('not-found', `no profile named '${o.name}' in ${userProfileDir(o.configDir)}`);
  rmSync(path);
  return path;
}
