// What `rozi extensions install <source>` may clone (issue 7; DESIGN.md, Security model). Only
// https, ssh (URL or scp form) and file URLs reach git; a local directory is cloned through a
// file:// URL when it is a repository (so the commit is pinned) or copied when it is not. Every
// other transport is refused: ext:: and fd:: run programs, git:// and http:// are unauthenticated,
// and a leading '-' would be read by git as an option.
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export type ResolvedSource =
  { kind: 'git'; url: string; display: string } | { kind: 'dir'; path: string; isRepository: boolean };

export type SourceCheck = { ok: true; source: ResolvedSource } | { ok: false; message: string };

const SCP_LIKE = /^[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:(?!\/\/)[^\s]+$/;

export function resolveInstallSource(raw: string, cwd: string): SourceCheck {
  const s = raw.trim();
  if (s === '') return { ok: false, message: 'install needs a git URL or a directory' };
  if (s.startsWith('-')) return { ok: false, message: `'${s}' looks like an option, not a source` };
  if (/[\0\n\r]/.test(s)) return { ok: false, message: 'the source contains control characters' };
  if (/^https:\/\/[^\s]+$/i.test(s) || /^ssh:\/\/[^\s]+$/i.test(s))
    return { ok: true, source: { kind: 'git', url: s, display: s } };
  if (SCP_LIKE.test(s)) return { ok: true, source: { kind: 'git', url: s, display: s } };
  if (/^file:\/\//i.test(s)) {
    let path: string;
    try {
      path = decodeURIComponent(new URL(s).pathname);
    } catch {
      return { ok: false, message: `'${s}' is not a valid file URL` };
    }
    if (!existsSync(path)) return { ok: false, message: `no repository at ${path}` };
    return { ok: true, source: { kind: 'git', url: s, display: s } };
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*::/.test(s) || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(s)) {
    return {
      ok: false,
      message: `'${s}': only https, ssh and file URLs (or a local directory) can be installed`,
    };
  }
  const path = isAbsolute(s) ? s : resolve(cwd, s);
  if (!existsSync(path) || !statSync(path).isDirectory())
    return { ok: false, message: `${path} is not a directory (and not an https, ssh or file URL)` };
  return { ok: true, source: { kind: 'dir', path, isRepository: existsSync(join(path, '.git')) } };
}

export function fileUrlOf(path: string): string {
  return pathToFileURL(path).href;
}
