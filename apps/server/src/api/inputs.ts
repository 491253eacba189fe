// Input schemas shared by several routers and by the CLI verbs that check their options with
// them (cli/optionValue.ts): targets, launch requests, states.
import { ACTIVITY_STATES, REPORTED_STATES } from '@rozi/detect';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * `~` and `~/dir` as a shell reads them: directory fields in the browser get what people type
 * (no shell expands it there), and `~/src` no longer fails as a missing directory.
 */
export function expandHome(path: string, home: string = homedir()): string {
  if (path === '~') return home;
  if (path.startsWith('~/')) return join(home, path.slice(2));
  return path;
}

/** A directory as typed: `~` expanded. */
export const directoryInput = z
  .string()
  .min(1)
  .transform((p) => expandHome(p));

/** A state a pane may claim with `rozi status` or a published row. */
export const activityState = z.enum(ACTIVITY_STATES);
/** `rozi status VALUE`: free-form, short (rozi's set-status). */
export const reportedStatusValue = z.string().trim().min(1).max(64);
/** A state an agent integration may report (`rozi agents report`). */
export const reportedState = z.enum(REPORTED_STATES);

/** How loud a notification is (rozi notify --level). */
export const notifyLevel = z.enum(['info', 'warn', 'error']);

/** A workspace number as typed (the server checks 1-9, one message for every door). */
export const workspaceWord = z
  .string()
  .trim()
  .regex(/^[+-]?\d+$/, { error: 'a workspace number from 1 to 9' })
  .transform(Number);

/** See session/target.ts for how these resolve. */
export const targetInput = z.object({
  session: z.string().min(1).optional(),
  target: z.union([z.number().int().nonnegative(), z.string().min(1)]).optional(),
  key: z.number().int().positive().optional(),
  /** A session by its instance id (ROZI_SESSION_INSTANCE): names change and repeat, instances do not. */
  sessionInstance: z.string().min(1).optional(),
});

export const launchInput = z.object({
  command: z.string().min(1).nullish(),
  argv: z.array(z.string()).min(1).nullish(),
  cwd: directoryInput.nullish(),
  title: z.string().nullish(),
  keepOpen: z.boolean().optional(),
  cols: z.number().int().min(2).max(1000).optional(),
  rows: z.number().int().min(1).max(500).optional(),
  /** `[environment] forward`: NAME → value the CLI read from its own environment (at most 64). */
  env: z
    .record(
      z
        .string()
        .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
        .max(200),
      z.string().max(65536),
    )
    .refine((e) => Object.keys(e).length <= 64, 'at most 64 forwarded variables')
    .optional(),
});

/** How long split/new-pane wait for the PTY before answering pty_ready: false (DESIGN.md). */
export const PTY_READY_TIMEOUT_MS = 5000;
