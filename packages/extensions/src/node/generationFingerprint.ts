// What makes a reload "process-facing" (spec: Show a command only when it applies; Services). Two
// loads with the same fingerprint keep the generation, the hidden/shown choices and the running
// services; any difference rotates the generation and restarts services. Presentation — title,
// description, version, labels, keys, tab placement, agents, navigation targets — is left out,
// so editing it in place disturbs nothing. Pure: a stable string, compared for equality.
import type { ExtensionManifest } from '../manifest/model';

export interface FingerprintInput {
  manifest: Pick<ExtensionManifest, 'commands' | 'services' | 'actions' | 'sidebarTabs' | 'hooks'>;
  /** settingsJson of the merged settings: a settings change is process-facing. */
  settingsJson: string;
  /** Signature of the extension's files other than extension.toml (supervisorFileWatch). */
  filesSignature: string;
}

function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stable(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function processFacingFingerprint(input: FingerprintInput): string {
  const m = input.manifest;
  return stable({
    commands: m.commands.map((c) => ({ id: c.id, run: c.run, placement: c.placement })),
    services: m.services,
    actions: m.actions,
    tabs: m.sidebarTabs.map((t) => ({
      name: t.name,
      source: t.source,
      interval: t.intervalSeconds,
      onClick: t.onClick,
    })),
    hooks: m.hooks,
    settings: input.settingsJson,
    files: input.filesSignature,
  });
}
