'use client';
// The extensions pages touch window and the WebSocket: render them in the browser only.
import dynamic from 'next/dynamic';

const loading = () => (
  <div className="flex h-dvh items-center justify-center text-[13px] text-muted">Loading…</div>
);

export const ExtensionsClient = dynamic(() => import('../../src/extensions/ExtensionsPage'), {
  ssr: false,
  loading,
});
export const KeybindingsClient = dynamic(() => import('../../src/extensions/KeybindingEditor'), {
  ssr: false,
  loading,
});
