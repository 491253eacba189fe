// Extension sidebar tabs as the routers see them (spec: Sidebar tabs, Stream tabs): the tab list,
// command-tab rows and clicks (sidebarTabRuntime.ts runs them), and stream rows published by
// `rozi sidebar publish` with the back channel that reports a row's click to its producer
// (streamProducers.ts). The host (host.ts) owns the runtimes and retires a generation here.
import type { EventBus } from '../events/bus';
import type { SidebarTabRow } from '../events/types';
import type { CallerIdentity } from './callerIdentity';
import type { ExtensionRuntime } from './extensionRuntime';
import { ExtensionHostError } from './hostError';
import type { SidebarTabRuntime } from './sidebarTabRuntime';
import { ProducerChannels, producerOfRow, type StreamTabEvent } from './streamProducers';

/** How often command tabs are checked for a due run. */
const TAB_TICK_MS = 1_000;

/** What the sidebar needs of the extension host. */
export interface SidebarHost {
  readonly bus: EventBus;
  runtime(id: string): ExtensionRuntime | undefined;
  checkCaller(caller: CallerIdentity | undefined, extension: string): ExtensionRuntime;
}

export class ExtensionSidebar {
  /** Open `rozi sidebar publish` connections, for reporting clicks to their producer. */
  private readonly producers = new ProducerChannels();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly o: {
      host: SidebarHost;
      tabs: SidebarTabRuntime;
    },
  ) {}

  start(): void {
    this.timer = setInterval(() => this.o.tabs.tick(), TAB_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** A generation ends (before its services stop): its producers' back channels close. */
  closeProducers(rt: ExtensionRuntime): void {
    this.producers.closeGeneration(rt.generation);
  }

  /** A generation has ended (its services stopped): its stream rows go. */
  clearRows(rt: ExtensionRuntime): void {
    for (const tab of rt.streams.keys())
      this.o.host.bus.emit({ type: 'sidebar-rows', tab: `${rt.id}.${tab}`, rows: [] });
  }

  /** Every sidebar tab: config.toml's, then extension tabs whose id config.toml did not take. */
  tabList(): ReturnType<SidebarTabRuntime['allTabs']> {
    return this.o.tabs.allTabs();
  }

  commandTabRows(publicId: string): SidebarTabRow[] | undefined {
    return this.o.tabs.rows(publicId);
  }

  publishRows(o: { caller?: CallerIdentity; tab: string; producer: string; rows: SidebarTabRow[] }): void {
    const { rt, tab } = this.streamTab(o);
    let producers = rt.streams.get(o.tab);
    if (!producers) rt.streams.set(o.tab, (producers = new Map()));
    producers.set(o.producer, o.rows);
    this.o.host.bus.emit({ type: 'sidebar-rows', tab: tab.publicId, rows: [...producers.values()].flat() });
  }

  /**
   * A `rozi sidebar publish` connection opens its back channel: clicks on this producer's rows
   * reach `send`. The returned `close` (the connection ended: the process stopped) takes this
   * producer's rows with it, unless a restarted producer in the same place already replaced it.
   */
  openProducer(o: {
    caller?: CallerIdentity;
    tab: string;
    producer: string;
    send(e: StreamTabEvent): void;
    end(): void;
  }): () => void {
    const { rt, tab } = this.streamTab(o);
    const detach = this.producers.attach({
      generation: rt.generation,
      tab: o.tab,
      producer: o.producer,
      send: o.send,
      end: o.end,
    });
    return () => {
      const producers = rt.streams.get(o.tab);
      if (!detach() || !producers?.delete(o.producer) || this.o.host.runtime(rt.id) !== rt) return;
      this.o.host.bus.emit({ type: 'sidebar-rows', tab: tab.publicId, rows: [...producers.values()].flat() });
    };
  }

  /** A click in an extension tab (sidebarTabRuntime.ts). */
  clickRow(o: {
    tab: string;
    row?: { label: string; id: string | null };
    entry?: number;
    producer?: string;
  }): { ok: true; pane: number | null; reported: boolean } {
    const reported = o.row ? this.reportStreamClick({ tab: o.tab, row: o.row, producer: o.producer }) : false;
    return { ...this.o.tabs.click(o), reported };
  }

  /** The caller's own stream tab: only an extension's live processes publish into its tabs. */
  private streamTab(o: { caller?: CallerIdentity; tab: string }) {
    if (!o.caller)
      throw new ExtensionHostError(
        'not-permitted',
        "sidebar publish works only from an extension's own processes",
      );
    const rt = this.o.host.checkCaller(o.caller, o.caller.extension);
    const tab = rt.manifest.sidebarTabs.find((t) => t.name === o.tab);
    if (!tab || tab.source.kind !== 'stream')
      throw new ExtensionHostError('not-found', `${rt.id} has no stream tab '${o.tab}'`);
    return { rt, tab };
  }

  /** A stream row's click goes to the producer that published it (spec: Stream tabs), then on_click runs as for any row. */
  private reportStreamClick(o: {
    tab: string;
    row: { label: string; id: string | null };
    producer?: string;
  }): boolean {
    const found = this.o.tabs.allTabs().find((t) => t.tab.publicId === o.tab);
    const rt = found?.extension ? this.o.host.runtime(found.extension) : undefined;
    if (!rt || found?.tab.source.kind !== 'stream') return false;
    const producers = rt.streams.get(found.tab.name);
    const producer = producers && producerOfRow({ producers, row: o.row, producer: o.producer });
    if (producer === undefined) return false;
    return this.producers.deliver({
      generation: rt.generation,
      tab: found.tab.name,
      producer,
      event: { event: 'click', tab: found.tab.name, row: { id: o.row.id, label: o.row.label } },
    });
  }
}
