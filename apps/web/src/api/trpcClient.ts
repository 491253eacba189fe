// The tRPC client and its React bindings. The page talks to the server only through this and
// the terminal WebSocket; the router is imported as a type, never as code.
import type { AppRouter } from '@rozi/server/router';
import { QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { pageHeaders } from './pageToken';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Calls that may take seconds go alone: a batch is answered when its slowest call is, so the
 * Changes view's quick file list (milliseconds) sat waiting for the diff it was asked beside
 * (seconds, while the snapshot hashes rewritten files), and so would anything else asked then.
 */
const UNBATCHED = new Set(['worktrees.diff', 'worktrees.diffCounts']);

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => UNBATCHED.has(op.path),
        true: httpLink({ url: '/trpc', headers: pageHeaders }),
        false: httpBatchLink({ url: '/trpc', headers: pageHeaders }),
      }),
    ],
  });
}

export type RoziClient = ReturnType<typeof makeTrpcClient>;
/** The query-options proxy (`useTRPC()`): query keys and filters by procedure path. */
export type Trpc = ReturnType<typeof useTRPC>;

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // The workspace is refetched on server events; polling and focus refetches would only add load.
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 2 },
      mutations: { retry: false },
    },
  });
}
