// directories.complete: what a directory field offers as a person types (api/dirComplete.ts).
// A field that belongs to a session on a remote host names it (`session: 'dev@box'`, or
// `host: 'box'`): remote/routing.ts then forwards the call, and the host reads its own disk.
import { z } from 'zod';
import { completeDirectory } from '../dirComplete';
import { procedure, router } from '../trpc';

export const directoriesRouter = router({
  complete: procedure
    .input(
      z.object({
        prefix: z.string().max(4096),
        limit: z.number().int().min(1).max(200).optional(),
        /** The session the directory is for; only its host matters (routing). */
        session: z.string().max(256).optional(),
        /** The host whose disk is read ('local' or absent: this machine). */
        host: z.string().max(256).optional(),
      }),
    )
    .query(({ input }) => completeDirectory(input.prefix, { limit: input.limit })),
});
