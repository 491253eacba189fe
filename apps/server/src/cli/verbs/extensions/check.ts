// rozi extensions check [DIR] [--json]: validates an extension directory the way loading would
// (manifest, placement rules, snapshot), then prints the verdict with every error, the hints, the
// declared settings with their defaults and the Discover section. Exit 0 only for a valid
// manifest. All the rules live in @rozi/extensions; this file only gathers the facts from disk.
import { z } from 'zod';
import { flag } from '../../flags';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  checkManifest,
  type DiscoverFacts,
  type ImageFormat,
  type ManifestCheck,
  platformName,
  ROZI_COMPAT_VERSION,
  type ScreenshotFact,
} from '@rozi/extensions';
import { CliError, defineVerb } from '../../verb';

/** Reads at most `limit` bytes: a huge file is reported as too large without loading it all. */
function readHead(file: string, limit: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(limit);
    let offset = 0;
    while (offset < limit) {
      const n = readSync(fd, buffer, offset, limit - offset, offset);
      if (n === 0) break;
      offset += n;
    }
    return buffer.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}

function imageFormat(head: Buffer): ImageFormat {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return 'other';
}

function discoverFacts(dir: string): DiscoverFacts {
  return {
    gitRoot: existsSync(join(dir, '.git')),
    screenshot(path): ScreenshotFact {
      const file = join(dir, path);
      try {
        const st = statSync(file);
        if (!st.isFile()) return { exists: false, size: 0, format: 'other' };
        return { exists: true, size: st.size, format: imageFormat(readHead(file, 12)) };
      } catch {
        return { exists: false, size: 0, format: 'other' };
      }
    },
  };
}

export interface CheckReport {
  schema_version: 1;
  id: string | null;
  verdict: ManifestCheck['verdict'];
  errors: ManifestCheck['errors'];
  hints: ManifestCheck['hints'];
  settings: ManifestCheck['settings'];
  discover: ManifestCheck['discover'];
  /** min_rozi, platforms, homepage and screenshots when declared (spec: check --json includes all four). */
  metadata: { min_rozi?: string; platforms?: string[]; homepage?: string; screenshots?: string[] };
}

export async function checkExtensionDir(dirArg: string, cwd: string): Promise<CheckReport> {
  const dir = resolve(cwd, dirArg);
  let st;
  try {
    st = statSync(dir);
  } catch {
    throw new CliError('not-found', `${dirArg}: no such directory`);
  }
  if (!st.isDirectory())
    throw new CliError('not-found', `${dirArg} is not a directory; pass the extension's directory`);
  // Loaded on use: importing the runtime costs every `rozi` start ~0.3 s.
  const { readManifestFile, snapshotFacts, takeSnapshot } = await import('@rozi/extensions/node');
  // Only a regular file inside the extension is read (a link to /dev/zero or a FIFO is refused).
  const read = readManifestFile(dir);
  if (!read.ok) {
    if (read.missing) throw new CliError('not-found', `no extension.toml in ${dirArg}`);
    throw new CliError('invalid-manifest', `${dirArg}: ${read.problem}`);
  }
  const bytes = read.bytes;
  // The snapshot listing sharpens checks (hook scripts exist, pane-relative paths); a directory
  // that cannot be walked still gets its manifest checked.
  const snapshot = await takeSnapshot(dir).catch(() => undefined);
  const check = checkManifest(bytes, {
    roziVersion: ROZI_COMPAT_VERSION,
    platform: platformName(process.platform),
    snapshot: snapshot && snapshotFacts(snapshot),
    discover: discoverFacts(dir),
  });
  const meta = check.manifest?.extension;
  const metadata: CheckReport['metadata'] = {};
  if (meta?.minRozi !== undefined) metadata.min_rozi = meta.minRozi;
  if (meta?.platforms !== undefined) metadata.platforms = meta.platforms;
  if (meta?.homepage !== undefined) metadata.homepage = meta.homepage;
  if (meta && meta.screenshots.length > 0) metadata.screenshots = meta.screenshots;
  return {
    schema_version: 1,
    id: check.id,
    verdict: check.verdict,
    errors: check.errors,
    hints: check.hints,
    settings: check.settings,
    discover: check.discover,
    metadata,
  };
}

function where(d: { path: string; line: number | null }): string {
  const at = [d.line !== null ? `line ${d.line}` : '', d.path].filter(Boolean).join(', ');
  return at ? ` (${at})` : '';
}

export function formatCheckReport(r: CheckReport): string {
  const out = [`${r.id ?? '(no id)'}: ${r.verdict}`];
  if (r.errors.length)
    out.push(
      '',
      r.verdict === 'incompatible' ? 'incompatible because:' : 'errors:',
      ...r.errors.map((e) => `  ${e.code}: ${e.message}${where(e)}`),
    );
  if (r.hints.length) out.push('', 'hints:', ...r.hints.map((h) => `  ${h.message}${where(h)}`));
  const settings = Object.entries(r.settings);
  if (settings.length)
    out.push('', 'settings (defaults):', ...settings.map(([k, v]) => `  ${k} = ${JSON.stringify(v)}`));
  if (r.metadata.homepage) out.push('', `homepage: ${r.metadata.homepage}`);
  out.push(
    '',
    `Discover: ${r.discover.ready ? 'ready' : 'not ready'}`,
    ...r.discover.problems.map((p) => `  - ${p.message}`),
  );
  return out.join('\n') + '\n';
}

export const extensionsCheckVerb = defineVerb({
  path: ['extensions', 'check'],
  summary: 'validate an extension directory: verdict, errors, hints, settings, Discover',
  help: 'Exit status 0 only for a valid manifest; 1 for invalid or incompatible.\n--json prints { schema_version: 1, id, verdict, errors, hints, settings, discover, metadata }.',
  flags: z.object({
    json: flag.boolean({ description: 'print the report as JSON (same as --format json)' }),
  }),
  positionals: [{ name: 'dir' }],
  async run(ctx) {
    const report = await checkExtensionDir(ctx.args.positionals[0] ?? '.', ctx.io.cwd);
    if (ctx.opts.json) ctx.io.stdout.write(JSON.stringify(report) + '\n');
    else ctx.print(report, (r) => formatCheckReport(r as CheckReport));
    return report.verdict === 'valid' ? 0 : 1;
  },
});
