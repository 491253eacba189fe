// What a server keeps of its deployments (`rozi extensions deploy … --session NAME`) so they return
// when it starts again (spec 003, "Session services … return when the session restarts or is
// resurrected"): one JSON file in the state directory naming each deployment's extension, session
// and, for files a client sent (a deployment on a remote host), the digest of their stored snapshot.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../persist/atomicWrite';

export interface DeploymentRecord {
  extension: string;
  session: string;
  /** The stored snapshot the deployment runs from; absent for an extension loaded here. */
  snapshot?: string;
}

export function deploymentRecordsFile(stateDir: string): string {
  return join(stateDir, 'deployments.json');
}

/** The records, or [] when there are none; a file that does not read is one log line and no records. */
export function readDeploymentRecords(file: string, log: (line: string) => void): DeploymentRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  try {
    const data = JSON.parse(text) as { deployments?: unknown };
    if (!Array.isArray(data?.deployments)) throw new Error('no "deployments" list');
    return data.deployments.filter(
      (r): r is DeploymentRecord =>
        typeof (r as DeploymentRecord)?.extension === 'string' &&
        typeof (r as DeploymentRecord).session === 'string' &&
        ((r as DeploymentRecord).snapshot === undefined ||
          typeof (r as DeploymentRecord).snapshot === 'string'),
    );
  } catch (err) {
    log(
      `extensions: ${file} was not read, no deployment returns: ${err instanceof Error ? err.message : String(err)}`,
    );
    return [];
  }
}

export function writeDeploymentRecords(
  o: { file: string; log(line: string): void },
  records: readonly DeploymentRecord[],
): void {
  try {
    writeFileAtomic(o.file, `${JSON.stringify({ deployments: records }, null, 1)}\n`, { mode: 0o600 });
  } catch (err) {
    o.log(
      `extensions: could not record the deployments in ${o.file}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}
