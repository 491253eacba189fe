// The host aliases a user already has: every `Host` name without wildcards in ~/.ssh/config and
// the files it `Include`s (relative names resolve against ~/.ssh, as ssh does). Only listed for
// "New session on…" and `rozi remote hosts`; connecting leaves every setting to ssh itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';

const MAX_FILES = 32;

/** Host patterns of one config text, in order, and the files it includes. Pure. */
export function parseSshConfig(text: string): { hosts: string[]; includes: string[] } {
  const hosts: string[] = [];
  const includes: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const m = /^(\S+?)(?:\s*=\s*|\s+)(.*)$/.exec(line);
    if (!m) continue;
    const key = (m[1] as string).toLowerCase();
    const words = (m[2] as string).match(/"[^"]*"|\S+/g)?.map((w) => w.replace(/^"|"$/g, '')) ?? [];
    if (key === 'host') for (const w of words) if (!/[*?!]/.test(w)) hosts.push(w);
    if (key === 'include') includes.push(...words);
  }
  return { hosts, includes };
}

/** A shell-style `*` / `?` match of one path segment (what Include globs use in practice). */
function globFiles(pattern: string): string[] {
  const dir = dirname(pattern);
  const name = basename(pattern);
  if (!/[*?]/.test(name)) return existsSync(pattern) ? [pattern] : [];
  const re = new RegExp(
    `^${name
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  );
  try {
    return readdirSync(dir)
      .filter((f) => re.test(f))
      .sort()
      .map((f) => join(dir, f));
  } catch {
    return [];
  }
}

export function sshConfigAliases(home: string): string[] {
  const sshDir = join(home, '.ssh');
  const seen = new Set<string>();
  const out: string[] = [];
  const queue = [join(sshDir, 'config')];
  while (queue.length && seen.size < MAX_FILES) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    let text: string;
    try {
      if (!statSync(file).isFile()) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const { hosts, includes } = parseSshConfig(text);
    for (const h of hosts) if (!out.includes(h)) out.push(h);
    for (const inc of includes) {
      const abs = inc.startsWith('~/') ? join(home, inc.slice(2)) : isAbsolute(inc) ? inc : join(sshDir, inc);
      queue.push(...globFiles(abs));
    }
  }
  return out;
}
