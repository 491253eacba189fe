// A modal on the native <dialog>: the browser traps focus and closes on Esc. Focus is placed by
// design, not left to the browser: showModal() moves focus to the first focusable element (the
// × of the title bar) and would undo any focus a child took while mounting, so the content is
// mounted only after showModal(); once it is, focus goes where a person will type or act
// (initialFocusTarget), and on close it returns to the element that opened the dialog, or to the
// page's focus home when that element is gone.
import type { ReactNode } from 'react';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { IconButton } from './controls';
import { initialFocusTarget, returnFocus } from './focusHome';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Width class; the default suits a form. */
  widthClass?: string;
  /** A computed CSS width (a picker's declared columns); wins over widthClass. */
  width?: string;
  /** Where the dialog sits; palettes sit near the top like VS Code's. */
  placement?: 'center' | 'top';
  /** Hide the visible heading (still labels the dialog for screen readers). */
  hideTitle?: boolean;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  widthClass = 'w-[min(480px,calc(100vw-2rem))]',
  width,
  placement = 'center',
  hideTitle = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const opener = useRef<Element | null>(null);
  const [shown, setShown] = useState(false);
  const titleId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      setShown(true);
    }
    if (!open && dialog.open) {
      // Only a dialog that holds the focus gives it back: a dialog closed while another one
      // opened on top must not take the focus from the new one.
      const active = document.activeElement;
      const held = active === null || active === document.body || dialog.contains(active);
      dialog.close();
      setShown(false);
      if (held) returnFocus(opener.current);
    }
  }, [open]);

  // Unmounted while open (its owner went away): the focus still goes back.
  useEffect(
    () => () => {
      const dialog = ref.current;
      if (
        dialog?.open &&
        (dialog.contains(document.activeElement) || document.activeElement === document.body)
      )
        queueMicrotask(() => returnFocus(opener.current));
    },
    [],
  );

  // The content is mounted: a child that took the focus itself keeps it; otherwise the field,
  // the first row or the primary button gets it — never the close button.
  useLayoutEffect(() => {
    const box = content.current;
    if (!shown || !box) return;
    const active = document.activeElement;
    if (active && box.contains(active) && !active.closest('[data-dialog-close]')) return;
    initialFocusTarget(box)?.focus();
  }, [shown]);

  // Content that arrives after the focus was placed (a list read from the server above the
  // field) can push the focused control out of the dialog's scrolled view, and on a phone's short
  // screen the person then types into a field they cannot see: keep it in view as the content
  // grows.
  useEffect(() => {
    const box = content.current;
    if (!shown || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && box.contains(active)) active.scrollIntoView({ block: 'nearest' });
    });
    for (const child of Array.from(box.children)) observer.observe(child);
    const scroller = box.querySelector(':scope > .overflow-auto');
    for (const child of Array.from(scroller?.children ?? [])) observer.observe(child);
    return () => observer.disconnect();
  }, [shown]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      style={width ? { width } : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself.
        if (e.target === ref.current) onClose();
      }}
      className={`${widthClass} ${placement === 'top' ? 'mt-[12vh]' : 'm-auto'} mx-auto rounded-lg border border-line bg-surface p-0 text-fg shadow-2xl backdrop:bg-black/40`}
    >
      {open && shown && (
        <div ref={content} className="flex max-h-[80vh] flex-col">
          {hideTitle ? (
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
          ) : (
            <div className="flex items-center border-b border-line py-2 pl-4 pr-2">
              <h2 id={titleId} className="flex-1 text-[14px] font-semibold">
                {title}
              </h2>
              <IconButton icon="close" label="Close" data-dialog-close="" onClick={onClose} />
            </div>
          )}
          <div
            className={hideTitle ? 'min-h-0 flex-1 overflow-auto' : 'min-h-0 flex-1 overflow-auto px-4 py-3'}
          >
            {children}
          </div>
          {footer && <div className="flex justify-end gap-2 border-t border-line px-4 py-3">{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
