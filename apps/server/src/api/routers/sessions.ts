// sessions.create / rename / kill / setFolder / list.
import { z } from 'zod';
import { directoryInput, launchInput, PTY_READY_TIMEOUT_MS } from '../inputs';
import { RoziError } from '../../session/errors';
import { procedure, router } from '../trpc';

const sessionName = z.string().min(1);

/** One row of sessions.list; remote hosts' rows (remote/routing.ts) carry their alias and link state. */
export interface SessionRow {
  name: string;
  instanceId: string;
  folder: string | null;
  tabs: number;
  panes: number;
  activeTabId: number;
  host: string | null;
  state?: string;
}

export const sessionsRouter = router({
  /** `host`: only that remote host's sessions (answered by the host, remote/routing.ts). */
  list: procedure
    .input(z.object({ host: z.string().min(1).optional() }).optional())
    .query(({ ctx }): SessionRow[] =>
      [...ctx.manager.sessions.values()].map((s) => ({
        name: s.name,
        instanceId: s.instanceId,
        folder: s.folder,
        tabs: s.tabs.length,
        panes: s.panes.size,
        activeTabId: s.activeTabId,
        host: null,
      })),
    ),

  create: procedure
    .input(
      launchInput.extend({
        name: sessionName.optional(),
        folder: directoryInput.nullish(),
        /** A remote host alias: the session is created there (remote/routing.ts answers such calls). */
        host: z.string().min(1).optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { name, folder, host: _host, ...launch } = input;
      // Without a command, [profile] default seeds the session (profiles/profileService.ts).
      const { session, pane, profile, warnings } = await ctx.profiles.createSeeded({ name, folder, launch });
      const ptyReady = await pane.waitReady(PTY_READY_TIMEOUT_MS);
      return {
        session: session.name,
        instanceId: session.instanceId,
        pane: ctx.manager.startedPaneInfo(pane),
        pty_ready: ptyReady,
        profile,
        warnings,
      };
    }),

  /**
   * The address of a read-only viewer of `session` (rozi's attach --read-only): whoever opens it
   * watches but never types (http/gate.ts, api/readOnlyAccess.ts). Never answered to a viewer.
   */
  readOnlyLink: procedure.input(z.object({ session: sessionName })).query(({ ctx, input }) => {
    const session = ctx.manager.session(input.session);
    const url = ctx.readOnlyUrl(session.name);
    if (!url)
      throw new RoziError(
        'conflict',
        'this server has no web port (started headless), so it has no link to share',
      );
    return { session: session.name, url, readOnly: true };
  }),

  rename: procedure.input(z.object({ session: sessionName, to: sessionName })).mutation(({ ctx, input }) => {
    const s = ctx.manager.renameSession(input.session, input.to);
    return { session: s.name };
  }),

  kill: procedure.input(z.object({ session: sessionName })).mutation(async ({ ctx, input }) => {
    await ctx.manager.killSession(input.session);
    return { session: input.session, killed: true };
  }),

  setFolder: procedure
    .input(z.object({ session: sessionName, folder: directoryInput.nullable() }))
    .mutation(({ ctx, input }) => {
      const s = ctx.manager.setFolder(input.session, input.folder);
      return { session: s.name, folder: s.folder };
    }),
});
