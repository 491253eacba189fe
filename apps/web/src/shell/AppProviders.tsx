'use client';
// Everything a rozi page needs around it: React Query, the tRPC client, the one WebSocket.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from '../api/trpcClient';
import { AgentStatusProvider } from '../status/agentStatus';
import { StreamProvider } from './streamContext';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <StreamProvider>
          <AgentStatusProvider>{children}</AgentStatusProvider>
        </StreamProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
