'use client';
// The Undo toast of the config.toml entry editors: after each add / change / remove / move, one
// toast names the change with an Undo button (config.undo). One toast at a time, kept until
// the next change, Undo, or its close button; a failed Undo says why in it.
import { Button, IconButton } from '@rozi/ui';
import { useMutation } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTRPC } from '../api/trpcClient';

interface UndoState {
  label: string;
  id: string | null;
  message: string | null;
}

let state: UndoState | null = null;
const listeners = new Set<() => void>();

function set(next: UndoState | null): void {
  state = next;
  for (const l of listeners) l();
}

/** Shows the toast for a change the server recorded (`id` null: nothing to undo). */
export function showUndo(label: string, id: string | null): void {
  set({ label, id, message: null });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function EntryUndoToast() {
  const trpc = useTRPC();
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  );
  const undo = useMutation(trpc.config.undo.mutationOptions());
  if (!current) return null;
  return (
    <div
      role="status"
      data-undo-toast={current.label}
      className="fixed right-4 bottom-8 z-50 flex w-80 max-w-[calc(100vw-2rem)] items-start gap-2 rounded-md border border-l-4 border-line border-l-accent bg-surface p-3 shadow-xl"
    >
      <div className="min-w-0 flex-1 text-[12px]">
        <p className="font-semibold text-fg">{current.label} in config.toml.</p>
        {current.message && (
          <p role="alert" className="text-danger">
            {current.message}
          </p>
        )}
      </div>
      {current.id && (
        <Button
          className="min-h-[32px]"
          disabled={undo.isPending}
          onClick={() => {
            const id = current.id;
            if (!id) return;
            undo.mutate(
              { id },
              {
                onSuccess: (r) => set({ label: `Undid: ${r.label}`, id: null, message: null }),
                onError: (err) => set({ ...current, message: err.message }),
              },
            );
          }}
        >
          Undo
        </Button>
      )}
      <IconButton icon="close" size="md" label="Dismiss" onClick={() => set(null)} />
    </div>
  );
}
