// Where focus goes when a dialog, menu or page closes and the element that opened it is gone
// (a menu item, a row re-rendered by a server event): the page registers its "home" — the
// workspace registers the focused pane's terminal — so focus never falls to <body>, where
// keystrokes go nowhere.
let home: (() => void) | undefined;

/** Registers the page's focus home; returns the unregister function. */
export function setFocusHome(fn: () => void): () => void {
  home = fn;
  return () => {
    if (home === fn) home = undefined;
  };
}

/** Moves focus back to `opener` when it is still on the page, else to the registered home. */
export function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && opener !== document.body) {
    opener.focus({ preventScroll: true });
    if (document.activeElement === opener) return;
  }
  home?.();
}

const FIELD =
  'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

function visible(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

/**
 * Where a person will type or act inside `container`: an element marked `data-autofocus`, else
 * the first text field, else the primary button, else the first focusable element that is not a
 * "close" control (`data-dialog-close`).
 */
export function initialFocusTarget(container: HTMLElement): HTMLElement | null {
  const pick = (selector: string) =>
    [...container.querySelectorAll<HTMLElement>(selector)].find(
      (el) => visible(el) && !el.closest('[data-dialog-close]'),
    ) ?? null;
  return (
    pick('[data-autofocus]') ??
    pick(FIELD) ??
    pick('[role=listbox] [aria-selected=true], [role=option][tabindex="0"]') ??
    pick('button[data-variant=primary]:not([disabled]), button[data-variant=danger]:not([disabled])') ??
    pick(FOCUSABLE)
  );
}
