'use client';
// The workspace touches window, WebSocket and xterm.js: render it in the browser only.
import dynamic from 'next/dynamic';

export const WorkspaceClient = dynamic(() => import('../src/roots/WorkspaceApp'), {
  ssr: false,
  loading: () => (
    <div className="flex h-dvh items-center justify-center text-[13px] text-muted">Starting rozi…</div>
  ),
});

export const SettingsClient = dynamic(() => import('../src/roots/SettingsPage'), {
  ssr: false,
  loading: () => (
    <div className="flex h-dvh items-center justify-center text-[13px] text-muted">Loading settings…</div>
  ),
});
