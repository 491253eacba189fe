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

/**
 * Watches for the focused element being taken off the page (a chip that goes when the last other
 * page leaves, a row drawn anew, a button replaced by what it opened): the browser then leaves the
 * focus on <body>, where keys go nowhere. A frame later, if nothing took the focus meanwhile, it
 * goes to the open modal dialog's first control, else to the page's home. A focus left on purpose
 * (a click on empty page, Tab past the last control) keeps its element on the page and is not
 * touched. Returns the function that stops watching.
 */
export function keepFocusOnPage(): () => void {
  let frame = 0;
  const onFocusOut = (e: FocusEvent) => {
    const lost = e.target;
    if (e.relatedTarget !== null || !(lost instanceof HTMLElement)) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (lost.isConnected || (active !== null && active !== document.body)) return;
      const dialog = [...document.querySelectorAll('dialog')].find((d) => d.open);
      if (dialog) initialFocusTarget(dialog)?.focus();
      else home?.();
    });
  };
  document.addEventListener('focusout', onFocusOut, true);
  return () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('focusout', onFocusOut, true);
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
