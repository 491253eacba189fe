'use client';
// Everything a rozi page needs around it: React Query, the tRPC client, the one WebSocket, and
// the event table that keeps the query cache in step with the server.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { makeQueryClient, makeTrpcClient, TRPCProvider } from '../api/trpcClient';
import { EventCache } from '../cache/EventCache';
import { StreamProvider } from '../stream/streamContext';
import { ConfigThemeSync } from './ConfigThemeSync';
import { PickerRefusal } from './pickerHost';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  const [trpcClient] = useState(makeTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <StreamProvider>
          <EventCache />
          <PickerRefusal />
          <ConfigThemeSync />
          {children}
        </StreamProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
