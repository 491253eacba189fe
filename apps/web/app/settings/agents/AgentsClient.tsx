'use client';
// The agents pages use the server's live data and the browser's WebSocket: render them in the browser only.
import dynamic from 'next/dynamic';

const loading = () => (
  <div className="flex h-dvh items-center justify-center text-[13px] text-muted">Loading agents…</div>
);

export const AgentsListClient = dynamic(() => import('../../../src/agentsEditor/AgentsListPage'), {
  ssr: false,
  loading,
});
export const AgentEditorClient = dynamic(() => import('../../../src/agentsEditor/AgentEditorPage'), {
  ssr: false,
  loading,
});
