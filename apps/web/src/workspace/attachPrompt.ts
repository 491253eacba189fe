// rozi's sessions.md, "Following is chosen, never assigned": a page attaching to a session another
// page is driving (holds its control lease) is asked to Follow, Ask for control (Take control
// with takeover on) or Cancel, which leaves the session alone and goes back to where the page was.
// This file is the pure decision; useAttachPrompt.ts holds the page's state.

/** `wait`: the roster does not list this page on the session yet; `settled`: nothing to ask. */
export type AttachStep = 'wait' | 'prompt' | 'settled';

export function attachStep(o: {
  session: string | undefined;
  me: number | null;
  readOnly: boolean;
  controller: number | null;
  /** The pages the roster lists on the session. */
  here: readonly number[];
  /** Sessions this page already chose for (or was never asked about) in its life. */
  decided: ReadonlySet<string>;
}): AttachStep {
  if (o.session === undefined || o.readOnly || o.decided.has(o.session)) return 'settled';
  if (o.me === null || !o.here.includes(o.me)) return 'wait';
  return o.controller !== null && o.controller !== o.me ? 'prompt' : 'settled';
}

/** The middle choice's label: with takeover on a request takes the lease at once. */
export function askLabel(takeover: boolean): string {
  return takeover ? 'Take control' : 'Ask for control';
}
