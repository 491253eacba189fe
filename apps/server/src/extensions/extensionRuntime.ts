// One loaded, enabled extension inside the host: its manifest, generation, merged settings and the
// supervisors of its client services. Built by host.ts on every load; kept across a reload that
// changes nothing process-facing, so services keep running and hidden/shown choices survive.
import type { ExtensionManifest } from '@rozi/extensions';
import type { MergedSettings, RegistryEntry, ServiceSupervisor } from '@rozi/extensions/node';
import type { SidebarTabRow } from '../events/types';

export interface ExtensionRuntime {
  id: string;
  entry: RegistryEntry;
  /** Resolved installation directory (a --link symlink resolved to the checkout). */
  dir: string;
  manifest: ExtensionManifest;
  generation: string;
  fingerprint: string;
  filesSignature: string | undefined;
  settings: MergedSettings;
  stateDir: string;
  logDir: string;
  /** Service instances by key: the service name, or `<name>@<session instance>` for each-session. */
  services: Map<string, ServiceSupervisor>;
  /** The session a session-bound instance (each-session, active-session) was started for, by key. */
  serviceSessions: Map<string, { name: string; instance: string }>;
  /** Commands shown or hidden at runtime (show-command / hide-command) for this generation. */
  visibility: Map<string, boolean>;
  /** Stream tab rows: tab name → producer name → rows. */
  streams: Map<string, Map<string, SidebarTabRow[]>>;
}
