// The one entry point: extension.toml bytes (or text) plus facts about this machine in, a verdict
// with every diagnostic, the hints, the declared settings, Discover eligibility and — when the
// manifest is valid or merely incompatible — the typed model out. Never throws on any input.
//
// Order (spec: "rozi reports the most specific"): text and TOML problems stop the check; then a
// mismatched `api` is the only thing reported; then every other problem; only a manifest without
// errors can be `incompatible` (min_rozi, platforms).
import { parse, TomlError } from 'smol-toml';
import { hintCapabilities } from './capabilityHints';
import { compatibilityProblems, type RuntimeFacts } from './compatibility';
import { type Diagnostic, type Hint, Report } from './diagnostics';
import { type DiscoverFacts, discoverEligibility, type DiscoverResult } from './discover';
import { readManifestText } from './manifestText';
import { type ExtensionManifest, hasPlacedContributions, type SettingValue } from './model';
import { readActions } from './sections/actions';
import { validateAgents } from './sections/agents';
import { readCommands } from './sections/commands';
import type { SectionContext } from './sections/context';
import { readExtensionMeta } from './sections/extensionMeta';
import { readHooks } from './sections/hooks';
import { readLinkHandlers } from './sections/linkHandlers';
import { readNavigationTargets } from './sections/navigationTargets';
import { readServices } from './sections/services';
import { readSettings } from './sections/settings';
import { readSidebarPresets } from './sections/sidebarPresets';
import { readSidebarTabs } from './sections/sidebarTabs';
import { readSuggestedKeybindings } from './sections/suggestedKeybindings';
import { indexSourceLines } from './sourceLines';
import { checkStructure, MAX_DEPTH } from './structureLimits';
import { reportUnknownKey } from './tableReader';
import { isTable, type TomlTable, typeName } from './tomlValue';

export const TOP_LEVEL_KEYS = [
  'extension',
  'commands',
  'services',
  'actions',
  'settings',
  'suggested_keybindings',
  'sidebar_tabs',
  'sidebar_presets',
  'navigation_targets',
  'agents',
  'link_handlers',
  'hooks',
] as const;

export type Verdict = 'valid' | 'invalid' | 'incompatible';

/** What the node part learned about the extension's directory (snapshot.ts). */
export interface SnapshotFacts {
  /** Relative, `/`-separated paths of the files a snapshot would hold. */
  files: readonly string[];
  /** Limits exceeded, links to directories or outside: invalid only with placed contributions. */
  problems: { code: 'snapshot-too-large' | 'snapshot-link'; message: string }[];
}

export interface CheckOptions extends RuntimeFacts {
  snapshot?: SnapshotFacts;
  discover?: DiscoverFacts;
}

export interface ManifestCheck {
  /** The declared id when it could be read, even from an invalid manifest. */
  id: string | null;
  verdict: Verdict;
  /** For `incompatible`, the reasons (codes rozi-too-old / unsupported-platform). */
  errors: Diagnostic[];
  hints: Hint[];
  /** Declared settings and their defaults (the valid ones). */
  settings: Record<string, SettingValue>;
  discover: DiscoverResult;
  /** Present when the verdict is valid or incompatible. */
  manifest: ExtensionManifest | undefined;
}

function declaredId(root: TomlTable | undefined): string | null {
  const meta = root?.extension;
  return isTable(meta) && typeof meta.id === 'string' ? meta.id.slice(0, 256) : null;
}

function fail(
  errors: Diagnostic[],
  root: TomlTable | undefined,
  discover: DiscoverFacts | undefined,
): ManifestCheck {
  return {
    id: declaredId(root),
    verdict: 'invalid',
    errors,
    hints: [],
    settings: {},
    discover: discoverEligibility(root, errors, discover),
    manifest: undefined,
  };
}

function parseToml(text: string): { root: TomlTable } | { error: Diagnostic } {
  try {
    // maxDepth bounds inline nesting inside the parser itself; checkStructure bounds the rest.
    return { root: parse(text, { integersAsBigInt: true, maxDepth: MAX_DEPTH + 1 }) };
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    const first = (raw.split('\n')[0] ?? raw).replace(/^Invalid TOML document: /, '');
    const line = err instanceof TomlError ? err.line : null;
    const deep = /excessively nested/.test(first);
    return {
      error: {
        code: deep ? 'too-deep' : 'toml-syntax',
        path: '',
        line,
        message: deep
          ? `values nested more than ${MAX_DEPTH} levels deep`
          : `not valid TOML: ${first}${line !== null && err instanceof TomlError ? ` (line ${line}, column ${err.column})` : ''}`,
      },
    };
  }
}

/** Places placed-contribution checks need even when the entries themselves are broken. */
function declaresPlacement(root: TomlTable): boolean {
  if (Array.isArray(root.actions) && root.actions.length > 0) return true;
  return ['commands', 'services', 'sidebar_tabs'].some((key) => {
    const list = root[key];
    return (
      Array.isArray(list) &&
      list.some((e) => isTable(e) && typeof e.placement === 'string' && e.placement !== 'client')
    );
  });
}

export function checkManifest(input: Uint8Array | string, options: CheckOptions): ManifestCheck {
  const decoded = readManifestText(input);
  if (decoded.text === undefined) {
    return fail(
      decoded.problems.map((p) => ({ ...p, path: '' })),
      undefined,
      options.discover,
    );
  }
  const text = decoded.text;
  const textProblems: Diagnostic[] = decoded.problems.map((p) => ({ ...p, path: '' }));
  const parsed = parseToml(text);
  if ('error' in parsed) return fail([...textProblems, parsed.error], undefined, options.discover);
  const root = parsed.root;
  // Indexed only once the text is known to be TOML: the scan then sees well-formed lines.
  const lineOf = indexSourceLines(text);
  const report = new Report(lineOf);
  report.errors.push(...textProblems);

  const findings = checkStructure(root);
  if (findings.length > 0) {
    for (const f of findings) report.error(f.code, f.path, f.message);
    return fail(report.errors, undefined, options.discover);
  }

  // A mismatched api means the rest follows rules this rozi does not know: report it alone.
  const meta = root.extension;
  if (isTable(meta) && Object.hasOwn(meta, 'api') && meta.api !== 1n) {
    const got = typeof meta.api === 'bigint' ? String(meta.api) : typeName(meta.api);
    const mismatch = new Report(lineOf);
    mismatch.error(
      'api-mismatch',
      ['extension', 'api'],
      `this rozi implements extension API 1; the manifest declares api = ${got.slice(0, 40)}`,
    );
    return fail(mismatch.errors, root, options.discover);
  }

  for (const key of Object.keys(root)) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) reportUnknownKey(report, [key], TOP_LEVEL_KEYS);
  }
  const extension = readExtensionMeta(report, root);
  const ctx: SectionContext = {
    report,
    root,
    extensionId: extension?.id ?? declaredId(root) ?? 'extension',
    files: options.snapshot ? new Set(options.snapshot.files) : undefined,
  };
  const settings = readSettings(report, root);
  const contributions = {
    commands: readCommands(ctx),
    services: readServices(ctx),
    actions: readActions(ctx),
    settings,
    suggestedKeybindings: readSuggestedKeybindings(ctx),
    sidebarTabs: readSidebarTabs(ctx, settings),
    sidebarPresets: readSidebarPresets(ctx),
    navigationTargets: readNavigationTargets(ctx),
    agents: validateAgents(ctx),
    linkHandlers: readLinkHandlers(ctx),
    hooks: readHooks(ctx),
  };
  if (options.snapshot && (declaresPlacement(root) || hasPlacedContributions(contributions))) {
    for (const p of options.snapshot.problems)
      report.error(
        p.code,
        [],
        `${p.message} (the extension has placed contributions, which run from a snapshot)`,
      );
  }
  hintCapabilities(report, root);

  const settingDefaults: Record<string, SettingValue> = {};
  for (const s of settings)
    Object.defineProperty(settingDefaults, s.key, {
      value: s.default,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  // Top to bottom, as the file reads; problems without a line (whole file) first.
  const byLine = (a: { line: number | null }, b: { line: number | null }) => (a.line ?? 0) - (b.line ?? 0);
  const errors = [...report.errors].sort(byLine);
  const hints = [...report.hints].sort(byLine);
  const discover = discoverEligibility(root, errors, options.discover);

  if (errors.length > 0 || extension === undefined) {
    return {
      id: declaredId(root),
      verdict: 'invalid',
      errors,
      hints,
      settings: settingDefaults,
      discover,
      manifest: undefined,
    };
  }
  const manifest: ExtensionManifest = { extension, ...contributions };
  const reasons = compatibilityProblems(extension, options).map((p) => ({
    code: p.code,
    message: p.message,
    path: p.path.join('.'),
    line: lineOf(p.path),
  }));
  return {
    id: extension.id,
    verdict: reasons.length > 0 ? 'incompatible' : 'valid',
    errors: reasons,
    hints,
    settings: settingDefaults,
    discover,
    manifest,
  };
}
