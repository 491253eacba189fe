// Input schemas shared by several routers: targets and launch requests.
import { z } from 'zod';

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
  cwd: z.string().min(1).nullish(),
  title: z.string().nullish(),
  keepOpen: z.boolean().optional(),
  cols: z.number().int().min(2).max(1000).optional(),
  rows: z.number().int().min(1).max(500).optional(),
});

/** How long split/new-pane wait for the PTY before answering pty_ready: false (DESIGN.md). */
export const PTY_READY_TIMEOUT_MS = 5000;
