// The cursor blink for xterm's DOM renderer. xterm blinks a DOM cursor with an infinite CSS
// animation, and a running main-thread animation keeps Chromium producing a frame at every vsync:
// the frame that paints a key's echo then starts at the next vsync instead of right after the
// bytes are parsed. Measured here (bench/web-terminal.mjs' rAF probe): a requestAnimationFrame
// asked for on the rozi page ran a median 7.5–11.8 ms later with xterm's blink, 0.9 ms without
// (about:blank: 0.7 ms). So with the DOM renderer rozi turns xterm's blink off and blinks the
// cursor itself: a class on the host toggled every BLINK_MS (two frames a second), solid while
// output or keys arrive, and only in the focused terminal (as xterm does).
import type { Terminal } from '@xterm/xterm';

const BLINK_MS = 600;
/** On the terminal host element while the blinking cursor is in its hidden half (globals.css). */
export const CURSOR_OFF_CLASS = 'rozi-cursor-off';

export function startCursorBlink(o: { host: HTMLElement; term: Terminal }): { dispose(): void } {
  // Typing and output only note the time: they run before a key's bytes are sent and for every
  // write, where clearing and re-arming a timer cost more than the send itself (CPU profile of the
  // echo path). The tick keeps the cursor solid until BLINK_MS after the last of them.
  let lastActivity = performance.now();
  let hidden = false;
  const show = () => {
    if (!hidden) return;
    hidden = false;
    o.host.classList.remove(CURSOR_OFF_CLASS);
  };
  const timer = setInterval(() => {
    if (!o.term.element?.classList.contains('focus') || performance.now() - lastActivity < BLINK_MS) {
      show();
      return;
    }
    hidden = !hidden;
    o.host.classList.toggle(CURSOR_OFF_CLASS, hidden);
  }, BLINK_MS);
  // Typing and output keep the cursor solid, so an echo is never drawn into the hidden half.
  const activity = () => {
    lastActivity = performance.now();
    show();
  };
  const subs = [o.term.onWriteParsed(activity), o.term.onData(activity)];
  return {
    dispose() {
      clearInterval(timer);
      for (const s of subs) s.dispose();
      hidden = true;
      show();
    },
  };
}
