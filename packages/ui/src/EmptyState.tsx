import type { ReactNode } from 'react';
import type { IconName } from './Icon';
import { Icon } from './Icon';

export interface EmptyStateProps {
  icon?: IconName;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/** What a screen says when there is nothing yet, with the one action that fixes it. */
export function EmptyState({ icon = 'terminal', title, children, actions }: EmptyStateProps) {
  return (
    <div className="flex h-full w-full flex-col items-center justify-center gap-3 p-8 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-surface-2 text-muted">
        <Icon name={icon} size={22} />
      </div>
      <h2 className="text-[15px] font-semibold text-fg">{title}</h2>
      {children && <div className="max-w-sm text-[13px] text-muted">{children}</div>}
      {actions && <div className="mt-1 flex flex-wrap justify-center gap-2">{actions}</div>}
    </div>
  );
}
