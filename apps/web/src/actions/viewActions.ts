// Actions on the page itself and the focused terminal: palette, launcher, activity, settings,
// sidebar, font zoom, copy/paste, find, send-prefix.
import { displaySequence } from '@rozi/keymap';
import { openChanges } from '../changes/changesStore';
import { getSettings, updateSettings } from '../settings/settingsStore';
import { DEFAULT_SETTINGS, FONT_SIZE_MAX, FONT_SIZE_MIN } from '../settings/settingsModel';
import { terminalFor } from '../terminal/terminalRegistry';
import type { ActionContext, ActionDef } from './actionTypes';

const hasPane = (ctx: ActionContext) => ctx.pane !== undefined;

function fontSize(delta: number | null) {
  const size = delta === null ? DEFAULT_SETTINGS.fontSize : getSettings().fontSize + delta;
  updateSettings({ fontSize: Math.min(FONT_SIZE_MAX, Math.max(FONT_SIZE_MIN, size)) });
}

/** The byte a terminal receives for a ctrl-letter prefix (ctrl-a → 0x01); null for others. */
export function prefixBytes(prefix: readonly string[]): string | null {
  if (prefix.length !== 1) return null;
  const m = /^ctrl-([a-z\\\]\[^_@])$/.exec(prefix[0]!);
  if (!m) return null;
  const ch = m[1]!.toUpperCase().charCodeAt(0);
  return String.fromCharCode(ch & 0x1f);
}

export const viewActions: ActionDef[] = [
  {
    id: 'command-palette',
    title: 'Show all commands',
    category: 'View',
    keywords: 'palette actions',
    run: (ctx) => ctx.ui.openPalette(),
  },
  {
    id: 'new-agent',
    title: 'New agent…',
    category: 'Pane',
    keywords: 'launch start codex claude gemini opencode command run',
    run: (ctx) => ctx.ui.openLauncher(),
  },
  {
    id: 'show-activity',
    title: 'Show activity',
    category: 'View',
    keywords: 'agents status needs input done',
    run: (ctx) => ctx.ui.openActivity(),
  },
  {
    id: 'show-inbox',
    title: 'Show agents waiting for you',
    category: 'View',
    keywords: 'inbox needs input blocked question answer approve',
    run: (ctx) => ctx.ui.openInbox(),
  },
  {
    id: 'show-changes',
    title: "Show the pane's changes",
    category: 'View',
    keywords: 'worktree diff review agent turn files',
    enabled: hasPane,
    // The panel says so when the pane is not in a worktree rozi made.
    run: (ctx) => ctx.pane && openChanges(ctx.pane.key),
  },
  {
    id: 'open-settings',
    title: 'Open settings',
    category: 'View',
    keywords: 'preferences theme font prefix',
    run: (ctx) => ctx.ui.openSettings(),
  },
  { id: 'toggle-sidebar', title: 'Toggle sidebar', category: 'View', run: (ctx) => ctx.ui.toggleSidebar() },
  {
    id: 'focus-sidebar',
    title: 'Focus the session list',
    category: 'View',
    keywords: 'keyboard navigate sessions choose',
    // The terminal keeps Tab for the shell, so keyboard users need a way out of it.
    run: (ctx) => {
      // The phone's full-screen terminal has no sidebar: its way back to the cards instead.
      const back = document.querySelector<HTMLElement>('[data-mobile-terminal] [data-back-to-panes]');
      if (back) return back.focus();
      if (!getSettings().sidebarOpen) ctx.ui.toggleSidebar();
      requestAnimationFrame(() => {
        // The current session's row, else the first session: not the header's Activity button,
        // which comes first in the document.
        const nav = document.querySelector<HTMLElement>('nav[aria-label="Sessions"]');
        const target =
          nav?.querySelector<HTMLElement>('[data-session] button[aria-current="true"]') ??
          nav?.querySelector<HTMLElement>('[data-session] button');
        target?.focus();
      });
    },
  },
  {
    id: 'toggle-theme',
    title: 'Toggle light/dark theme',
    category: 'View',
    keywords: 'colour color appearance',
    run: () => {
      const resolved = document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
      updateSettings({ theme: resolved === 'light' ? 'dark' : 'light' });
    },
  },
  {
    id: 'font-bigger',
    title: 'Terminal font: bigger',
    category: 'Terminal',
    keywords: 'zoom in size',
    run: () => fontSize(1),
  },
  {
    id: 'font-smaller',
    title: 'Terminal font: smaller',
    category: 'Terminal',
    keywords: 'zoom out size',
    run: () => fontSize(-1),
  },
  {
    id: 'font-reset',
    title: 'Terminal font: reset size',
    category: 'Terminal',
    keywords: 'zoom default',
    run: () => fontSize(null),
  },
  {
    id: 'find-in-pane',
    title: 'Find in terminal…',
    category: 'Terminal',
    keywords: 'search scrollback',
    enabled: hasPane,
    run: (ctx) => ctx.pane && terminalFor(ctx.pane.key)?.openSearch(),
  },
  {
    id: 'copy',
    title: 'Copy selection',
    category: 'Terminal',
    keywords: 'clipboard',
    enabled: hasPane,
    run: async (ctx) => {
      if (!ctx.pane) return;
      const copied = await terminalFor(ctx.pane.key)
        ?.copySelection()
        .catch(() => false);
      if (!copied) ctx.ui.notice('Nothing selected to copy.');
    },
  },
  {
    id: 'paste',
    title: 'Paste',
    category: 'Terminal',
    keywords: 'clipboard',
    enabled: hasPane,
    run: async (ctx) => {
      if (!ctx.pane) return;
      try {
        terminalFor(ctx.pane.key)?.paste(await navigator.clipboard.readText());
      } catch {
        ctx.ui.notice(
          'The browser did not allow reading the clipboard; use Ctrl+Shift+V in the terminal.',
          'error',
        );
      }
    },
  },
  {
    id: 'send-prefix',
    title: 'Send the prefix key to the terminal',
    category: 'Terminal',
    enabled: hasPane,
    run: (ctx) => {
      const bytes = prefixBytes(ctx.prefix);
      if (!ctx.pane) return;
      if (bytes === null)
        ctx.ui.notice(`The prefix ${displaySequence(ctx.prefix)} has no terminal byte to send.`);
      else terminalFor(ctx.pane.key)?.input(bytes);
    },
  },
];
