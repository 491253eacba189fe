// directories.complete: what a directory field offers as a person types (api/dirComplete.ts).
import { z } from 'zod';
import { completeDirectory } from '../dirComplete';
import { procedure, router } from '../trpc';

export const directoriesRouter = router({
  complete: procedure
    .input(z.object({ prefix: z.string().max(4096), limit: z.number().int().min(1).max(200).optional() }))
    .query(({ input }) => completeDirectory(input.prefix, { limit: input.limit })),
});
