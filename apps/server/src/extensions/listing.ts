// What `rozi extensions list [--verbose] [--json]` and the web's Extensions page show: every
// installed extension with its state and source, and for loaded ones the commands (with the
// resolved argv to reproduce a failure), services and their supervisor state, settings and each
// key suggestion's state (active, suppressed, conflicting).
import { resolveExecArgv } from '@rozi/extensions/node';
import type { ExtensionHost } from './host';

/** What the listing reads of the extension host. */
export type ListingHost = Pick<ExtensionHost, 'keymapResult' | 'report' | 'extensions' | 'runtime'>;

export function extensionsListing(host: ListingHost) {
  const keymap = host.keymapResult();
  const report = host.report();
  return host.extensions().map((l) => {
    const rt = host.runtime(l.entry.id);
    const m = rt?.manifest ?? l.check?.manifest;
    return {
      id: l.entry.id,
      state: l.state,
      problem: l.problem ?? null,
      title: m?.extension.title ?? null,
      description: m?.extension.description ?? null,
      version: m?.extension.version ?? null,
      min_rozi: m?.extension.minRozi ?? null,
      platforms: m?.extension.platforms ?? null,
      homepage: m?.extension.homepage ?? null,
      screenshots: m?.extension.screenshots ?? [],
      source: l.entry.source,
      /** False for a directory put into the extensions folder by hand (not in registry.json). */
      managed: l.entry.source.kind !== 'unmanaged',
      disabled_by: disabledBy(l.disabledByConfig === true, l.state === 'disabled'),
      commit: l.entry.commit,
      digest: l.entry.digest,
      dir: l.entry.dir,
      generation: rt?.generation ?? null,
      commands: (m?.commands ?? []).map((c) => ({
        id: c.publicId,
        label: c.label,
        hidden: rt ? !(rt.visibility.get(c.id) ?? !c.hidden) : c.hidden,
        run: c.run.kind,
        argv: c.run.kind === 'exec' && rt ? resolveExecArgv(c.run.argv, rt.dir) : null,
        key: c.key ?? null,
      })),
      services: (m?.services ?? []).map((s) => {
        // each-session services have one instance per session (keys `<name>@<session instance>`).
        const instances = [...(rt?.services ?? [])]
          .filter(([k]) => k === s.name || k.startsWith(`${s.name}@`))
          .map(([, sup]) => sup.status());
        return {
          id: s.publicId,
          placement: s.placement,
          restart: s.restart,
          status: instances[0] ?? null,
          instances,
        };
      }),
      actions: (m?.actions ?? []).map((a) => ({
        id: a.publicId,
        title: a.title,
        deadline_ms: a.deadlineMs,
        concurrency: a.concurrency,
      })),
      sidebar_tabs: (m?.sidebarTabs ?? []).map((t) => ({
        id: t.publicId,
        label: t.label,
        kind: t.source.kind,
      })),
      settings: rt ? rt.settings.values : (l.check?.settings ?? {}),
      settings_problems: (report?.settings ?? [])
        .filter((d) => d.extension === l.entry.id)
        .map((d) => d.message),
      keys: keymap.suggestions
        .filter((s) => s.extension === l.entry.id)
        .map((s) => ({ action: s.action, chord: s.chord, state: s.state, reason: s.reason ?? null })),
    };
  });
}

/** Who disabled an extension: config.toml's [extensions] disabled, the registry, or nobody. */
function disabledBy(byConfig: boolean, disabled: boolean): 'config' | 'registry' | null {
  if (byConfig) return 'config';
  return disabled ? 'registry' : null;
}
