// The flow-control window this page asks for a pane (stream/protocol.ts on the server). Focused
// and background panes both get FLOW_FOCUSED_WINDOW: a 100 KiB window for background panes was
// meant to keep a sibling flooding `yes` from crowding the focused pane's echo, but in 4 rounds
// over two sittings (bench/web-terminal.mjs --figures busy, load 13–19) it made echo slower in 7
// of 8 comparisons (painted p50 22–31 ms vs 20–24, p99 109–488 vs 52–250): the background PTY
// was paused and resumed every 50 KiB parsed instead of every 256 KiB, and each resume is a
// burst competing with the echo. `?flow-bg=KIB` sets the background window (16–2048 KiB) for
// that A/B (peer rozi-bg100).
import { FLOW_FOCUSED_WINDOW } from './wireFormat';

function backgroundWindow(): number {
  if (typeof location === 'undefined') return FLOW_FOCUSED_WINDOW;
  const kib = Number(new URLSearchParams(location.search).get('flow-bg'));
  return Number.isFinite(kib) && kib >= 16 && kib <= 2048 ? Math.floor(kib * 1024) : FLOW_FOCUSED_WINDOW;
}

const background = backgroundWindow();

export function flowWindow(focused: boolean): number {
  return focused ? FLOW_FOCUSED_WINDOW : background;
}
