'use client';
// One pane's terminal: xterm.js 6 with its addons, wired to the page's WebSocket. Output is
// written as bytes and acknowledged from xterm's write callback (flow control), so a pane
// streaming `yes` keeps the page responsive and Ctrl-C reaches the shell at once.
import { BrowserClipboardProvider, ClipboardAddon } from '@xterm/addon-clipboard';
import { FitAddon } from '@xterm/addon-fit';
import { SearchAddon } from '@xterm/addon-search';
import { Unicode11Addon } from '@xterm/addon-unicode11';
import { WebLinksAddon } from '@xterm/addon-web-links';
import { Terminal } from '@xterm/xterm';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSettings } from '../settings/settingsStore';
import { useConfigTheme } from '../settings/configTheme';
import { useConfigBehaviour } from '../settings/useConfigInput';
import { useResolvedTheme } from '../settings/useResolvedTheme';
import { useStream } from '../stream/streamContext';
import type { PaneAttachment } from '../stream/streamClient';
import { flowWindow } from '../stream/flowWindow';
import { useTRPCClient } from '../api/trpcClient';
import { openTerminalLink } from './openTerminalLink';
import { TerminalSearchBar } from './TerminalSearchBar';
import { startCursorBlink } from './cursorBlink';
import { keepGlyphWidths } from './glyphWidths';
import { attachShellMarks } from './shellMarks';
import { historyWindow, PAGE_WINDOW, type HistoryWindow } from './historyWindow';
import { chooseRenderer } from './rendererChoice';
import { exposeForProbe } from './terminalProbe';
import { registerTerminal } from './terminalRegistry';
import { paneWriter } from './paneWriter';
import { manageWebgl } from './webglBudget';
import { terminalModes } from './terminalModes';
import { terminalTheme } from './xtermTheme';
import { watchEcho } from './typingHold';

export interface TerminalViewProps {
  paneKey: number;
  /** The server's focused pane: keyboard focus follows it. */
  focused: boolean;
  label: string;
  onFocusRequest: () => void;
  /** Mobile: the key row's sticky modifiers apply to the next key typed. */
  transformInput?: (data: string) => string;
  /** Lines of history the pane keeps on the server: its own (PaneView.scrollback), else PAGE_SCROLLBACK. */
  scrollback?: number;
}

/** The server's DEFAULT_SCROLLBACK (server/defaults.ts), for a pane whose row does not say. */
export const PAGE_SCROLLBACK = 5000;

export function TerminalView({
  paneKey,
  focused,
  label,
  onFocusRequest,
  transformInput,
  scrollback = PAGE_SCROLLBACK,
}: TerminalViewProps) {
  const host = useRef<HTMLDivElement>(null);
  // Read from the link handler, which lives as long as the terminal (extensions' link handlers).
  const trpcClient = useRef(useTRPCClient());
  const termRef = useRef<Terminal | null>(null);
  const attachmentRef = useRef<PaneAttachment | null>(null);
  const searchRef = useRef<SearchAddon | null>(null);
  const historyRef = useRef<HistoryWindow | null>(null);
  const stream = useStream();
  const settings = useSettings();
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const resolved = useResolvedTheme();
  const configPalette = useConfigTheme()?.palette?.terminal ?? null;
  const osc52 = useRef(true);
  osc52.current = useConfigBehaviour()?.clipboard.osc52 !== false;
  const theme = useMemo(() => configPalette ?? terminalTheme(resolved), [configPalette, resolved]);
  const [exitCode, setExitCode] = useState<number | null | undefined>(undefined);
  const [searchOpen, setSearchOpen] = useState(false);
  /** Bumped when the pane's older history came in (historyWindow.ts): an open find runs again. */
  const [reloads, setReloads] = useState(0);
  const [loadingHistory, setLoadingHistory] = useState(false);
  /** Another page's size the PTY has (a follower's letterbox), or null when the size is ours. */
  const [letterbox, setLetterbox] = useState<{ cols: number; rows: number; by: number } | null>(null);
  const focusedRef = useRef(focused);
  focusedRef.current = focused;
  const focusRequest = useRef(onFocusRequest);
  focusRequest.current = onFocusRequest;
  const transform = useRef(transformInput);
  transform.current = transformInput;
  const scrollbackRef = useRef(scrollback);
  scrollbackRef.current = scrollback;
  /** Applies the blink setting to whichever renderer is active (cursorBlink.ts says why). */
  const applyBlink = useRef<(blink: boolean) => void>(() => undefined);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const term = new Terminal({
      allowProposedApi: true, // unicode11 sets the proposed `unicode.activeVersion`
      fontFamily: settings.fontFamily,
      fontSize: settings.fontSize,
      theme,
      // The newest PAGE_WINDOW lines of what the server's mirror keeps (config `scrollback`); the
      // rest is fetched when the user goes looking for it (historyWindow.ts).
      scrollback: Math.min(scrollbackRef.current, PAGE_WINDOW),
      cursorBlink: false, // applyBlink below, once the renderer is known
      screenReaderMode: settings.screenReader,
      macOptionIsMeta: true,
      rightClickSelectsWord: true,
      allowTransparency: false,
      drawBoldTextInBrightColors: true,
    });
    termRef.current = term;
    const fit = new FitAddon();
    const search = new SearchAddon();
    searchRef.current = search;
    term.loadAddon(fit);
    term.loadAddon(search);
    term.loadAddon(new Unicode11Addon());
    term.unicode.activeVersion = '11';
    term.loadAddon(new WebLinksAddon((_event, uri) => void openTerminalLink(trpcClient.current, uri)));
    // OSC 52: programs in the pane may set the clipboard, unless [clipboard] enable_osc52 = false.
    const browserClipboard = new BrowserClipboardProvider();
    term.loadAddon(
      new ClipboardAddon(undefined, {
        readText: (sel) => (osc52.current ? browserClipboard.readText(sel) : ''),
        writeText: (sel, text) => (osc52.current ? browserClipboard.writeText(sel, text) : undefined),
      }),
    );
    term.open(element);
    const marks = attachShellMarks(term);
    const modes = terminalModes({
      term,
      host: element,
      marks,
      client: () => trpcClient.current,
      onReload: (listener) => history.onReload(listener),
    });
    element.dataset.renderer = 'dom';
    // Printable ASCII's widths measured while idle, not one forced layout per first glyph drawn.
    const glyphs = keepGlyphWidths({
      term,
      onOutcome: (outcome) => {
        element.dataset.glyphWidths = outcome;
      },
    });
    // WebGL while visible and within the page's budget (webglBudget.ts), else the DOM renderer.
    const gpu =
      chooseRenderer() === 'webgl'
        ? manageWebgl({
            term,
            element,
            onChange: (renderer) => {
              element.dataset.renderer = renderer;
              applyBlink.current(!settingsRef.current.reduceMotion);
              glyphs.refresh();
            },
          })
        : null;
    let ownBlink: { dispose(): void } | null = null;
    applyBlink.current = (blink) => {
      const dom = element.dataset.renderer !== 'webgl';
      term.options.cursorBlink = blink && !dom;
      if (blink && dom) ownBlink ??= startCursorBlink({ host: element, term });
      else {
        ownBlink?.dispose();
        ownBlink = null;
      }
    };
    applyBlink.current(!settingsRef.current.reduceMotion);
    // Following another page's size (stream/protocol.ts): the terminal keeps that size, centred
    // or scrollable in the pane, and the server still hears this page's own size for when the
    // lease comes here.
    let follow: { cols: number; rows: number } | null = null;
    let own: { cols: number; rows: number } | null = null;
    const ownSize = () => {
      if (!follow) return { cols: term.cols, rows: term.rows };
      const proposed = fit.proposeDimensions();
      return proposed && proposed.cols > 0 && proposed.rows > 0
        ? { cols: proposed.cols, rows: proposed.rows }
        : (own ?? { cols: term.cols, rows: term.rows });
    };
    const fitNow = () => {
      if (element.clientWidth < 20 || element.clientHeight < 20) return; // hidden or collapsed
      try {
        if (!follow) {
          fit.fit();
          return;
        }
        const mine = ownSize();
        if (mine.cols !== own?.cols || mine.rows !== own.rows) {
          own = mine;
          attachment.resize(mine.cols, mine.rows);
        }
        if (term.cols !== follow.cols || term.rows !== follow.rows) term.resize(follow.cols, follow.rows);
      } catch {
        // fit() measures the DOM; during teardown there may be nothing to measure.
      }
    };
    fitNow();

    // The focused pane's output first: a flooding sibling is fed in slices (paneWriter.ts).
    const writer = paneWriter(term, { foreground: () => focusedRef.current });
    // The write right after a reset is the snapshot: the server's marks replay at its end is read
    // while it parses, and none after it (shellMarks.ts).
    let snapshotNext = false;
    const attachment = stream.attach(
      paneKey,
      {
        write: (bytes, written) => {
          if (!snapshotNext) return writer.write(bytes, written);
          snapshotNext = false;
          writer.write(bytes, () => {
            marks.closeReplay();
            history.snapshotWritten();
            written();
          });
        },
        reset: () => {
          writer.reset();
          marks.reset();
          term.reset();
          snapshotNext = true;
          setExitCode(undefined);
        },
        exited: (code) => setExitCode(code),
        size: ownSize,
        canonical: (size) => {
          follow = size && { cols: size.cols, rows: size.rows };
          own = null;
          if (size) element.dataset.letterbox = `${size.cols}x${size.rows}`;
          else delete element.dataset.letterbox;
          setLetterbox(size);
          fitNow();
        },
      },
      // The focused pane gets the full flow window, the others a small one (protocol.ts).
      flowWindow(focusedRef.current),
    );
    attachmentRef.current = attachment;
    // A fetch of older lines that takes a while (a long scrollback, a busy server) says so.
    let loadingNote: ReturnType<typeof setTimeout> | null = null;
    const history = historyWindow({
      term,
      lines: scrollbackRef.current,
      resync: () => attachment.resync(),
      // Once per drawn frame, not once per line a flood scrolls (historyWindow.ts).
      watchViewport: (check) => term.onRender(check),
      onState: (state) => {
        if (loadingNote) clearTimeout(loadingNote);
        loadingNote = state === 'loading' ? setTimeout(() => setLoadingHistory(true), 150) : null;
        if (state !== 'loading') setLoadingHistory(false);
      },
    });
    historyRef.current = history;
    history.onReload(() => setReloads((n) => n + 1));
    const disposables = [
      term.onData((data) => attachment.input(transform.current ? transform.current(data) : data)),
      term.onBinary((data) => attachment.input(data)),
      term.onResize(({ cols, rows }) => follow || attachment.resize(cols, rows)),
      // A key here holds background panes' output until its echo is drawn (typingHold.ts).
      watchEcho(term, () => focusedRef.current),
    ];
    // With several viewers and no controller among them the last active one sets the PTY size.
    const onFocusIn = () => {
      const mine = ownSize();
      attachment.resize(mine.cols, mine.rows);
      focusRequest.current();
    };
    element.addEventListener('focusin', onFocusIn);

    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fitNow);
    });
    observer.observe(element);

    const unprobe = exposeForProbe(paneKey, term);
    const unregister = registerTerminal(paneKey, {
      focus: () => term.focus(),
      copySelection: async () => {
        const text = term.getSelection();
        if (!text) return false;
        await navigator.clipboard.writeText(text);
        return true;
      },
      paste: (text) => term.paste(text),
      // Find and copy mode cover the pane's whole history, not only the page's window of it.
      openSearch: () => {
        void history.full();
        setSearchOpen(true);
      },
      input: (data) => attachment.input(data),
      screenText: () => {
        const buffer = term.buffer.active;
        const lines: string[] = [];
        for (let y = 0; y < term.rows; y++)
          lines.push(buffer.getLine(buffer.viewportY + y)?.translateToString(true) ?? '');
        return lines.join('\n');
      },
      lastOutput: () => marks.lastOutput(),
      jumpToPrompt: async (direction) => {
        if (marks.jumpToPrompt(direction)) return true;
        if (direction > 0 || history.state === 'full') return false;
        await history.full();
        return marks.jumpToPrompt(direction);
      },
      copyMode: (notice) => {
        void history.full();
        modes.copyMode(notice);
      },
      hintMode: (notice) => modes.hintMode(notice),
    });

    return () => {
      ownBlink?.dispose();
      glyphs.dispose();
      applyBlink.current = () => undefined;
      gpu?.dispose();
      unprobe();
      unregister();
      observer.disconnect();
      cancelAnimationFrame(frame);
      element.removeEventListener('focusin', onFocusIn);
      for (const d of disposables) d.dispose();
      modes.dispose();
      if (loadingNote) clearTimeout(loadingNote);
      history.dispose();
      historyRef.current = null;
      marks.dispose();
      attachmentRef.current = null;
      attachment.dispose();
      writer.dispose();
      term.dispose();
      termRef.current = null;
      searchRef.current = null;
    };
    // The terminal is created once per pane; option changes are applied below without a remount.
  }, [paneKey, stream]);

  useEffect(() => {
    const term = termRef.current;
    if (!term) return;
    term.options.fontFamily = settings.fontFamily;
    term.options.fontSize = settings.fontSize;
    term.options.theme = theme;
    term.options.screenReaderMode = settings.screenReader;
    applyBlink.current(!settings.reduceMotion);
  }, [settings.fontFamily, settings.fontSize, settings.screenReader, settings.reduceMotion, theme]);

  useEffect(() => {
    historyRef.current?.setLines(scrollback);
  }, [scrollback]);

  useEffect(() => {
    attachmentRef.current?.setWindow(flowWindow(focused));
  }, [focused]);

  useEffect(() => {
    if (!focused) return;
    // Don't pull focus out of an open dialog (palette, rename); it returns when the dialog closes.
    if (document.querySelector('dialog[open]')) return;
    termRef.current?.focus();
  }, [focused]);

  return (
    <div className="rozi-term absolute inset-0 bg-term" aria-label={`Terminal: ${label}`} role="region">
      <div ref={host} className="absolute inset-0" data-terminal-key={paneKey} />
      {loadingHistory && (
        <div
          className="pointer-events-none absolute left-1/2 top-2 -translate-x-1/2 rounded border border-line bg-surface/90 px-2 py-0.5 text-[11px] text-muted"
          data-history-loading
          role="status"
        >
          Loading earlier output…
        </div>
      )}
      {letterbox && (
        <div
          className="pointer-events-none absolute bottom-1 right-2 rounded border border-line bg-surface/90 px-1.5 py-0.5 text-[11px] text-muted"
          data-letterbox-note
          title={`browser ${letterbox.by} controls this session, so its size is the terminal's; take control to use this page's size`}
        >
          {letterbox.cols}×{letterbox.rows} · browser {letterbox.by}’s size
        </div>
      )}
      {searchOpen && searchRef.current && (
        <TerminalSearchBar
          search={searchRef.current}
          reloads={reloads}
          onClose={() => {
            setSearchOpen(false);
            termRef.current?.focus();
          }}
        />
      )}
      {exitCode !== undefined && (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex justify-center p-2">
          <div
            role="status"
            className="pointer-events-auto rounded-md border border-line bg-surface/95 px-3 py-1.5 text-[12px] text-muted shadow"
          >
            Process exited{exitCode !== null ? ` with code ${exitCode}` : ''}.
          </div>
        </div>
      )}
    </div>
  );
}
