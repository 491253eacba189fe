// The terminals on this page, by pane key, so actions (copy, search, focus) reach the right one
// without threading refs through the layout tree.

export interface TerminalHandle {
  focus(): void;
  copySelection(): Promise<boolean>;
  paste(text: string): void;
  openSearch(): void;
  /** Sends text to the pane as if typed (mobile key row). */
  input(data: string): void;
  /** The visible screen as plain text (mobile card preview, tests). */
  screenText(): string;
  /** The last finished command's output (shell integration marks); null without one. */
  lastOutput(): string | null;
  /**
   * Scrolls to the previous/next shell prompt; false when there is none that way. Going back past
   * what the page holds fetches the pane's older history from the server first (historyWindow.ts).
   */
  jumpToPrompt(direction: -1 | 1): Promise<boolean>;
  /** Copy mode (rozi's `[`): a vi cursor over the scrollback; results and refusals go to `notice`. */
  copyMode(notice: (message: string, tone?: 'info' | 'error') => void): void;
  /** Hint mode (rozi's `u`): labels over URLs, paths, IPs, SHAs and [[hints]] matches on screen. */
  hintMode(notice: (message: string, tone?: 'info' | 'error') => void): Promise<void>;
}

const handles = new Map<number, TerminalHandle>();

export function registerTerminal(key: number, handle: TerminalHandle): () => void {
  handles.set(key, handle);
  return () => {
    if (handles.get(key) === handle) handles.delete(key);
  };
}

export function terminalFor(key: number): TerminalHandle | undefined {
  return handles.get(key);
}
