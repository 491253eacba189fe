// A data table with the house look (small uppercase headings, ruled rows). Arrow keys move the
// focus between rows (to the same column's control, else the row's first one), so a long list
// of agents or units reads like a list from the keyboard.
import type { HTMLAttributes, KeyboardEvent, ReactNode, TdHTMLAttributes } from 'react';

export interface TableProps {
  /** Names the table for screen readers. */
  label: string;
  /** Column headings; an empty string leaves a column unlabelled (row actions). */
  columns: readonly string[];
  children: ReactNode;
  className?: string;
}

const CONTROLS = 'button:not([disabled]), a[href], input, select, [tabindex="0"]';

function moveBetweenRows(e: KeyboardEvent<HTMLTableElement>) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const target = e.target as HTMLElement;
  if (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return;
  const row = target.closest('tr');
  if (!row) return;
  const step = e.key === 'ArrowDown' ? 1 : -1;
  // Rows that take the focus themselves (a picker of rows) move row to row.
  if (target === row) {
    const rows = [...e.currentTarget.querySelectorAll<HTMLElement>('tbody > tr[tabindex]')];
    const next = rows[rows.indexOf(row) + step];
    if (!next) return;
    e.preventDefault();
    next.focus();
    return;
  }
  const cell = target.closest('td');
  if (!cell) return;
  const rows = [...e.currentTarget.querySelectorAll('tbody > tr')].filter((r) => r.querySelector(CONTROLS));
  const next = rows[rows.indexOf(row) + step];
  if (!next) return;
  const column = [...row.children].indexOf(cell);
  const control =
    next.children[column]?.querySelector<HTMLElement>(CONTROLS) ?? next.querySelector<HTMLElement>(CONTROLS);
  if (!control) return;
  e.preventDefault();
  control.focus();
}

export function Table({ label, columns, children, className = '' }: TableProps) {
  return (
    <table
      aria-label={label}
      onKeyDown={moveBetweenRows}
      className={`w-full text-left text-[12px] ${className}`}
    >
      <thead className="text-[11px] uppercase tracking-wide text-muted">
        <tr>
          {columns.map((c, i) => (
            <th key={i} className="py-1 pr-2 font-medium">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export function TableRow({ className = '', ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={`border-t border-line ${className}`} {...rest} />;
}

export function TableCell({ className = '', ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`py-1.5 pr-2 ${className}`} {...rest} />;
}
