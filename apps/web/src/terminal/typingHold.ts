// Typing first: after a key in the focused pane, background panes' output waits until that pane
// has drawn its next output (the echo) or TYPING_HOLD_MS passed, whichever comes first. A sibling
// pane streaming `yes` otherwise parses a slice and redraws its whole screen in the same frames as
// the echo, so every keystroke paid for a background redraw (bench/web-terminal.mjs, echo during
// `yes`). Held bytes are not dropped: paneWriter keeps them queued and flow control slows the
// server meanwhile; the pane catches up between keystrokes.
import type { IDisposable } from '@xterm/xterm';

/** The terminal events watchEcho listens to (an xterm Terminal has them). */
export interface EchoEvents {
  onData(listener: () => void): IDisposable;
  onWriteParsed(listener: () => void): IDisposable;
  onRender(listener: () => void): IDisposable;
}

/** Longest a key holds background output back when no echo comes (a key that prints nothing). */
export const TYPING_HOLD_MS = 120;

let until = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
const waiting: Array<() => void> = [];

function release(): void {
  until = 0;
  if (timer) clearTimeout(timer);
  timer = null;
  // In a task of their own: the release comes from inside the frame that drew the echo.
  if (waiting.length > 0) setTimeout(() => waiting.length > 0 && !typingHeld() && resumeAll(), 0);
}

function resumeAll(): void {
  for (const resume of waiting.splice(0)) resume();
}

/** A key went to the focused pane: hold background output until its echo is drawn. */
export function holdForEcho(now: number = performance.now()): void {
  until = now + TYPING_HOLD_MS;
  if (timer) clearTimeout(timer);
  timer = setTimeout(release, TYPING_HOLD_MS);
}

/** The focused pane drew output after a key: background panes go on. */
export function echoDrawn(): void {
  if (until !== 0) release();
}

/** Whether background output waits now. */
export function typingHeld(now: number = performance.now()): boolean {
  return now < until;
}

/** Runs `resume` once the hold ends (at once if nothing is held). */
export function afterTypingHold(resume: () => void): void {
  if (!typingHeld()) {
    resume();
    return;
  }
  waiting.push(resume);
}

/**
 * Wires one terminal: a key typed while it is the focused pane holds background output, and its
 * first render after output parsed since that key releases it.
 */
export function watchEcho(term: EchoEvents, focused: () => boolean): IDisposable {
  let keyed = false;
  let parsed = false;
  const subs = [
    term.onData(() => {
      if (!focused()) return;
      keyed = true;
      parsed = false;
      holdForEcho();
    }),
    term.onWriteParsed(() => {
      if (keyed) parsed = true;
    }),
    term.onRender(() => {
      if (!keyed || !parsed) return;
      keyed = false;
      echoDrawn();
    }),
  ];
  return { dispose: () => subs.forEach((s) => s.dispose()) };
}
