'use client';
// One StreamClient per page, shared through context, plus its connection state for the banner.
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ConnectionState } from './streamClient';
import { StreamClient } from './streamClient';

const StreamContext = createContext<StreamClient | null>(null);

export function StreamProvider({ children }: { children: ReactNode }) {
  // The client is made during render but connects only once the provider is committed: a render
  // that React discards (hydration retried under load) would otherwise leave a live socket behind,
  // one more connection that the server feeds every event.
  const [client] = useState(() => StreamClient.forPage());
  useEffect(() => {
    client.start();
    return () => client.dispose();
  }, [client]);
  return <StreamContext.Provider value={client}>{children}</StreamContext.Provider>;
}

export function useStream(): StreamClient {
  const client = useContext(StreamContext);
  if (!client) throw new Error('useStream outside <StreamProvider>');
  return client;
}

export function useConnectionState(): ConnectionState {
  const client = useStream();
  return useSyncExternalStore(
    (listener) => client.onState(listener),
    () => client.state,
    () => 'connecting' as const,
  );
}
