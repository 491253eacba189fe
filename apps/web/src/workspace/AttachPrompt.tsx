'use client';
// rozi's attach prompt (sessions.md, "Following is chosen, never assigned"): Follow, Ask for
// control (Take control with takeover on) or Cancel, asked when this page attaches to a session
// another page drives. Esc and the backdrop cancel. When Cancel had nowhere to go back to, the
// page shows LeftAlone instead of the session's panes.
import { Button, Dialog, EmptyState } from '@rozi/ui';
import { useEffect, useRef } from 'react';
import { askLabel } from './attachPrompt';
import type { AttachPrompt as Prompt } from './useAttachPrompt';

export function AttachPrompt({ p }: { p: Prompt }) {
  const open = p.step === 'prompt';
  return (
    <Dialog
      open={open}
      onClose={p.cancel}
      title={open ? `browser ${p.controller} is driving ${p.session}` : ''}
    >
      {open && (
        <div className="flex flex-col gap-4" data-attach-prompt={p.session}>
          <p className="text-[13px] text-fg/90">
            Follow its layout (you can still type, focus and switch workspaces),{' '}
            {p.takeover ? 'take' : 'ask for'} layout control, or leave {p.session} alone.
          </p>
          <div className="flex justify-end gap-2">
            <Button onClick={p.cancel}>Cancel</Button>
            <Button onClick={p.ask}>{askLabel(p.takeover)}</Button>
            <Button variant="primary" data-autofocus="" onClick={p.follow}>
              Follow
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

export function LeftAlone({ p }: { p: Prompt }) {
  const box = useRef<HTMLDivElement>(null);
  // After the prompt's close gave the focus back to its opener (a layout effect): the way back in.
  useEffect(() => box.current?.querySelector<HTMLButtonElement>('button[data-autofocus]')?.focus(), []);
  return (
    <div ref={box} className="h-full w-full" data-left-alone={p.session}>
      <EmptyState
        icon="terminal"
        title={`You left ${p.session} alone`}
        actions={
          <Button variant="primary" data-autofocus="" onClick={p.attachAgain}>
            Attach to {p.session}
          </Button>
        }
      >
        Nothing changed there: this page shows none of its panes and is not on its roster. Pick another
        session from the sidebar, or attach again.
      </EmptyState>
    </div>
  );
}
