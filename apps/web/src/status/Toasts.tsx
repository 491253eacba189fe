'use client';
// Toasts in the bottom-right corner; clicking one focuses the pane it is about.
import { IconButton } from '@rozi/ui';
import type { ReactNode } from 'react';
import type { Toast } from './useStatusSurfaces';

const TONE: Record<Toast['tone'], string> = {
  blocked: 'border-l-blocked',
  done: 'border-l-done',
  info: 'border-l-accent',
  warn: 'border-l-blocked',
  error: 'border-l-danger',
};

export function Toasts({
  toasts,
  onOpen,
  onDismiss,
  extra,
  besidePanel = false,
}: {
  toasts: Toast[];
  onOpen(toast: Toast): void;
  onDismiss(id: string): void;
  /** Drawn under a toast's text (a blocked agent's answer buttons). */
  extra?: (toast: Toast) => ReactNode;
  /** A 20rem panel is open on the right (the inbox): stand beside it. */
  besidePanel?: boolean;
}) {
  return (
    <div
      aria-live="polite"
      className={`pointer-events-none fixed bottom-8 z-50 flex w-80 flex-col gap-2 ${besidePanel ? 'right-[21rem]' : 'right-4'}`}
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          data-toast={toast.tone}
          className={`rozi-toast-in pointer-events-auto flex items-start gap-2 rounded-md border border-l-4 border-line bg-surface p-3 shadow-xl ${TONE[toast.tone]}`}
        >
          <div className="min-w-0 flex-1">
            <button
              type="button"
              className="w-full text-left focus-visible:outline-2 focus-visible:outline-accent"
              onClick={() => onOpen(toast)}
            >
              <div className="text-[13px] font-semibold text-fg">{toast.title}</div>
              <div className="text-[12px] text-muted">{toast.message}</div>
            </button>
            {extra?.(toast)}
          </div>
          <IconButton icon="close" label="Dismiss" onClick={() => onDismiss(toast.id)} />
        </div>
      ))}
    </div>
  );
}
