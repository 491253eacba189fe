'use client';
// Landing on a pane this page starts (a new tab or split from the keys or the palette, a launch
// from the launcher): it takes the focus at once, whatever the layout. Keys typed until the
// server answers with it are held (keyBuffer.ts) and then sent to it in order, never to the pane
// or card it was started from. On the phone, where only one terminal is drawn, the deck gives way
// at once to a full-screen "starting" screen that becomes the new pane's terminal
// (MobileWorkspace reads `landing`); the desktop shows the pane the server focused.
import { useCallback, useRef, useState } from 'react';
import type { WorkspaceApi } from '../model/workspaceApi';
import { terminalFor } from '../terminal/terminalRegistry';
import { deliverHeld, holdKeys } from './keyBuffer';

/** A pane on its way (phone only): `key` is null until the server has answered with it. */
export interface Landing {
  key: number | null;
}

export interface StartPaneOptions {
  /**
   * Hold what is typed meanwhile. Default: on the phone only. The desktop's new tab or split
   * (Ctrl+A c, 128 ms) is focused by the server's event, and a chord typed right after it (the
   * next Ctrl+A) must reach the keymap, not be held as text.
   */
  hold?: boolean;
}

export type StartPane = (
  create: () => Promise<number | undefined>,
  options?: StartPaneOptions,
) => Promise<number | undefined>;

export function usePaneLanding({
  api,
  mobile,
  notice,
}: {
  api: WorkspaceApi;
  mobile: boolean;
  notice(message: string, tone: 'error'): void;
}) {
  const [landing, setLanding] = useState<Landing | null>(null);
  const mobileRef = useRef(mobile);
  mobileRef.current = mobile;

  const startPane: StartPane = useCallback(
    async (create, options = {}) => {
      const phone = mobileRef.current;
      const held = (options.hold ?? phone) ? holdKeys() : null;
      if (phone) setLanding({ key: null });
      let key: number | undefined;
      try {
        key = await create();
      } catch (err) {
        held?.release();
        setLanding(null);
        throw err;
      }
      if (key === undefined) {
        held?.release();
        setLanding(null);
        return undefined;
      }
      const landed = key;
      if (phone) setLanding({ key: landed });
      if (held)
        await deliverHeld(held, (text) => api.sendText(landed, text)).catch((err: unknown) =>
          notice(
            `What you typed did not reach the new pane: ${err instanceof Error ? err.message : String(err)}`,
            'error',
          ),
        );
      terminalFor(landed)?.focus();
      return landed;
    },
    [api, notice],
  );

  /** The phone has opened the landed pane (or the person went back): the starting screen goes. */
  const endLanding = useCallback(() => setLanding(null), []);
  return { landing, startPane, endLanding };
}
