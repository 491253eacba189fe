// Plain-text tables for people (list-panes, list-sessions on a terminal).

export function formatTable(headers: string[], rows: Array<Array<string | number | null>>): string {
  const cells = rows.map((r) => r.map((c) => (c === null ? '-' : String(c))));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  ');
  return [line(headers), ...cells.map(line)].join('\n');
}
