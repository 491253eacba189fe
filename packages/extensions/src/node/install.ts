// Installing and managing extensions (issue 7): install from a git URL or a directory (or --link
// a checkout), remove [--purge], enable, disable, update. Nothing the repository holds runs
// (installGit.ts). An install is staged in a temporary directory inside the extensions directory
// and renamed into place only once the manifest validated, so a failed install leaves nothing.
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ExtensionManifest } from '../manifest/model';
import { takeSnapshotSync } from './snapshot';
import { diffContributions, type ContributionDiff } from './installDiff';
import { childLedger } from './childLedger';
import { cloneAt, DEFAULT_INSTALL_LIMITS, GitError, measureTree, type InstallLimits } from './installGit';
import { findEscapingLink } from './installLinks';
import { fileUrlOf, resolveInstallSource } from './installSource';
import { extensionLogDir, removeLogs } from './logs';
import { checkExtensionDir, digestMismatch } from './registryLoad';
import { findEntry, readRegistry, updateRegistry, type InstallSource, type RegistryEntry } from './registry';
import { ensureStateDir, purgeStateDir } from './state';

export type InstallErrorCode =
  | 'bad-source'
  | 'git-failed'
  | 'timeout'
  | 'too-large'
  | 'invalid-manifest'
  | 'unsafe-link'
  | 'already-installed'
  | 'not-installed'
  | 'not-updatable';

export class InstallError extends Error {
  constructor(
    readonly code: InstallErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'InstallError';
  }
}

export interface ExtensionDirs {
  extensionsDir: string;
  /** Root of state (extension state dirs live in <stateRoot>/extensions/<id>). */
  stateRoot: string;
  /** Root of logs (extension logs live in <logRoot>/extensions/<id>). */
  logRoot: string;
}

export interface InstallOptions {
  dirs: ExtensionDirs;
  source: string;
  link?: boolean;
  ref?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  limits?: InstallLimits;
}

export interface InstallOutcome {
  entry: RegistryEntry;
  manifest: ExtensionManifest;
  /** Non-empty when the extension installed but will load as incompatible. */
  warning: string | undefined;
}

const STAGING_PREFIX = '.staging-';

/** Staging directories of installs and updates running in this process. */
const stagesInFlight = new Set<string>();

function stagingDir(extensionsDir: string): string {
  mkdirSync(extensionsDir, { recursive: true });
  const stage = join(extensionsDir, `${STAGING_PREFIX}${randomBytes(6).toString('hex')}`);
  stagesInFlight.add(stage);
  return stage;
}

function dropStage(stage: string): void {
  rmSync(stage, { recursive: true, force: true });
  stagesInFlight.delete(stage);
}

/**
 * For a process ending on a signal mid-install (Ctrl-C on `rozi extensions install`): git runs
 * in its own process group, so the terminal's SIGINT never reaches it and it would go on cloning
 * after the CLI is gone. Kills every process this one started and removes the half-made staging
 * directories, synchronously, before the caller exits.
 */
export function abandonInstallsNow(): void {
  childLedger.killAllNow();
  for (const stage of [...stagesInFlight]) dropStage(stage);
}

/** A link out of the tree would let the installed extension's files reach anything of the user's. */
function refuseEscapingLinks(dir: string): void {
  const link = findEscapingLink(dir);
  if (link)
    throw new InstallError(
      'unsafe-link',
      `${link.path} is a symbolic link to ${link.target}, outside the extension; nothing was installed`,
    );
}

/** Leftovers of installs interrupted by a crash; safe to delete at start. */
export function removeStaleStaging(extensionsDir: string): void {
  if (!existsSync(extensionsDir)) return;
  for (const name of readdirSync(extensionsDir)) {
    if (name.startsWith(STAGING_PREFIX) || name.startsWith('.trash-'))
      rmSync(join(extensionsDir, name), { recursive: true, force: true });
  }
}

function asInstallError(err: unknown): InstallError {
  if (err instanceof InstallError) return err;
  if (err instanceof GitError) return new InstallError(err.code, err.message);
  return new InstallError('git-failed', err instanceof Error ? err.message : String(err));
}

/** Fetches a source into dest (a path that does not exist yet). Returns the commit for git sources. */
/**
 * The content digest the registry records: the snapshot digest (snapshot.ts: the spec's
 * exclusions, links taken as the files they point to, never followed into directories, so a
 * link loop cannot spin), bounded by the install limits rather than the snapshot's so any
 * installable tree gets one. A linked checkout past those limits records that instead.
 */
function installDigest(dir: string, limits: InstallLimits): string {
  return (
    takeSnapshotSync(dir, { digest: true, maxBytes: limits.maxBytes, maxFiles: limits.maxFiles }).digest ??
    `unhashed: more than ${limits.maxFiles} files or ${limits.maxBytes / 1024 / 1024} MiB`
  );
}

async function fetchInto(
  source: InstallSource,
  dest: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; limits: InstallLimits },
): Promise<string | null> {
  if (source.kind === 'git')
    return cloneAt({
      url: source.url,
      dest,
      ref: source.ref,
      cwd: opts.cwd,
      env: opts.env,
      limits: opts.limits,
    });
  if (source.kind === 'dir') {
    const m = measureTree(source.path, opts.limits);
    if (m.bytes > opts.limits.maxBytes || m.files > opts.limits.maxFiles)
      throw new InstallError(
        'too-large',
        `${source.path} is larger than ${opts.limits.maxBytes / 1024 / 1024} MiB or ${opts.limits.maxFiles} files`,
      );
    // verbatimSymlinks: a relative link stays relative (cpSync would point it back into the source).
    cpSync(source.path, dest, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (src) => !/(^|\/)\.git$/.test(src),
    });
    return null;
  }
  throw new InstallError('not-updatable', 'a linked extension is its checkout; nothing to fetch');
}

/** The manifest of a fetched tree, or an install error; an incompatible one installs with a warning. */
function validated(dir: string): { manifest: ExtensionManifest; warning: string | undefined } {
  const { check, problem } = checkExtensionDir(dir);
  if (!check?.manifest) throw new InstallError('invalid-manifest', problem ?? 'invalid manifest');
  return { manifest: check.manifest, warning: problem };
}

export async function installExtension(opts: InstallOptions): Promise<InstallOutcome> {
  const { dirs } = opts;
  const cwd = opts.cwd ?? process.cwd();
  const env = opts.env ?? process.env;
  const limits = opts.limits ?? DEFAULT_INSTALL_LIMITS;
  if (opts.ref !== undefined && (opts.ref === '' || opts.ref.startsWith('-')))
    throw new InstallError('bad-source', `--ref '${opts.ref}' is not a branch, tag or commit`);
  const resolved = resolveInstallSource(opts.source, cwd);
  if (!resolved.ok) throw new InstallError('bad-source', resolved.message);
  const r = resolved.source;
  const now = new Date().toISOString();

  if (opts.link) {
    if (r.kind !== 'dir') throw new InstallError('bad-source', '--link needs a local directory');
    if (opts.ref !== undefined)
      throw new InstallError(
        'bad-source',
        '--link and --ref do not go together: a link is the checkout as it is',
      );
    const { manifest, warning } = validated(r.path);
    const id = manifest.extension.id;
    const target = join(dirs.extensionsDir, id);
    if (findEntry(readRegistry(dirs.extensionsDir).registry, id) || existsSync(target))
      throw new InstallError('already-installed', `${id} is already installed; remove it first`);
    mkdirSync(dirs.extensionsDir, { recursive: true });
    const tmp = `${target}.${randomBytes(4).toString('hex')}.link`;
    symlinkSync(r.path, tmp, 'dir');
    renameSync(tmp, target);
    const entry: RegistryEntry = {
      id,
      enabled: true,
      source: { kind: 'link', path: r.path },
      commit: null,
      digest: installDigest(r.path, limits),
      dir: target,
      installedAt: now,
      updatedAt: now,
    };
    try {
      updateRegistry(dirs.extensionsDir, (reg) => {
        // Checked again under the lock: another install of the same id may have finished meanwhile.
        if (findEntry(reg, id)) throw new InstallError('already-installed', `${id} is already installed`);
        reg.extensions.push(entry);
      });
    } catch (err) {
      unlinkSync(target);
      throw err;
    }
    ensureStateDir(dirs.stateRoot, id);
    return { entry, manifest, warning };
  }

  const source: InstallSource =
    r.kind === 'git'
      ? { kind: 'git', url: r.url, ref: opts.ref ?? null }
      : r.isRepository
        ? { kind: 'git', url: fileUrlOf(r.path), ref: opts.ref ?? null }
        : { kind: 'dir', path: r.path };
  if (source.kind === 'dir' && opts.ref !== undefined)
    throw new InstallError(
      'bad-source',
      `${r.kind === 'dir' ? r.path : ''} is not a git repository; --ref needs one`,
    );
  const stage = stagingDir(dirs.extensionsDir);
  try {
    const commit = await fetchInto(source, stage, { cwd, env, limits });
    refuseEscapingLinks(stage);
    const { manifest, warning } = validated(stage);
    const id = manifest.extension.id;
    const target = join(dirs.extensionsDir, id);
    if (findEntry(readRegistry(dirs.extensionsDir).registry, id) || existsSync(target))
      throw new InstallError(
        'already-installed',
        `${id} is already installed; use rozi extensions update ${id}`,
      );
    const entry: RegistryEntry = {
      id,
      enabled: true,
      source,
      commit,
      digest: installDigest(stage, limits),
      dir: target,
      installedAt: now,
      updatedAt: now,
    };
    renameSync(stage, target);
    try {
      updateRegistry(dirs.extensionsDir, (reg) => {
        // Checked again under the lock: another install of the same id may have finished meanwhile.
        if (findEntry(reg, id)) throw new InstallError('already-installed', `${id} is already installed`);
        reg.extensions.push(entry);
      });
    } catch (err) {
      rmSync(target, { recursive: true, force: true });
      throw err;
    }
    ensureStateDir(dirs.stateRoot, id);
    return { entry, manifest, warning };
  } catch (err) {
    throw asInstallError(err);
  } finally {
    dropStage(stage);
  }
}

function requireEntry(dirs: ExtensionDirs, id: string): RegistryEntry {
  const entry = findEntry(readRegistry(dirs.extensionsDir).registry, id);
  if (!entry)
    throw new InstallError('not-installed', `no extension '${id}' is installed (see rozi extensions list)`);
  return entry;
}

/** Removes files and logs; the state directory stays unless purge (spec: Keep state). A link removes only the link. */
export function removeExtension(opts: { dirs: ExtensionDirs; id: string; purge?: boolean }): RegistryEntry {
  const entry = requireEntry(opts.dirs, opts.id);
  updateRegistry(opts.dirs.extensionsDir, (reg) => {
    reg.extensions = reg.extensions.filter((e) => e.id !== opts.id);
  });
  const isLink = existsSync(entry.dir) && lstatSync(entry.dir).isSymbolicLink();
  if (isLink) unlinkSync(entry.dir);
  else if (entry.source.kind !== 'link') rmSync(entry.dir, { recursive: true, force: true });
  removeLogs(extensionLogDir(opts.dirs.logRoot, opts.id));
  if (opts.purge) purgeStateDir(opts.dirs.stateRoot, opts.id);
  return entry;
}

export function setEnabled(opts: { dirs: ExtensionDirs; id: string; enabled: boolean }): {
  entry: RegistryEntry;
  changed: boolean;
} {
  const entry = requireEntry(opts.dirs, opts.id);
  const changed = entry.enabled !== opts.enabled;
  if (changed) {
    updateRegistry(opts.dirs.extensionsDir, (reg) => {
      const e = findEntry(reg, opts.id);
      if (e) {
        e.enabled = opts.enabled;
        e.updatedAt = new Date().toISOString();
      }
    });
  }
  return { entry: { ...entry, enabled: opts.enabled }, changed };
}

export interface UpdatePlan {
  id: string;
  status: 'up-to-date' | 'updated' | 'would-update' | 'linked';
  commitFrom: string | null;
  commitTo: string | null;
  diff: ContributionDiff | undefined;
}

/**
 * Fetches the source again into a staging directory, validates it, computes the contribution
 * diff against what is installed, and (unless dryRun) swaps it into place. A linked extension is
 * reported as such: its checkout is already current.
 */
export async function updateExtension(opts: {
  dirs: ExtensionDirs;
  id: string;
  dryRun?: boolean;
  env?: NodeJS.ProcessEnv;
  limits?: InstallLimits;
}): Promise<UpdatePlan> {
  const { dirs, id } = opts;
  const entry = requireEntry(dirs, id);
  if (entry.source.kind === 'link')
    return { id, status: 'linked', commitFrom: null, commitTo: null, diff: undefined };
  const current = checkExtensionDir(entry.dir).check?.manifest;
  const stage = stagingDir(dirs.extensionsDir);
  try {
    const commit = await fetchInto(entry.source, stage, {
      cwd: dirs.extensionsDir,
      env: opts.env ?? process.env,
      limits: opts.limits ?? DEFAULT_INSTALL_LIMITS,
    });
    refuseEscapingLinks(stage);
    const next = validated(stage).manifest;
    if (next.extension.id !== id)
      throw new InstallError(
        'invalid-manifest',
        `the source now declares id '${next.extension.id}', not '${id}'`,
      );
    const digest = installDigest(stage, opts.limits ?? DEFAULT_INSTALL_LIMITS);
    const diff = current ? diffContributions(current, next) : undefined;
    // A copy edited since install is restored even when the source has not moved.
    if (digest === entry.digest && commit === entry.commit && digestMismatch(entry) === undefined)
      return { id, status: 'up-to-date', commitFrom: entry.commit, commitTo: commit, diff };
    if (opts.dryRun) return { id, status: 'would-update', commitFrom: entry.commit, commitTo: commit, diff };
    const trash = join(dirs.extensionsDir, `.trash-${randomBytes(6).toString('hex')}`);
    renameSync(entry.dir, trash);
    try {
      renameSync(stage, entry.dir);
    } catch (err) {
      renameSync(trash, entry.dir);
      throw err;
    }
    rmSync(trash, { recursive: true, force: true });
    updateRegistry(dirs.extensionsDir, (reg) => {
      const e = findEntry(reg, id);
      if (e) Object.assign(e, { commit, digest, updatedAt: new Date().toISOString() });
    });
    return { id, status: 'updated', commitFrom: entry.commit, commitTo: commit, diff };
  } catch (err) {
    throw asInstallError(err);
  } finally {
    dropStage(stage);
  }
}
