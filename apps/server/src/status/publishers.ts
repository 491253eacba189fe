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
}

export class Publishers {
  private readonly open = new Map<string, OpenPublisher>();

  constructor(private readonly integration: IntegrationTier) {}

  /** Registers a publisher; the returned id authorises its row updates until `close`. */
  openPublisher(p: Publisher): string {
    const id = randomBytes(12).toString('hex');
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    this.open.set(id, { ...p, finish, finished });
    return id;
  }

  /** Settles when the publisher finished (its stdin ended); the connection may then close. */
  finished(id: string): Promise<void> {
    return this.open.get(id)?.finished ?? Promise.resolve();
  }

  rows(id: string, rows: readonly PublisherRow[]): boolean {
    const p = this.open.get(id);
    if (!p) return false;
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
