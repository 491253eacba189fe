// The keyboard modes of one terminal, one at a time: copy mode and hint mode (copyMode.ts,
// hintMode.ts), and what a chosen hint does. Copying puts the text on the clipboard; opening goes
// through the link handlers on the server (rozi's link context: ROZI_URL for a URL, ROZI_FILE /
// ROZI_LINE / ROZI_COLUMN for a path, ROZI_HINT the matched text) and, for a URL no handler
// takes, a new browser tab. A path no handler takes is copied: the browser cannot open a file.
import type { IDisposable, Terminal } from '@xterm/xterm';
import { compileHintPatterns, splitPathPosition } from '@rozi/detect/hints';
import type { RoziClient } from '../api/trpcClient';
import { startCopyMode } from './copyMode';
import { findHints, startHintMode, type PlacedHint } from './hintMode';
import type { ShellMarks } from './shellMarks';

export type Notice = (message: string, tone?: 'info' | 'error') => void;

export interface TerminalModes extends IDisposable {
  copyMode(notice: Notice): void;
  hintMode(notice: Notice): Promise<void>;
}

const shown = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

export function terminalModes(o: {
  term: Terminal;
  host: HTMLElement;
  marks: ShellMarks;
  client: () => RoziClient;
  /** The pane's older history arriving (historyWindow.ts), for copy mode's positions. */
  onReload?: (listener: (shift: number) => void) => IDisposable;
}): TerminalModes {
  let active: IDisposable | null = null;
  const exit = () => {
    active = null;
  };
  const replace = (next: () => IDisposable) => {
    active?.dispose();
    active = next();
  };

  const copy = async (text: string, notice: Notice, why = '') => {
    try {
      await navigator.clipboard.writeText(text);
      notice(`${why}Copied ${shown(text)}`);
    } catch {
      notice('The browser refused clipboard access; allow it for this page and try again.', 'error');
    }
  };

  const open = async (hint: PlacedHint, notice: Notice) => {
    const text = hint.match.text;
    const client = o.client();
    try {
      if (hint.match.kind === 'path') {
        const { file, line, column } = splitPathPosition(text);
        const r = await client.extensions.openLink.mutate({ file, line, column, hint: text });
        if (r.handled) return notice(`Opened ${shown(file)} with ${r.command}.`);
        return copy(text, notice, 'No link handler takes files (scheme file); ');
      }
      const url = SCHEME.test(text) ? text : hint.match.kind === 'url' ? `https://${text}` : null;
      if (url === null) return copy(text, notice, 'Not a URL, so nothing to open; ');
      const r = await client.extensions.openLink.mutate({ url, hint: text });
      if (r.handled) return notice(`Opened ${shown(url)} with ${r.command}.`);
      window.open(url, '_blank', 'noopener,noreferrer');
    } catch (err) {
      notice(`Could not open ${shown(text)}: ${err instanceof Error ? err.message : String(err)}`, 'error');
    }
  };

  return {
    copyMode(notice) {
      replace(() =>
        startCopyMode({
          term: o.term,
          host: o.host,
          marks: o.marks,
          notice,
          onExit: exit,
          onReload: o.onReload,
        }),
      );
    },
    async hintMode(notice) {
      active?.dispose();
      let config: { hints: Array<{ pattern: string; open: boolean }>; problems: string[] };
      try {
        config = await o.client().terminal.hints.query();
      } catch (err) {
        // The built-in kinds still work without the server's [[hints]].
        notice(`[[hints]] not loaded: ${err instanceof Error ? err.message : String(err)}`, 'error');
        config = { hints: [], problems: [] };
      }
      const { patterns } = compileHintPatterns(config.hints);
      if (config.problems.length > 0)
        notice(
          `${config.problems[0]}${config.problems.length > 1 ? ` (+${config.problems.length - 1} more)` : ''}; skipped`,
          'error',
        );
      const hints = findHints({ term: o.term, custom: patterns });
      if (hints.length === 0) return notice('No hints in this pane: no URL, path, IP or Git SHA on screen.');
      replace(() =>
        startHintMode(
          {
            term: o.term,
            host: o.host,
            notice,
            onExit: exit,
            choose: (hint, how) => void (how === 'open' ? open(hint, notice) : copy(hint.match.text, notice)),
          },
          hints,
        ),
      );
    },
    dispose() {
      active?.dispose();
      active = null;
    },
  };
}
