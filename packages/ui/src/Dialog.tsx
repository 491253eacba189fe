// A modal on the native <dialog>: the browser traps focus, closes on Esc and restores focus to
// the opener, which is what a hand-rolled overlay most often gets wrong.
import type { ReactNode } from 'react';
import { useEffect, useId, useRef } from 'react';
import { IconButton } from './controls';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Width class; the default suits a form. */
  widthClass?: string;
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
  placement = 'center',
  hideTitle = false,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
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
      {open && (
        <div className="flex max-h-[80vh] flex-col">
          {hideTitle ? (
            <h2 id={titleId} className="sr-only">
              {title}
            </h2>
          ) : (
            <div className="flex items-center border-b border-line py-2 pl-4 pr-2">
              <h2 id={titleId} className="flex-1 text-[14px] font-semibold">
                {title}
              </h2>
              <IconButton icon="close" label="Close" onClick={onClose} />
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
