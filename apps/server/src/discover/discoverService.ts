// What the Discover gallery needs from the server beyond the index: an entry's details read from
// its repository at the indexed commit (README, screenshots, the full check and "what it will
// run"), installs with progress events, and the update preview. Nothing here runs repository
// code: reads go through repoRead.ts, installs through the runtime's installExtension.
import {
  checkManifest,
  MAX_MANIFEST_BYTES,
  platformName,
  ROZI_COMPAT_VERSION,
  type ExtensionManifest,
} from '@rozi/extensions';
import {
  checkExtensionDir,
  diffContributions,
  installExtension,
  updateExtension,
  updateRegistry,
  findEntry,
  readRegistry,
  type ContributionDiff,
  type ExtensionDirs,
} from '@rozi/extensions/node';
import { join } from 'node:path';
import type { ExtensionHost } from '../extensions/host';
import { readHostConfig } from '../extensions/hostConfig';
import { DEFAULT_PREFIX, resolveKeymap, type KeySuggestion } from '@rozi/keymap';
import { BUNDLED_PREFIX, isBundled, materializeBundled } from './bundledRepos';
import type { IndexEntry } from './indexTypes';
import { readRepoHead } from './repoRead';
import { sanitizeReadme } from './readmeText';

/** What Discover needs of the extension host. */
export type DiscoverHost = Pick<ExtensionHost, 'context' | 'reload' | 'runtime' | 'keymapResult'>;

export function extensionDirsOf(host: DiscoverHost): ExtensionDirs {
  const { paths } = host.context();
  return { extensionsDir: paths.extensionsDir, stateRoot: paths.stateDir, logRoot: paths.logDir };
}

/** The URL git fetches for an index entry: bundled examples become local repositories first. */
export function fetchUrlOf(host: DiscoverHost, repo: string): string {
  if (!isBundled(repo)) return repo;
  const { paths, env } = host.context();
  return materializeBundled({
    name: repo.slice(BUNDLED_PREFIX.length),
    root: join(paths.stateDir, 'discover', 'bundled'),
    env,
  });
}

export interface RunItem {
  id: string;
  label: string;
  /** `exec: argv…`, `shell: …`, `send: …`, as it would run. */
  run: string;
}

export interface DetailsKey {
  action: string;
  chord: string;
  state: 'active' | 'suppressed' | 'conflicting';
  reason: string | null;
}

export interface EntryDetails {
  commit: string;
  readme: string | null;
  screenshots: { path: string; dataUrl: string }[];
  check: {
    verdict: string;
    errors: { code: string; message: string }[];
    hints: { message: string }[];
    discover: { ready: boolean; problems: { message: string }[] };
  };
  commands: RunItem[];
  services: (RunItem & { restart: string; placement: string; env: Record<string, string> })[];
  hooks: { event: string; script: string; permissions: string[] }[];
  actions: (RunItem & { deadlineMs: number })[];
  sidebarTabs: { id: string; label: string; kind: string; run: string | null }[];
  agents: string[];
  keys: DetailsKey[];
  settings: { key: string; label: string; type: string; default: unknown; description: string | null }[];
}

const MIME: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};
const cache = new Map<string, { details: EntryDetails; manifest: ExtensionManifest | undefined }>();

function runText(
  r: { kind: 'exec'; argv: string[] } | { kind: 'shell'; command: string } | { kind: 'send'; text: string },
): string {
  if (r.kind === 'exec')
    return `exec: ${r.argv.map((a) => (/^[\w@%+=:,./{}-]+$/.test(a) ? a : JSON.stringify(a))).join(' ')}`;
  if (r.kind === 'shell') return `shell: ${r.command}`;
  return `send: ${JSON.stringify(r.text)}`;
}

/** How this extension's key suggestions would resolve against the keymap in effect now. */
function keysAgainstCurrent(host: DiscoverHost, m: ExtensionManifest): DetailsKey[] {
  const mine: KeySuggestion[] = [
    ...m.commands
      .filter((c) => c.key)
      .map((c) => ({
        extension: m.extension.id,
        kind: 'command' as const,
        action: c.publicId,
        key: c.key as string,
      })),
    ...m.suggestedKeybindings.map((k) => ({
      extension: m.extension.id,
      kind: 'core' as const,
      action: k.action,
      key: k.key,
    })),
  ];
  const others: KeySuggestion[] = host
    .keymapResult()
    .suggestions.filter((s) => s.extension !== m.extension.id)
    .map(({ extension, kind, action, key }) => ({ extension, kind, action, key }));
  const r = resolveKeymap({
    prefix: DEFAULT_PREFIX,
    user: readHostConfig(host.context().paths.configFile).keys,
    suggestions: [...others, ...mine],
  });
  return r.suggestions
    .filter((s) => s.extension === m.extension.id)
    .map((s) => ({ action: s.action, chord: s.chord, state: s.state, reason: s.reason ?? null }));
}

function describe(
  host: DiscoverHost,
  m: ExtensionManifest,
): Omit<EntryDetails, 'commit' | 'readme' | 'screenshots' | 'check'> {
  return {
    commands: m.commands.map((c) => ({ id: c.publicId, label: c.label, run: runText(c.run) })),
    services: m.services.map((s) => ({
      id: s.publicId,
      label: s.name,
      run: runText(s.run),
      restart: s.restart,
      placement: s.placement,
      env: s.env,
    })),
    hooks: m.hooks.map((h) => ({ event: h.event, script: h.script, permissions: h.permissions })),
    actions: m.actions.map((a) => ({
      id: a.publicId,
      label: a.title,
      run: runText({ kind: 'exec', argv: a.argv }),
      deadlineMs: a.deadlineMs,
    })),
    sidebarTabs: m.sidebarTabs.map((t) => ({
      id: t.publicId,
      label: t.label,
      kind: t.source.kind,
      run: t.source.kind === 'command' ? `shell: ${t.source.command}` : null,
    })),
    agents: m.agents.map((a) => a.publicId),
    keys: keysAgainstCurrent(host, m),
    settings: m.settings.map((s) => ({
      key: s.key,
      label: s.label,
      type: s.type,
      default: s.default,
      description: s.description ?? null,
    })),
  };
}

export async function entryDetails(host: DiscoverHost, entry: IndexEntry): Promise<EntryDetails> {
  const cached = cache.get(`${entry.repo}@${entry.commit}`);
  // Key states depend on the keymap now; the rest is fixed by the commit.
  if (cached)
    return { ...cached.details, keys: cached.manifest ? keysAgainstCurrent(host, cached.manifest) : [] };
  const head = await readRepoHead({
    url: fetchUrlOf(host, entry.repo),
    env: host.context().env,
    ref: entry.commit,
  });
  try {
    const bytes = await head.read('extension.toml');
    if (!bytes) throw new Error('the indexed commit has no extension.toml at its root');
    const check = checkManifest(bytes.subarray(0, MAX_MANIFEST_BYTES + 1), {
      roziVersion: ROZI_COMPAT_VERSION,
      platform: platformName(process.platform),
    });
    const readmeBytes = (await head.read('README.md')) ?? (await head.read('readme.md'));
    const screenshots: EntryDetails['screenshots'] = [];
    for (const path of entry.screenshots.slice(0, 4)) {
      const blob = await head.read(path);
      const mime = MIME[path.split('.').pop()?.toLowerCase() ?? ''];
      if (blob && mime && blob.length <= 2 * 1024 * 1024)
        screenshots.push({ path, dataUrl: `data:${mime};base64,${blob.toString('base64')}` });
    }
    const out: EntryDetails = {
      commit: head.commit,
      readme: readmeBytes ? sanitizeReadme(readmeBytes.toString('utf8')) : null,
      screenshots,
      check: {
        verdict: check.verdict,
        errors: check.errors.map((e) => ({ code: e.code, message: e.message })),
        hints: check.hints.map((h) => ({ message: h.message })),
        discover: check.discover,
      },
      ...(check.manifest
        ? describe(host, check.manifest)
        : {
            commands: [],
            services: [],
            hooks: [],
            actions: [],
            sidebarTabs: [],
            agents: [],
            keys: [],
            settings: [],
          }),
    };
    cache.set(`${entry.repo}@${entry.commit}`, { details: out, manifest: check.manifest });
    return out;
  } finally {
    head.dispose();
  }
}

export type ProgressPhase = 'clone' | 'validate' | 'snapshot' | 'start' | 'done';
export type Progress = (phase: ProgressPhase, state: 'running' | 'done' | 'failed', message?: string) => void;

/** Installs (or, when installed, updates to) the indexed commit; reports each phase. */
export async function installFromIndex(o: {
  host: DiscoverHost;
  entry: IndexEntry;
  progress: Progress;
}): Promise<void> {
  const { host, entry, progress } = o;
  const dirs = extensionDirsOf(host);
  let phase: ProgressPhase = 'clone';
  try {
    progress('clone', 'running', `fetching ${entry.commit.slice(0, 12)}`);
    const url = fetchUrlOf(host, entry.repo);
    const existing = findEntry(readRegistry(dirs.extensionsDir).registry, entry.id);
    if (existing) {
      if (existing.source.kind !== 'git')
        throw new Error(
          `${entry.id} is installed from ${existing.source.kind === 'link' ? 'a linked checkout' : 'a directory'}; update it there`,
        );
      updateRegistry(dirs.extensionsDir, (reg) => {
        const e = findEntry(reg, entry.id);
        if (e && e.source.kind === 'git') e.source = { kind: 'git', url, ref: entry.commit };
      });
      await updateExtension({ dirs, id: entry.id, env: host.context().env });
    } else {
      await installExtension({ dirs, source: url, ref: entry.commit, env: host.context().env });
    }
    // installExtension validated the manifest before renaming the checkout into place.
    progress('clone', 'done');
    phase = 'validate';
    const check = checkExtensionDir(join(dirs.extensionsDir, entry.id));
    if (!check.check?.manifest) throw new Error(check.problem ?? 'invalid manifest');
    progress('validate', 'done', check.problem ?? `${check.check.verdict}`);
    phase = 'snapshot';
    progress('snapshot', 'running');
    const report = await host.reload();
    const rt = host.runtime(entry.id);
    const problem = report.problems.find((p) => p.extension === entry.id);
    if (problem) throw new Error(problem.message);
    progress('snapshot', 'done', rt ? `generation ${rt.generation.slice(0, 8)}` : undefined);
    phase = 'start';
    progress('start', 'running');
    const services = rt ? [...rt.services.values()] : [];
    const deadline = Date.now() + 5_000;
    while (services.some((s) => s.status().state === 'starting') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    progress(
      'start',
      'done',
      services.length
        ? services.map((s) => `${s.status().unit}: ${s.status().state}`).join(', ')
        : 'no services',
    );
    progress('done', 'done', 'enabled');
  } catch (err) {
    progress(phase, 'failed', (err instanceof Error ? err.message : String(err)).split('\n')[0]);
  }
}

/** What updating to the indexed commit would change, read without touching the installed copy. */
export async function updatePreview(
  host: DiscoverHost,
  entry: IndexEntry,
): Promise<{ from: string | null; to: string; diff: ContributionDiff | null; problem: string | null }> {
  const dirs = extensionDirsOf(host);
  const installed = findEntry(readRegistry(dirs.extensionsDir).registry, entry.id);
  const current = installed ? checkExtensionDir(installed.dir).check?.manifest : undefined;
  await entryDetails(host, entry);
  const next = cache.get(`${entry.repo}@${entry.commit}`)?.manifest;
  if (!next)
    return {
      from: installed?.commit ?? null,
      to: entry.commit,
      diff: null,
      problem: 'the indexed commit does not validate; updating would fail',
    };
  return {
    from: installed?.commit ?? null,
    to: entry.commit,
    diff: current ? diffContributions(current, next) : null,
    problem: null,
  };
}
