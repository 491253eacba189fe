// `rozi extensions deploy <ID> --session NAME@HOST` on the host's end (spec 003, "Run a service
// without a UI"): the client stored the extension's snapshot here (link.ext.store, digest-checked
// and read-only), and this deploys THOSE files into the named session of this host's server, with
// this host's `[extensions.<ID>]` settings over the deployed manifest's defaults. The deployment
// belongs to the session, not to the link: it keeps running when the client detaches or its link
// drops (extensions/deployments.ts runs it like a local one; undeploy and status reach it by
// the ordinary routing of `--session NAME@HOST`).
import { checkExtensionDir, ensureStateDir, extensionLogDir, mergeSettings } from '@rozi/extensions/node';
import type { DeployResult } from '../extensions/deployments';
import { readHostConfig } from '../extensions/hostConfig';
import { LinkCallError } from '../link/linkCallError';
import { EXTENSION_ID_RE, type PlacedCommandContext } from './placedCommand';

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
  const dir = rt.snapshotDir(digest);
  const { check, problem } = checkExtensionDir(dir);
  const manifest = check?.manifest;
  if (!manifest)
    throw new LinkCallError(
      'invalid',
      `the deployed files of ${i.extension} do not load here: ${problem ?? check?.errors[0]?.message ?? check?.verdict}`,
    );
  if (manifest.extension.id !== i.extension)
    throw new LinkCallError('invalid', `the snapshot holds ${manifest.extension.id}, not ${i.extension}`);
  // A config.toml that does not parse keeps its last good values in force (hostConfig.ts).
  const config = readHostConfig(rt.o.paths.configFile);
  const settings = mergeSettings({
    extension: i.extension,
    declared: manifest.settings,
    user: config.extensions[i.extension],
  });
  const { paths } = rt.o;
  return rt.o.services.extensions.deployments.deploy({
    extension: i.extension,
    session: i.session,
    files: {
      id: i.extension,
      dir,
      manifest,
      settings: { json: settings.json },
      stateDir: ensureStateDir(paths.stateDir, i.extension),
      logDir: extensionLogDir(paths.logDir, i.extension),
      digest: `${digest}/${settings.json}`,
    },
  });
}
