// Writes the shell integration files (scripts/) where the injected shells find them:
// <cache>/shell-integration/{bashrc,rozi.bash,rozi.zsh,zsh/.zshenv,fish/fish/vendor_conf.d/rozi.fish}
// (configuration.md names ~/.cache/rozi/shell-integration). Rewritten at each server start when
// the text differs, so an upgrade reaches the next shell; a failure is one log line and leaves
// panes starting without the integration, as if the mode were off.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from '@rozi/extensions/node';

const SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'scripts');

/** Installed path (relative to the integration directory) ← file in scripts/. */
const FILES: ReadonlyArray<readonly [string, string]> = [
  ['bashrc', 'bashrc'],
  ['rozi.bash', 'rozi.bash'],
  ['rozi.zsh', 'rozi.zsh'],
  ['zsh/.zshenv', 'zshenv'],
  ['fish/fish/vendor_conf.d/rozi.fish', 'rozi.fish'],
];

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Returns the integration directory, or an error line when it could not be written. */
export function installShellIntegration(dir: string): { dir: string } | { error: string } {
  try {
    for (const [target, source] of FILES) {
      const text = readFileSync(join(SOURCE_DIR, source), 'utf8');
      const path = join(dir, target);
      if (readOrNull(path) === text) continue;
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileAtomic(path, text, { mode: 0o644 });
    }
    return { dir };
  } catch (err) {
    return {
      error: `shell integration not installed in ${dir}: ${err instanceof Error ? err.message : String(err)}; shells start without it`,
    };
  }
}
