// `rozi extensions deploy <ID> --session NAME@HOST` on the host's end (spec 003, "Run a service
// without a UI"): the client stored the extension's snapshot here (link.ext.store, digest-checked
// and read-only), and this deploys THOSE files into the named session of this host's server, with
// this host's `[extensions.<ID>]` settings over the deployed manifest's defaults. The deployment
// belongs to the session, not to the link: it keeps running when the client detaches or its link
// drops (extensions/deployments.ts runs it like a local one; undeploy and status reach it by
// the ordinary routing of `--session NAME@HOST`).
import { checkExtensionDir, ensureStateDir, extensionLogDir, mergeSettings } from '@rozi/extensions/node';
import type { DeployedFiles, DeployResult } from '../extensions/deployments';
import { readHostConfig } from '../extensions/hostConfig';
import { LinkCallError } from '../link/linkCallError';
import { EXTENSION_ID_RE, type PlacedCommandContext } from './placedCommand';
import { verifiedSnapshot } from './placedSnapshots';

export async function deploySnapshot(
  rt: PlacedCommandContext & { o: { paths: { configFile: string } } },
  input: unknown,
): Promise<DeployResult> {
  const i = input as { extension?: unknown; session?: unknown; digest?: unknown } | null;
  if (
    typeof i?.extension !== 'string' ||
    !EXTENSION_ID_RE.test(i.extension) ||
    typeof i.session !== 'string' ||
    i.session === ''
  )
    throw new LinkCallError('invalid', 'link.ext.deploy needs an extension id, a session and a digest');
  const digest = String(i.digest);
  if (!rt.verified(digest))
    throw new LinkCallError('snapshot-missing', `snapshot ${digest.slice(0, 19)} is not stored here`);
  const { paths } = rt.o;
  return rt.o.services.extensions.deployments.deploy({
    extension: i.extension,
    session: i.session,
    files: snapshotFiles({ paths, dir: rt.snapshotDir(digest), extension: i.extension, snapshot: digest }),
  });
}

/**
 * A deployment restored when this server starts again (Deployments.restore): the snapshot it
 * ran from, checked again, with this host's settings of now.
 */
export function restoredSnapshotFiles(o: {
  paths: { dataDir: string; configFile: string; stateDir: string; logDir: string };
  log(line: string): void;
}): (r: { extension: string; snapshot: string }) => DeployedFiles {
  return (r) => {
    const dir = verifiedSnapshot({ dataDir: o.paths.dataDir, digest: r.snapshot, log: o.log });
    if (!dir) throw new LinkCallError('bundle-failed', `its files (${r.snapshot.slice(0, 19)}) are gone`);
    return snapshotFiles({ paths: o.paths, dir, extension: r.extension, snapshot: r.snapshot });
  };
}

/** The deployed files of a stored snapshot: its manifest, this host's settings over its defaults. */
function snapshotFiles(o: {
  paths: { configFile: string; stateDir: string; logDir: string };
  dir: string;
  extension: string;
  snapshot: string;
}): DeployedFiles {
  const { check, problem } = checkExtensionDir(o.dir);
  const manifest = check?.manifest;
  if (!manifest)
    throw new LinkCallError(
      'invalid',
      `the deployed files of ${o.extension} do not load here: ${problem ?? check?.errors[0]?.message ?? check?.verdict}`,
    );
  if (manifest.extension.id !== o.extension)
    throw new LinkCallError('invalid', `the snapshot holds ${manifest.extension.id}, not ${o.extension}`);
  // A config.toml that does not parse keeps its last good values in force (hostConfig.ts).
  const config = readHostConfig(o.paths.configFile);
  const settings = mergeSettings({
    extension: o.extension,
    declared: manifest.settings,
    user: config.extensions[o.extension],
  });
  return {
    id: o.extension,
    dir: o.dir,
    manifest,
    settings: { json: settings.json },
    stateDir: ensureStateDir(o.paths.stateDir, o.extension),
    logDir: extensionLogDir(o.paths.logDir, o.extension),
    digest: `${o.snapshot}/${settings.json}`,
    snapshot: o.snapshot,
  };
}
