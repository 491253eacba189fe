// launchers.list: the first-class agents of the "New agent…" launcher (spec: the launcher list,
// plus claude), each with whether its command is found on the PATH that new panes inherit.
// Added by the web engineer; additive, reads nothing but PATH directory entries. A launch into a
// session on a remote host asks that host (input `host`), since the program runs there.
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { z } from 'zod';
import { procedure, router } from '../trpc';

/** In the order the launcher shows them. `command` is both what runs and what is looked up. */
export const LAUNCHER_AGENTS: ReadonlyArray<{ id: string; label: string; command: string }> = [
  { id: 'codex', label: 'OpenAI Codex', command: 'codex' },
  { id: 'claude', label: 'Claude Code', command: 'claude' },
  { id: 'gemini', label: 'Gemini CLI', command: 'gemini' },
  { id: 'opencode', label: 'OpenCode', command: 'opencode' },
  { id: 'cursor', label: 'Cursor Agent', command: 'cursor-agent' },
  { id: 'amp', label: 'Amp', command: 'amp' },
  { id: 'copilot', label: 'GitHub Copilot CLI', command: 'copilot' },
  { id: 'droid', label: 'Droid', command: 'droid' },
  { id: 'grok', label: 'Grok CLI', command: 'grok' },
  { id: 'pi', label: 'Pi', command: 'pi' },
  { id: 'omp', label: 'OMP', command: 'omp' },
];

/** The first executable regular file named `command` on `path`, or null. */
export function findOnPath(command: string, path: string | undefined): string | null {
  for (const dir of (path ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, command);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here (or not executable): keep looking along PATH.
    }
  }
  return null;
}

export const launchersRouter = router({
  /** With `host`, that remote host answers with its own PATH (remote/routing.ts forwards it). */
  list: procedure.input(z.object({ host: z.string().min(1).max(300).optional() }).optional()).query(() =>
    LAUNCHER_AGENTS.map((a) => {
      const path = findOnPath(a.command, process.env.PATH);
      return { ...a, available: path !== null, path };
    }),
  ),
});
