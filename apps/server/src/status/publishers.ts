// Live `rozi publish` connections: each holds a subscription open for as long as the publishing
// program runs; its rows live exactly that long (spec: "gone when the publisher exits").
import { randomBytes } from 'node:crypto';
import type { PaneKey } from '../session/model';
import type { IntegrationTier, PublishedRow } from './integrationTier';
import type { TierState } from './statusHub';

export interface PublisherRow {
  id: string;
  state: TierState;
  label?: string | null;
  message?: string | null;
}

interface Publisher {
  pane: PaneKey;
  name: string;
  kind: PublishedRow['kind'];
}

interface OpenPublisher extends Publisher {
  /** Resolves the held-open subscription when the publisher says it is finished. */
  finish: () => void;
  finished: Promise<void>;
  /** The ids of the rows it published last (an activation names one of them). */
  rowIds: Set<string>;
  /** Where a person's activation of one of its rows goes (rozi's `{"activate":"<id>"}`). */
  onActivate?: (rowId: string) => void;
}

export class Publishers {
  private readonly open = new Map<string, OpenPublisher>();

  constructor(private readonly integration: IntegrationTier) {}

  /** Registers a publisher; the returned id authorises its row updates until `close`. */
  openPublisher(p: Publisher): string {
    const id = randomBytes(12).toString('hex');
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    this.open.set(id, { ...p, finish, finished, rowIds: new Set() });
    return id;
  }

  /** The publisher's side of activations: `listener` gets each activated row id until `close`. */
  onActivate(id: string, listener: (rowId: string) => void): void {
    const p = this.open.get(id);
    if (p) p.onActivate = listener;
  }

  /**
   * A person activated published row `rowId` of pane `pane`: each open publisher of that pane that
   * published the row is told. Returns how many were.
   */
  activate(pane: PaneKey, rowId: string): number {
    let told = 0;
    for (const p of this.open.values()) {
      if (p.pane !== pane || !p.rowIds.has(rowId) || !p.onActivate) continue;
      p.onActivate(rowId);
      told++;
    }
    return told;
  }

  /** Settles when the publisher finished (its stdin ended); the connection may then close. */
  finished(id: string): Promise<void> {
    return this.open.get(id)?.finished ?? Promise.resolve();
  }

  rows(id: string, rows: readonly PublisherRow[]): boolean {
    const p = this.open.get(id);
    if (!p) return false;
    p.rowIds = new Set(rows.map((r) => r.id));
    this.integration.publish(
      p.pane,
      `${p.name}#${id}`,
      rows.map((r) => ({
        publisher: p.name,
        id: r.id,
        state: r.state,
        label: r.label ?? null,
        message: r.message ?? null,
        kind: p.kind,
      })),
    );
    return true;
  }

  close(id: string): void {
    const p = this.open.get(id);
    if (!p) return;
    this.open.delete(id);
    p.finish();
    this.integration.publish(p.pane, `${p.name}#${id}`, []);
  }
}
