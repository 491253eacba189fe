// `rozi pick` / `rozi prompt` round trips (issue 7, item 9; rozi's picker protocol, issue 15.4).
// One picker at a time: the broker publishes it to every connected browser as a `picker-open`
// event, the first browser to answer (extensions.pickerAnswer) settles it, and `picker-closed`
// tells the others to close theirs. rozi's two refusals: a second picker while one is open fails
// at once with "a picker is already open"; a browser showing another overlay (palette, prompt,
// launcher, search…) refuses, and when every browser the picker was sent to refused, it fails with
// "an overlay is open". With no browser connected a request fails at once; a caller that
// disconnects cancels it; a retired extension generation closes its pickers.
import type { EventBus } from '../events/bus';
import type { PickerAnswer, PickerRequest, PickerResult, PickerRow } from '../events/types';
import { ExtensionHostError } from './hostError';

/** How long after a refusal another page may still show the picker before it counts as refused. */
export const PICKER_TAKER_GRACE_MS = 3_000;

interface Open {
  id: string;
  owner: string | undefined;
  /** Browsers the picker was sent to; when this many refused, nobody can show it. */
  audience: number;
  refused: number;
  /** A page showed it: it waits for a person now. */
  shown: boolean;
  noTaker: NodeJS.Timeout | undefined;
  settle(result: PickerResult): void;
  fail(err: Error): void;
}

export class PickerBroker {
  private open: Open | undefined;
  private counter = 0;

  constructor(private readonly o: { bus: EventBus; browsers: () => number }) {}

  /**
   * Opens a picker; `onOpened` receives its id (for row updates) before any answer, `onAction`
   * every declared action that leaves the palette open; the promise settles with the closing one.
   */
  request(o: {
    request: Omit<PickerRequest, 'id'>;
    owner?: string;
    signal?: AbortSignal;
    onOpened?: (id: string) => void;
    onAction?: (result: PickerResult) => void;
  }): Promise<PickerResult> {
    const audience = this.o.browsers();
    if (audience === 0)
      return Promise.reject(
        new ExtensionHostError(
          'no-browser',
          'no browser is attached to show the picker; open rozi in a browser first',
        ),
      );
    if (this.open) return Promise.reject(new ExtensionHostError('picker-open', 'a picker is already open'));
    const id = `pick-${++this.counter}`;
    return new Promise<PickerResult>((resolve, reject) => {
      const end = (): void => {
        clearTimeout(this.open?.noTaker);
        this.open = undefined;
        o.signal?.removeEventListener('abort', onAbort);
        this.o.bus.emit({ type: 'picker-closed', id });
      };
      const settle = (result: PickerResult): void => {
        if (this.open?.id !== id) return;
        if (result.kind === 'action' && !result.close) {
          o.onAction?.(result);
          return;
        }
        end();
        resolve(result);
      };
      const fail = (err: Error): void => {
        if (this.open?.id !== id) return;
        end();
        reject(err);
      };
      const onAbort = (): void => settle({ kind: 'cancelled' });
      this.open = {
        id,
        owner: o.owner,
        audience,
        refused: 0,
        shown: false,
        noTaker: undefined,
        settle,
        fail,
      };
      o.signal?.addEventListener('abort', onAbort, { once: true });
      this.o.bus.emit({ type: 'picker-open', picker: { ...o.request, id } });
      o.onOpened?.(id);
    });
  }

  rows(id: string, rows: PickerRow[]): void {
    if (this.open?.id !== id) throw new ExtensionHostError('not-found', `picker ${id} is not open`);
    this.o.bus.emit({ type: 'picker-rows', id, rows });
  }

  answer(id: string, answer: PickerAnswer): boolean {
    const open = this.open;
    if (open?.id !== id) return false;
    if (answer.kind === 'shown') {
      open.shown = true;
      clearTimeout(open.noTaker);
      return true;
    }
    if (answer.kind === 'refused') {
      open.refused++;
      // A browser that left since the picker was sent will never answer: count the ones still here.
      if (open.refused >= Math.min(open.audience, this.o.browsers()))
        open.fail(new ExtensionHostError('overlay-open', 'an overlay is open'));
      // A connection that is not a page showing pickers (a second socket of one page, seen under
      // load) never answers: once a page refused and none showed it, refuse after a short grace.
      else if (!open.shown && open.noTaker === undefined)
        open.noTaker = setTimeout(() => {
          if (this.open === open && !open.shown)
            open.fail(new ExtensionHostError('overlay-open', 'an overlay is open'));
        }, PICKER_TAKER_GRACE_MS);
      return true;
    }
    open.settle(answer);
    return true;
  }

  /** The owner's generation was retired: its picker closes as cancelled. */
  closeOwnedBy(owner: string): void {
    if (this.open && this.open.owner === owner) this.open.settle({ kind: 'cancelled' });
  }

  isOpen(): boolean {
    return this.open !== undefined;
  }
}
