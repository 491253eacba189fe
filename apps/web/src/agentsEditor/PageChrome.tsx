'use client';
// The header the Agents pages share with Settings: a way back, the page's title, its actions.
import { FOCUS_RING, Icon } from '@rozi/ui';
import Link from 'next/link';
import type { ReactNode } from 'react';

export function PageChrome({
  back,
  title,
  badge,
  actions,
  children,
}: {
  back: { href: string; label: string };
  title: string;
  badge?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh bg-bg text-fg">
      <header className="sticky top-0 z-20 flex h-12 items-center gap-3 border-b border-line bg-surface/95 px-4 backdrop-blur">
        <Link
          href={back.href}
          className={`flex items-center gap-1.5 rounded px-1 text-[13px] text-muted hover:text-fg ${FOCUS_RING}`}
        >
          <Icon name="chevronLeft" size={14} />
          {back.label}
        </Link>
        <h1 className="truncate text-[14px] font-semibold">{title}</h1>
        {badge}
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </header>
      {children}
    </div>
  );
}

export function SourceBadge({
  source,
  extension,
}: {
  source: 'builtin' | 'config' | 'extension';
  extension?: string | null;
}) {
  const tone =
    source === 'config'
      ? 'bg-accent/15 text-accent'
      : source === 'extension'
        ? 'bg-done/15 text-done'
        : 'bg-surface-3 text-muted';
  const text =
    source === 'builtin'
      ? 'built-in'
      : source === 'config'
        ? 'config.toml'
        : `extension ${extension ?? ''}`.trim();
  return <span className={`shrink-0 rounded px-1.5 py-px text-[11px] font-medium ${tone}`}>{text}</span>;
}
