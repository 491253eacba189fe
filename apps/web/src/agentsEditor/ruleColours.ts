// One colour per rule of the draft, shared by the rule's card and its highlights on the screen,
// so "which rule matched here" reads at a glance. Picked to stay distinct from each other and
// from the state colours on both the dark and the light theme; common rules use the state colour.

const PALETTE = ['#c084fc', '#22d3ee', '#84cc16', '#f97316', '#f472b6', '#818cf8', '#14b8a6', '#eab308'];

export function ruleColour(rule: number | string, state?: string): string {
  if (typeof rule === 'number') return PALETTE[rule % PALETTE.length]!;
  return state === 'blocked'
    ? 'var(--rz-blocked)'
    : state === 'working'
      ? 'var(--rz-working)'
      : 'var(--rz-muted)';
}

/** A translucent fill of a colour (works for hex and var() values). */
export function tint(colour: string, percent: number): string {
  return `color-mix(in srgb, ${colour} ${percent}%, transparent)`;
}

export function ruleName(rule: number | string): string {
  return typeof rule === 'number' ? `Rule ${rule + 1}` : rule;
}
