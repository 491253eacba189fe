// Installing rozi on a host over ssh (`rozi remote install HOST`, or `[remote] install = "always"`
// when a link finds none): the self-contained build (hostBuild.ts) goes to
// ~/.local/share/rozi/builds/<digest>/ there, its tarball's sha256 checked before it is unpacked,
// unpacked beside and renamed into place (a cut-off copy never looks installed), and
// ~/.local/bin/rozi becomes a launcher of it, which the link command prefers (sshCommand.ts).
// A host that already has this digest is not sent it again.
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import type { HostBuild } from './hostBuild';
import { hostPlatform } from './hostBuild';
import type { SshTarget } from './hostTarget';
import { LAUNCHER_MARK, shQuote, sshArgv, type SshContext } from './sshCommand';

export interface InstallResult {
  alias: string;
  digest: string;
  /** False when the host had this build already. */
  copied: boolean;
  bytes: number;
  platform: string;
}

/** Exit status of the install script when the copy does not match its digest. */
const DIGEST_MISMATCH_EXIT = 98;

/** `uname -sm` → node's platform-arch (`Linux x86_64` → `linux-x64`). Pure. */
export function unamePlatform(uname: string): string | null {
  const [os, machine] = uname.trim().split(/\s+/);
  const p = os === 'Linux' ? 'linux' : os === 'Darwin' ? 'darwin' : null;
  const a =
    machine === 'x86_64' || machine === 'amd64'
      ? 'x64'
      : machine === 'aarch64' || machine === 'arm64'
        ? 'arm64'
        : null;
  return p && a ? `${p}-${a}` : null;
}

function sshRun(o: {
  argv: string[];
  stdinFile?: string;
  timeoutMs: number;
}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn('ssh', o.argv, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString('utf8')));
    p.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString('utf8')).slice(-8192)));
    p.stdin.on('error', () => undefined);
    const timer = setTimeout(() => p.kill('SIGKILL'), o.timeoutMs);
    p.once('error', (err) => (clearTimeout(timer), resolve({ code: 127, stdout, stderr: err.message })));
    p.once('close', (code) => (clearTimeout(timer), resolve({ code, stdout, stderr })));
    if (o.stdinFile) createReadStream(o.stdinFile).pipe(p.stdin);
    else p.stdin.end();
  });
}

function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('Warning: Permanently added'))
      .pop() ?? ''
  );
}

/** The host side of the copy: check the sha256, unpack beside, rename into place, write the launcher. */
export function installScript(build: Pick<HostBuild, 'digest' | 'tarSha256'>): string {
  const dir = `"$HOME/.local/share/rozi/builds/${build.digest}"`;
  return [
    'set -e',
    'umask 022',
    `d=${dir}`,
    'mkdir -p "$HOME/.local/share/rozi/builds" "$HOME/.local/bin"',
    'if [ ! -x "$d/node" ]; then',
    '  p="$d.partial.$$"; rm -rf "$p" "$p.tgz"; mkdir -p "$p"',
    '  cat > "$p.tgz"',
    '  sum=$( (sha256sum "$p.tgz" 2>/dev/null || shasum -a 256 "$p.tgz") | cut -d" " -f1)',
    `  if [ "$sum" != "${build.tarSha256}" ]; then rm -rf "$p" "$p.tgz"; echo "rozi-install: the copy does not match its digest (got $sum)" >&2; exit ${DIGEST_MISMATCH_EXIT}; fi`,
    '  tar -xzf "$p.tgz" -C "$p"; rm -f "$p.tgz"',
    '  if [ -x "$d/node" ]; then rm -rf "$p"; else mv "$p" "$d"; fi',
    'else cat > /dev/null; fi',
    'l="$HOME/.local/bin/rozi"',
    // Unquoted here-document: $l and $d are written out expanded, \$@ stays "$@".
    `cat > "$l.tmp" <<ROZI_LAUNCHER_EOF`,
    '#!/bin/sh',
    `# ${LAUNCHER_MARK} ${build.digest}`,
    'ROZI_LAUNCHER="$l"; export ROZI_LAUNCHER',
    'exec "$d/node" "$d/apps/server/bin/rozi.mjs" "\\$@"',
    'ROZI_LAUNCHER_EOF',
    'chmod 755 "$l.tmp"; mv "$l.tmp" "$l"',
    'echo installed',
  ].join('\n');
}

/**
 * Installs this build on the host. Throws an Error with one line (the platform does not match,
 * ssh failed, the digest did not match) when it cannot.
 */
export async function installOnHost(o: {
  target: SshTarget;
  ssh: SshContext;
  build(): Promise<HostBuild>;
  log(line: string): void;
}): Promise<InstallResult> {
  const alias = o.target.alias;
  const probe = await sshRun({ argv: sshArgv(o.target, o.ssh, 'uname -sm'), timeoutMs: 60_000 });
  if (probe.code !== 0)
    throw new Error(
      `cannot reach ${alias} to install rozi: ${lastLine(probe.stderr) || `ssh exit ${probe.code}`}`,
    );
  const there = unamePlatform(probe.stdout);
  const here = hostPlatform();
  if (there !== here)
    throw new Error(
      `${alias} is ${there ?? probe.stdout.trim()} and this rozi is ${here}: install rozi there by hand and set binary_path in [remote.hosts.${alias}]`,
    );
  o.log(`${alias}: preparing the rozi build to copy`);
  const build = await o.build();
  const have = await sshRun({
    argv: sshArgv(
      o.target,
      o.ssh,
      `test -x "$HOME/.local/share/rozi/builds/${build.digest}/node" && grep -q ${shQuote(build.digest)} "$HOME/.local/bin/rozi" && echo have || echo missing`,
    ),
    timeoutMs: 60_000,
  });
  const result = { alias, digest: build.digest, bytes: build.bytes, platform: here };
  if (have.stdout.trim() === 'have') return { ...result, copied: false };
  o.log(
    `${alias}: copying rozi (${(build.bytes / 1e6).toFixed(1)} MB, sha256 ${build.tarSha256.slice(0, 12)}…)`,
  );
  const copy = await sshRun({
    argv: sshArgv(o.target, o.ssh, `sh -c ${shQuote(installScript(build))}`),
    stdinFile: build.tarball,
    timeoutMs: 15 * 60_000,
  });
  if (copy.code === DIGEST_MISMATCH_EXIT)
    throw new Error(`the copy of rozi on ${alias} does not match its digest; nothing was installed`);
  if (copy.code !== 0 || !copy.stdout.includes('installed'))
    throw new Error(`installing rozi on ${alias} failed: ${lastLine(copy.stderr) || `exit ${copy.code}`}`);
  o.log(`${alias}: rozi ${build.digest.slice(0, 12)} installed in ~/.local/share/rozi/builds`);
  return { ...result, copied: true };
}
