// Stream-tab producers' back channel (spec: Stream tabs, "read what the user did on stdout"). A
// `rozi sidebar publish` process holds one control-socket connection open with the
// `extensions.sidebarProducer` subscription; a click on one of its rows is pushed down that
// connection and the CLI prints it as one JSON line on its stdout. Channels are keyed by
// generation + tab + producer, so each producer hears only about its own rows and a retired
// generation's channels close with it.
import type { SidebarTabRow } from '../events/types';

/** What the producer's stdout receives, one JSON object a line. */
export interface StreamTabEvent {
  event: 'click';
  /** The tab's local name, as given to --tab. */
  tab: string;
  row: { id: string | null; label: string };
}

interface Channel {
  send(e: StreamTabEvent): void;
  end(): void;
}

function keyOf(o: { generation: string; tab: string; producer: string }): string {
  return `${o.generation}\0${o.tab}\0${o.producer}`;
}

export class ProducerChannels {
  private readonly open = new Map<string, Channel>();

  /**
   * Registers a producer's channel. A producer restarted in the same place replaces the earlier
   * one, whose subscription ends. Returns `detach`, true when this channel was still the current
   * one (so the caller may drop that producer's rows without taking a successor's).
   */
  attach(o: { generation: string; tab: string; producer: string } & Channel): () => boolean {
    const key = keyOf(o);
    const channel: Channel = { send: o.send, end: o.end };
    const previous = this.open.get(key);
    this.open.set(key, channel);
    previous?.end();
    return () => {
      if (this.open.get(key) !== channel) return false;
      this.open.delete(key);
      return true;
    };
  }

  /** Delivers to one producer; false when it has no open channel (an older CLI, or it is gone). */
  deliver(o: { generation: string; tab: string; producer: string; event: StreamTabEvent }): boolean {
    const channel = this.open.get(keyOf(o));
    channel?.send(o.event);
    return channel !== undefined;
  }

  /** A generation retires: every channel it opened ends (its CLIs then see stale-generation). */
  closeGeneration(generation: string): void {
    for (const [key, channel] of this.open) {
      if (!key.startsWith(`${generation}\0`)) continue;
      this.open.delete(key);
      channel.end();
    }
  }
}

/**
 * The producer a clicked row came from: the one named, or else the first whose rows hold a
 * non-header row with the same id (or, for id-less rows, the same label).
 */
export function producerOfRow(o: {
  producers: ReadonlyMap<string, readonly SidebarTabRow[]>;
  row: { id: string | null; label: string };
  producer?: string;
}): string | undefined {
  if (o.producer !== undefined) return o.producers.has(o.producer) ? o.producer : undefined;
  for (const [name, rows] of o.producers) {
    const hit = rows.some(
      (r) => !r.header && (o.row.id !== null ? r.id === o.row.id : r.id === null && r.label === o.row.label),
    );
    if (hit) return name;
  }
  return undefined;
}
