// What an update changes in the contributions (issue 7: `update` shows it before applying). Pure:
// two manifest models in, one line per added, removed or changed contribution out.
import type { ExtensionManifest } from '../manifest/model';

export interface ContributionChange {
  kind: 'added' | 'removed' | 'changed';
  /** commands, services, actions, sidebar_tabs, settings, … */
  section: string;
  id: string;
}

export interface ContributionDiff {
  versionFrom: string | undefined;
  versionTo: string | undefined;
  changes: ContributionChange[];
}

type Sections = Record<string, Map<string, string>>;

function sections(m: ExtensionManifest): Sections {
  const by = <T>(items: T[], id: (t: T) => string): Map<string, string> =>
    new Map(items.map((t) => [id(t), JSON.stringify(t)]));
  return {
    commands: by(m.commands, (c) => c.id),
    services: by(m.services, (s) => s.name),
    actions: by(m.actions, (a) => a.id),
    sidebar_tabs: by(m.sidebarTabs, (t) => t.name),
    sidebar_presets: by(m.sidebarPresets, (p) => p.name),
    settings: by(m.settings, (s) => s.key),
    suggested_keybindings: by(m.suggestedKeybindings, (k) => `${k.action} ${k.key}`),
    navigation_targets: by(m.navigationTargets, (n) => n.name),
    agents: by(m.agents, (a) => a.id),
    link_handlers: by(m.linkHandlers, (l) => `${l.command} ${l.schemes.join(',')}`),
    hooks: by(m.hooks, (h) => `${h.event} ${h.script}`),
  };
}

export function diffContributions(before: ExtensionManifest, after: ExtensionManifest): ContributionDiff {
  const a = sections(before);
  const b = sections(after);
  const changes: ContributionChange[] = [];
  for (const section of Object.keys(a)) {
    const old = a[section] as Map<string, string>;
    const now = b[section] as Map<string, string>;
    for (const [id, json] of now) {
      if (!old.has(id)) changes.push({ kind: 'added', section, id });
      else if (old.get(id) !== json) changes.push({ kind: 'changed', section, id });
    }
    for (const id of old.keys()) if (!now.has(id)) changes.push({ kind: 'removed', section, id });
  }
  return { versionFrom: before.extension.version, versionTo: after.extension.version, changes };
}

export function formatDiff(d: ContributionDiff): string[] {
  const lines =
    d.versionFrom !== d.versionTo
      ? [`version ${d.versionFrom ?? '(none)'} → ${d.versionTo ?? '(none)'}`]
      : [];
  const sign = { added: '+', removed: '-', changed: '~' } as const;
  for (const c of d.changes) lines.push(`${sign[c.kind]} ${c.section} ${c.id}`);
  if (d.changes.length === 0) lines.push('no contribution changes');
  return lines;
}
