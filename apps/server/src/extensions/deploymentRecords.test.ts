import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deploymentRecordsFile, readDeploymentRecords, writeDeploymentRecords } from './deploymentRecords';

const dir = mkdtempSync(join(tmpdir(), 'rozi-deploy-records-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('deployment records', () => {
  it('reads back what was written, 0600, and nothing when there is no file', () => {
    const file = deploymentRecordsFile(dir);
    const lines: string[] = [];
    expect(readDeploymentRecords(file, (l) => lines.push(l))).toEqual([]);
    const records = [
      { extension: 'keeper', session: 'dev', snapshot: `sha256:${'a'.repeat(64)}` },
      { extension: 'json-tools', session: 'main' },
    ];
    writeDeploymentRecords({ file, log: (l) => lines.push(l) }, records);
    expect(readDeploymentRecords(file, (l) => lines.push(l))).toEqual(records);
    expect(lines).toEqual([]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ deployments: records });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('a file that does not read is one log line and no records; malformed rows are skipped', () => {
    const file = join(dir, 'bad.json');
    const lines: string[] = [];
    writeFileSync(file, '{ not json');
    expect(readDeploymentRecords(file, (l) => lines.push(l))).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/bad\.json was not read, no deployment returns/);
    writeFileSync(
      file,
      JSON.stringify({ deployments: [{ extension: 'a', session: 's' }, { extension: 3 }] }),
    );
    expect(readDeploymentRecords(file, (l) => lines.push(l))).toEqual([{ extension: 'a', session: 's' }]);
  });
});
