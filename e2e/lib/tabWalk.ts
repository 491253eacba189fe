// Walks a page with Tab (or Shift+Tab) the way a keyboard user does, recording each stop: what it
// is, and whether a person can see that it has the focus (on screen, not transparent, drawn with
// an outline or a ring; a terminal draws its own cursor). A walk that never reaches `until` within
// `max` presses is a trap or an unreachable control, and fails naming the stops it went through.
import type { Page } from 'playwright-core';

export interface Stop {
  tag: string;
  role: string | null;
  /** Accessible name (aria-label, its label, or its text), at most 60 characters. */
  name: string;
  /** The focus can be seen: on screen, opaque, with an outline or ring (or a terminal). */
  visible: boolean;
  /** Why not, when not visible. */
  why: string | null;
  terminalPane: number | null;
  dialog: string | null;
  /** The labelled side panel the stop is in (an <aside aria-label>: "Changes", "Needs you"…). */
  region: string | null;
  /** The focused element's data-* attributes (data-rel of a file row, data-path of a Git row…). */
  data: Record<string, string>;
}

export async function focusStop(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body)
      return {
        tag: 'body',
        role: null,
        name: '',
        visible: false,
        why: 'nothing focused',
        terminalPane: null,
        dialog: null,
        region: null,
        data: {},
      };
    const dialogEl = el.closest('dialog');
    const titleId = dialogEl?.getAttribute('aria-labelledby');
    const dialog = titleId ? (document.getElementById(titleId)?.textContent ?? null) : null;
    const terminal = el.classList.contains('xterm-helper-textarea')
      ? Number(el.closest('section[data-pane-id]')?.getAttribute('data-pane-id') ?? NaN)
      : null;
    const labelled = (el as HTMLInputElement).labels?.[0]?.textContent ?? null;
    const name = (el.getAttribute('aria-label') ?? labelled ?? el.textContent ?? '').trim().slice(0, 60);
    let why: string | null = null;
    if (terminal === null) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      const ringed =
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      let opacity = 1;
      for (let p: HTMLElement | null = el; p; p = p.parentElement)
        opacity *= Number(getComputedStyle(p).opacity);
      if (r.width === 0 || r.height === 0) why = 'no size';
      else if (r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) why = 'off screen';
      else if (opacity < 0.5) why = `opacity ${opacity}`;
      else if (!ringed) why = 'no outline or ring';
    }
    return {
      tag: el.tagName.toLowerCase(),
      role: el.getAttribute('role'),
      name,
      visible: why === null,
      why,
      terminalPane: Number.isFinite(terminal) ? terminal : null,
      dialog,
      region: el.closest('aside[aria-label]')?.getAttribute('aria-label') ?? null,
      data: { ...el.dataset } as Record<string, string>,
    };
  });
}

/** Presses Tab (or Shift+Tab) until `until` holds; every stop on the way is returned. */
export async function tabWalk(
  page: Page,
  o: { until(s: Stop, i: number): boolean; max?: number; back?: boolean },
): Promise<Stop[]> {
  const stops: Stop[] = [];
  const max = o.max ?? 80;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(o.back ? 'Shift+Tab' : 'Tab');
    const s = await focusStop(page);
    stops.push(s);
    if (o.until(s, i)) return stops;
  }
  throw new Error(
    `Tab never reached the end of the walk in ${max} presses (a trap?): ${stops
      .slice(-12)
      .map((s) => `${s.tag}[${s.role ?? ''}] "${s.name}"`)
      .join(' → ')}`,
  );
}

/** The stops where the focus could not be seen, as lines for an assertion message. */
export function invisibleStops(stops: Stop[]): string[] {
  return stops.filter((s) => !s.visible).map((s) => `${s.tag}[${s.role ?? ''}] "${s.name}": ${s.why}`);
}
