// Builds the ExtensionHooks the sandbox tests and bench/hooks-sandbox.ts load: hook sources keyed
// by hook id, every permission granted unless a hook narrows it, one action and one stream tab.
import type { ExtensionHooks, HookDefinition } from './definitions';

export type HookFixture = Omit<Partial<HookDefinition>, 'source'> & { source: string };

export function extensionFixture(
  extensionId: string,
  hooks: Record<string, HookFixture>,
  extra: Partial<ExtensionHooks> = {},
): ExtensionHooks {
  return {
    extensionId,
    actions: ['approve'],
    tabs: ['agents'],
    hooks: Object.entries(hooks).map(([hookId, fixture]) => ({
      hookId,
      event: 'agent-state-changed',
      permissions: ['notify', 'publish', 'status', 'invoke', 'send-text'],
      filename: `${extensionId}/hooks/${hookId}.js`,
      ...fixture,
    })),
    ...extra,
  };
}
