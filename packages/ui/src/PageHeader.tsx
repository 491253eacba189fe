// The header every page shares (Settings, Extensions, Keyboard shortcuts, Agents): a way back,
// the page's title, what the page adds beside it, its actions on the right.
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { FOCUS_RING } from './controls';
import { initialFocusTarget } from './focusHome';
import { Icon } from './Icon';

export interface PageHeaderProps {
  back: { href: string; label: string };
  title: string;
  /** Beside the title: a badge, a view switcher. */
  children?: ReactNode;
  /** Right-aligned. */
  actions?: ReactNode;
}

export function PageHeader({ back, title, children, actions }: PageHeaderProps) {
  return (
    <header className="sticky top-0 z-20 flex h-12 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur sm:gap-3 sm:px-4">
      <a
        href={back.href}
        className={`flex shrink-0 items-center gap-1.5 rounded px-1 text-[13px] text-muted hover:text-fg ${FOCUS_RING}`}
      >
        <Icon name="chevronLeft" size={14} />
        {/* A phone's header keeps its room for the title and the page's own controls. */}
        <span className="sr-only sm:not-sr-only">{back.label}</span>
      </a>
      <h1 className="truncate text-[14px] font-semibold">{title}</h1>
      {children}
      {actions && <div className="ml-auto flex min-w-0 items-center gap-2">{actions}</div>}
    </header>
  );
}

export interface PageProps extends Omit<PageHeaderProps, 'children'> {
  /** Beside the title. */
  badge?: ReactNode;
  /** The page's body, under the header. */
  children: ReactNode;
}

/**
 * A whole page: the shared header above the page's own body. It opens with the focus on the
 * body's `data-autofocus` control, else its first field (or first control), rather than on
 * <body>, where keys go nowhere; a body that
 * loads its content later gets the focus when the content arrives, unless the person moved it.
 */
export function Page({ badge, children, ...header }: PageProps) {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = body.current;
    if (!box) return;
    const place = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body) return true;
      const target = initialFocusTarget(box);
      // The field the page marked as where people start (Settings' Theme) is disabled until its
      // data comes: wait for it rather than settle on the next field down.
      if (target?.matches(':disabled')) return false;
      target?.focus({ preventScroll: true });
      return target !== null;
    };
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(box, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
    const stop = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(stop);
    };
  }, []);
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <PageHeader {...header}>{badge}</PageHeader>
      <div ref={body} className="contents">
        {children}
      </div>
    </div>
  );
}
