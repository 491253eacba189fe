// files.*: the Files and Git sidebar tabs (files/fileService.ts). Every call names the pane whose
// directory roots the tree (a remote pane's `key` is answered by its host, remote/routing.ts).
import { z } from 'zod';
import { resolvePane } from '../../session/target';
import { targetInput } from '../inputs';
import { procedure, router } from '../trpc';

const view = z.enum(['files', 'git']).default('files');
/** A path inside the tree, as the page got it from a listing; files/listDir.ts checks it further. */
const rel = z.string().max(4096).default('');
const paneInput = targetInput.extend({ view });

export const filesRouter = router({
  /** The built-in tabs `[sidebar] tabs` names, the Files/Git options, and each bad value's warning. */
  tabs: procedure.query(({ ctx }) => ctx.files.tabs()),

  /** One directory level of the tree (at most max_entries entries). */
  list: procedure
    .input(paneInput.extend({ rel }))
    .query(({ ctx, input }) =>
      ctx.files.list({ pane: resolvePane(ctx.manager, input), view: input.view, rel: input.rel }),
    ),

  /** Branch and changed files of the pane's repository (the real git, 5 s timeout). */
  git: procedure
    .input(paneInput)
    .query(({ ctx, input }) => ctx.files.git({ pane: resolvePane(ctx.manager, input), view: input.view })),

  /** Enter / a click on a file: the tab's on_click (default: a link handler, else $EDITOR in a new pane). */
  open: procedure
    .input(paneInput.extend({ rel: z.string().min(1).max(4096) }))
    .mutation(({ ctx, input }) =>
      ctx.files.open({ pane: resolvePane(ctx.manager, input), view: input.view, rel: input.rel }),
    ),

  /** Watches the expanded directories (and the git directory) for 30 s; the page renews it. */
  watch: procedure
    .input(
      paneInput.extend({ rels: z.array(z.string().max(4096)).max(512), git: z.boolean().default(false) }),
    )
    .mutation(({ ctx, input }) =>
      ctx.files.lease({
        pane: resolvePane(ctx.manager, input),
        view: input.view,
        rels: input.rels,
        git: input.git,
      }),
    ),
});
