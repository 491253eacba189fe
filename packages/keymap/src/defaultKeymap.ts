// rozi web's built-in key bindings in config.toml `[keys]` syntax; `prefix` stands for the prefix
// chord (default ctrl-a), so changing the prefix moves every chord with it. The one table: the
// browser resolves it for keys and the palette from first paint, the server's keybinding editor
// and extension host resolve against it too (resolveKeymap.ts). Pure (lint-enforced): both sides
// import it by value.
export const DEFAULT_PREFIX = 'ctrl-a';

export const DEFAULT_KEYMAP: Readonly<Record<string, readonly string[]>> = {
  'command-palette': ['ctrl-shift-p', 'prefix :'],
  'send-prefix': ['prefix prefix'],
  'split-right': ['prefix %', 'prefix |'],
  'split-down': ['prefix "', 'prefix -'],
  'focus-left': ['prefix left', 'prefix h'],
  'focus-right': ['prefix right', 'prefix l'],
  'focus-up': ['prefix up', 'prefix k'],
  'focus-down': ['prefix down', 'prefix j'],
  'move-left': ['prefix shift-left', 'prefix shift-h'],
  'move-right': ['prefix shift-right', 'prefix shift-l'],
  'move-up': ['prefix shift-up', 'prefix shift-k'],
  'move-down': ['prefix shift-down', 'prefix shift-j'],
  'toggle-zoom': ['prefix z'],
  // Floating panes, fullscreen and the scratchpad (rozi's keys: t, f, Shift+Enter, backtick).
  'toggle-float': ['prefix t'],
  'toggle-fullscreen': ['prefix f'],
  'spawn-float': ['prefix shift-enter'],
  scratchpad: ['prefix `'],
  equalize: ['prefix ='],
  // Not `prefix x`: rozi reserves <prefix> x for extensions' suggested keys (spec 003).
  'close-pane': ['prefix q'],
  'rename-pane': ['prefix .'],
  'new-tab': ['prefix c'],
  'next-tab': ['prefix n'],
  'prev-tab': ['prefix p'],
  'close-tab': ['prefix &'],
  'rename-tab': ['prefix ,'],
  // tmux's rename-session key.
  'rename-session': ['prefix $'],
  'select-tab-1': ['prefix 1'],
  'select-tab-2': ['prefix 2'],
  'select-tab-3': ['prefix 3'],
  'select-tab-4': ['prefix 4'],
  'select-tab-5': ['prefix 5'],
  'select-tab-6': ['prefix 6'],
  'select-tab-7': ['prefix 7'],
  'select-tab-8': ['prefix 8'],
  'select-tab-9': ['prefix 9'],
  // rozi moves with Shift+N; here shift-5/7/9 are % & ( (split, close tab, session), so Alt+N.
  ...Object.fromEntries(
    Array.from({ length: 9 }, (_, i) => [`move-to-workspace-${i + 1}`, [`prefix alt-${i + 1}`]]),
  ),
  'cycle-layout': ['prefix m'],
  'choose-layout': ['prefix shift-m'],
  // rozi's r; its = and - grow and shrink, here equalize and split-down, so > and <.
  'resize-mode': ['prefix r'],
  'grow-split': ['prefix >'],
  'shrink-split': ['prefix <'],
  'new-pane': ['prefix enter'],
  'swap-left': ['prefix ctrl-h'],
  'swap-down': ['prefix ctrl-j'],
  'swap-up': ['prefix ctrl-k'],
  'swap-right': ['prefix ctrl-l'],
  'focus-next-pane': ['prefix tab'],
  'focus-prev-pane': ['prefix shift-tab'],
  // rozi opens Profiles with `o`; here prefix o is copy-last-output, so Shift+O (rozi's capture key).
  profiles: ['prefix shift-o'],
  'request-control': ['prefix g'],
  'grant-control': ['prefix e'],
  'new-session': ['prefix shift-s'],
  'next-session': ['prefix )'],
  'prev-session': ['prefix ('],
  'new-agent': ['prefix a'],
  'show-activity': ['prefix w'],
  'toggle-sidebar': ['prefix b'],
  'focus-sidebar': ['prefix s'],
  'find-in-pane': ['ctrl-shift-f', 'prefix /'],
  copy: ['ctrl-shift-c'],
  'copy-last-output': ['prefix o'],
  'prev-prompt': ['prefix {'],
  'next-prompt': ['prefix }'],
  // rozi's keys for its two terminal modes.
  'copy-mode': ['prefix ['],
  'hint-mode': ['prefix u'],
  'font-bigger': ['ctrl-=', 'ctrl-+'],
  'font-smaller': ['ctrl--'],
  'font-reset': ['ctrl-0'],
};
