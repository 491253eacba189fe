// The tRPC root: one router per domain (api/routers/<domain>.ts), assembled here. Served at
// /trpc by the custom HTTP server (http/server.ts) and on the control socket for the CLI
// (control/socketServer.ts) — the same procedures for both.
import { z } from 'zod';
import { resolvePane } from '../session/target';
import { notifyLevel, targetInput } from './inputs';
import { configRouter } from './routers/config';
import { definitionsRouter } from './routers/definitions';
import { directoriesRouter } from './routers/directories';
import { discoverRouter } from './routers/discover';
import { keysRouter } from './routers/keys';
import { tabSettingsRouter } from './routers/tabSettings';
import { agentsRouter } from './routers/agents';
import { extensionsRouter } from './routers/extensions';
import { filesRouter } from './routers/files';
import { floatingRouter } from './routers/floating';
import { hostsRouter } from './routers/hosts';
import { launchersRouter } from './routers/launchers';
import { panesRouter } from './routers/panes';
import { profilesRouter } from './routers/profiles';
import { sessionsRouter } from './routers/sessions';
import { statusRouter } from './routers/status';
import { tabsRouter } from './routers/tabs';
import { terminalRouter } from './routers/terminal';
import { workspaceRouter } from './routers/workspace';
import { worktreesRouter } from './routers/worktrees';
import { procedure, router } from './trpc';

export const appRouter = router({
  workspace: workspaceRouter,
  sessions: sessionsRouter,
  hosts: hostsRouter,
  tabs: tabsRouter,
  panes: panesRouter,
  profiles: profilesRouter,
  floating: floatingRouter,
  launchers: launchersRouter,
  extensions: extensionsRouter,
  agents: agentsRouter,
  status: statusRouter,
  definitions: definitionsRouter,
  discover: discoverRouter,
  keys: keysRouter,
  tabSettings: tabSettingsRouter,
  terminal: terminalRouter,
  worktrees: worktreesRouter,
  config: configRouter,
  directories: directoriesRouter,
  files: filesRouter,
  /** Shows a notification in every connected browser (rozi notify). */
  notify: procedure
    .input(
      z.object({
        message: z.string().min(1),
        title: z.string().nullish(),
        level: notifyLevel.optional(),
        pane: targetInput.optional(),
      }),
    )
    .mutation(({ ctx, input }) => {
      const pane =
        input.pane && (input.pane.target !== undefined || input.pane.key !== undefined)
          ? resolvePane(ctx.manager, input.pane)
          : null;
      return ctx.manager.notify({ message: input.message, title: input.title, level: input.level, pane });
    }),
});

export type AppRouter = typeof appRouter;
