'use client';
// rozi refuses a picker while another overlay is up ("an overlay is open"). A page that can show
// pickers (the workspace) claims the picker host; any other page (settings, extensions, the agent
// editor — overlays over the workspace in rozi's terms) refuses each picker-open at once, so a
// `rozi pick` never waits on a page that cannot show it.
import { useEffect } from 'react';
import { useTRPCClient } from '../api/trpcClient';
import { useStream } from '../stream/streamContext';

let hosts = 0;

/** Called by the component that renders pickers; returns the release function. */
export function claimPickerHost(): () => void {
  hosts++;
  return () => {
    hosts--;
  };
}

export function PickerRefusal() {
  const stream = useStream();
  const client = useTRPCClient();
  useEffect(
    () =>
      stream.onEvent((e) => {
        if (e.type !== 'picker-open' || hosts > 0) return;
        void client.extensions.pickerAnswer.mutate({
          id: e.picker.id,
          result: { kind: 'refused', reason: 'overlay' },
        });
      }),
    [stream, client],
  );
  return null;
}
