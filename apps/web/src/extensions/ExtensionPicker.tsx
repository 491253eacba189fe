'use client';
// The modal for `rozi pick` / `rozi prompt` (and an extension's pickers): opened by a
// picker-open event, rows replaced by picker-rows, closed by picker-closed in every browser; the
// first browser to answer (extensions.pickerAnswer) wins. A browser already showing another
// overlay (palette, prompt, launcher, search) refuses it, as rozi does ("an overlay is open").
// The modal opens with the focus in its filter field (Dialog places it), so a person types,
// moves with the arrows and presses Enter without the mouse.
import type { PickerRequest } from '@rozi/server/events';
import { Dialog } from '@rozi/ui';
import { useEffect, useState } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { claimPickerHost } from '../shell/pickerHost';
import { useStream } from '../stream/streamContext';
import { PickerBody, PromptBody } from './PickerBody';

/** rozi sizes pickers in columns (30–120, default 60); ~10 px a column at the modal's font. */
function widthOf(picker: PickerRequest | null): string {
  const columns = picker?.width ?? 60;
  return `min(${columns * 10 + 32}px, calc(100vw - 2rem))`;
}

function overlayOpen(): boolean {
  return document.querySelector('dialog[open], [data-overlay]') !== null;
}

export function ExtensionPicker() {
  const stream = useStream();
  const client = useTRPCClient();
  const [picker, setPicker] = useState<PickerRequest | null>(null);
  useEffect(() => claimPickerHost(), []);
  useEffect(
    () =>
      stream.onEvent((e) => {
        if (e.type === 'picker-open') {
          if (overlayOpen())
            void client.extensions.pickerAnswer.mutate({
              id: e.picker.id,
              result: { kind: 'refused', reason: 'overlay' },
            });
          else {
            setPicker(e.picker);
            // Tells the server a person has it now (it stops counting this page as undecided).
            void client.extensions.pickerAnswer.mutate({ id: e.picker.id, result: { kind: 'shown' } });
          }
        } else if (e.type === 'picker-rows')
          setPicker((p) => (p && p.id === e.id ? { ...p, rows: e.rows } : p));
        else if (e.type === 'picker-closed') setPicker((p) => (p && p.id === e.id ? null : p));
      }),
    [stream, client],
  );
  return (
    <Dialog
      open={picker !== null}
      onClose={() => {
        // Esc or a click outside: the picker is cancelled for whoever asked.
        if (picker)
          void client.extensions.pickerAnswer.mutate({ id: picker.id, result: { kind: 'cancelled' } });
        setPicker(null);
      }}
      title={picker?.title ?? (picker?.mode === 'prompt' ? 'Prompt' : 'Pick')}
      placement="top"
      width={widthOf(picker)}
    >
      {picker?.mode === 'prompt' && (
        <PromptBody key={picker.id} picker={picker} onDone={() => setPicker(null)} />
      )}
      {picker?.mode === 'pick' && (
        <PickerBody key={picker.id} picker={picker} onDone={() => setPicker(null)} />
      )}
    </Dialog>
  );
}
