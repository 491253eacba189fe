// One line telling the user how an action went: read out politely, or as an alert on failure.
import type { ReactNode } from 'react';

export type MessageTone = 'info' | 'error';

/** A message a page keeps in its state until the next action replaces it. */
export interface Message {
  text: string;
  tone: MessageTone;
}

export interface StatusMessageProps {
  tone: MessageTone;
  children: ReactNode;
  className?: string;
}

export function StatusMessage({ tone, children, className = '' }: StatusMessageProps) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`text-[13px] ${tone === 'error' ? 'text-danger' : 'text-muted'} ${className}`}
    >
      {children}
    </p>
  );
}
