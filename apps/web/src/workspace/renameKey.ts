// F2 renames the focused row or tab (the key file managers and editors use): sidebar sessions,
// tabs and panes, and the tab bar's tabs. Only on those controls — in a terminal F2 is the
// program's key.
import type { KeyboardEvent } from 'react';

export function renameOnF2(rename: () => void): (e: KeyboardEvent<HTMLElement>) => void {
  return (e) => {
    if (e.key !== 'F2' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    e.preventDefault();
    e.stopPropagation();
    rename();
  };
}
