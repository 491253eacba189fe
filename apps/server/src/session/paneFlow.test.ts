// The PTY's back-pressure with the read-ahead: a pane keeps reading while its blocked viewers
// have less than PTY_READ_AHEAD unsent in the ring, pauses beyond it, resumes when one unblocks.
import { describe, expect, it } from 'vitest';
import { EventBus } from '../events/bus';
import type { ProcessTable } from '../proc/processTable';
import type { PtyBackend, PtyProcess } from '../pty/backend';
import type { OutputSink } from '../stream/streamSource';
import { Pane, PTY_READ_AHEAD } from './pane';
import type { PaneId, PaneKey, TabId } from './model';

function fakePty() {
  const state = { paused: 0, resumed: 0, emit: (_d: Buffer) => undefined as void };
  const pty: PtyProcess = {
    pid: 1 << 22,
    onData: (l) => void (state.emit = l),
    onExit: () => undefined,
    write: () => undefined,
    resize: () => undefined,
    pause: () => void state.paused++,
    resume: () => void state.resumed++,
    kill: () => undefined,
  };
  const backend: PtyBackend = { spawn: () => pty };
  return { state, backend };
}

describe('Pane flow control', () => {
  it('reads ahead PTY_READ_AHEAD past blocked viewers before pausing the PTY', () => {
    const { state, backend } = fakePty();
    const pane = new Pane(
      {
        key: 1 as PaneKey,
        id: 1 as PaneId,
        session: { name: 's' },
        tab: 1 as TabId,
        launch: { command: null, argv: ['x'], cwd: '/', name: null, keepOpen: false },
        cols: 80,
        rows: 24,
      },
      {
        backend,
        procs: { read: () => null } as unknown as ProcessTable,
        bus: new EventBus(),
        env: {},
        shell: '/bin/sh',
        scrollback: 100,
        ringBytes: 4 * 1024 * 1024,
        mirrorOutput: false,
      },
    );
    let blocked = true;
    let sent = 0;
    const viewer: OutputSink = {
      onOutput: () => undefined,
      onExit: () => undefined,
      isBlocked: () => blocked,
      unsent: () => pane.ring.end - sent,
    };
    pane.attach(viewer);
    expect(state.paused).toBe(0);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let n = 0; n + chunk.length < PTY_READ_AHEAD; n += chunk.length) state.emit(chunk);
    expect(state.paused).toBe(0);
    state.emit(chunk);
    state.emit(chunk);
    expect(state.paused).toBe(1);
    // The viewer acks below its low watermark and is sent the ring's bytes: the PTY resumes.
    blocked = false;
    sent = pane.ring.end;
    pane.updateFlow();
    expect(state.resumed).toBe(1);
    pane.dispose();
  });
});
