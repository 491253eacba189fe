// Cuts a captured screen into lines of text runs, each run carrying the matches that cover it, so
// the preview can draw every matching pattern in place and shade the footer scope.

export interface Mark {
  /** Which rule: the draft's own index, or the common rule's id. */
  rule: number | string;
  state: string;
  pattern: string;
}

export interface MarkedSpan extends Mark {
  start: number;
  end: number;
}

export interface Run {
  text: string;
  marks: Mark[];
  /** Marks whose match ends with this run (where the rule's tag is drawn). */
  ends: Mark[];
}

export interface MarkedLine {
  /** Offset of the line in the screen. */
  start: number;
  runs: Run[];
  footer: boolean;
}

export function markScreen(
  screen: string,
  o: { spans: readonly MarkedSpan[]; footerStart: number },
): MarkedLine[] {
  const lines: MarkedLine[] = [];
  let at = 0;
  const parts = screen.endsWith('\n') ? screen.slice(0, -1).split('\n') : screen.split('\n');
  for (const text of parts) {
    const start = at;
    const end = start + text.length;
    at = end + 1;
    // Cut points: line ends and every span edge inside the line.
    const cuts = new Set<number>([start, end]);
    for (const s of o.spans) {
      if (s.end <= start || s.start >= end) continue;
      cuts.add(Math.max(start, s.start));
      cuts.add(Math.min(end, s.end));
    }
    const sorted = [...cuts].sort((a, b) => a - b);
    const runs: Run[] = [];
    for (let i = 0; i < sorted.length - 1; i++) {
      const a = sorted[i]!;
      const b = sorted[i + 1]!;
      if (a === b) continue;
      const covering = o.spans.filter((s) => s.start <= a && s.end >= b);
      const strip = ({ rule, state, pattern }: MarkedSpan): Mark => ({ rule, state, pattern });
      runs.push({
        text: screen.slice(a, b),
        marks: covering.map(strip),
        ends: covering.filter((s) => s.end === b).map(strip),
      });
    }
    if (runs.length === 0) runs.push({ text: '', marks: [], ends: [] });
    // A line belongs to the footer when it starts at or after the footer offset (footerStart is a line start).
    lines.push({ start, runs, footer: o.footerStart > 0 ? start >= o.footerStart : true });
  }
  return lines;
}
