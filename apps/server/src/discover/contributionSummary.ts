// Counts of what a manifest contributes: the index keeps each entry short, and the gallery filters
// by kind of contribution from these numbers alone.
import type { ExtensionManifest } from '@rozi/extensions';
import type { ContributionSummary } from './indexTypes';

export function contributionSummary(m: ExtensionManifest): ContributionSummary {
  return {
    commands: m.commands.length,
    services: m.services.length,
    actions: m.actions.length,
    sidebar_tabs: m.sidebarTabs.length,
    hooks: m.hooks.length,
    agents: m.agents.length,
    settings: m.settings.length,
    keys: m.commands.filter((c) => c.key !== undefined).length + m.suggestedKeybindings.length,
    link_handlers: m.linkHandlers.length,
    navigation_targets: m.navigationTargets.length,
  };
}

export type ContributionKind = keyof ContributionSummary;
