// The node part of @rozi/extensions (`@rozi/extensions/node`). Add exports; do not remove them.

// Hook sandbox (docs/hooks.md).
export { HookSandbox, type HookSandboxOptions } from './hooks/hookSandbox';
export {
  USER_CONFIG_HOOK_OWNER,
  type ExtensionHooks,
  type HookDefinition,
  type HookDisabledNotice,
  type HookHealthEntry,
  type HookLoadReport,
  type HookLogEntry,
  type HookOutcome,
} from './hooks/definitions';
export {
  HOOK_PERMISSIONS,
  validateEffects,
  type EffectCheck,
  type EffectContext,
  type HookEffect,
  type HookPermission,
  type InvokeEffect,
  type NotifyEffect,
  type PublishEffect,
  type SendTextEffect,
  type SidebarRow,
  type StatusEffect,
} from './hooks/effects';
export {
  HOOK_EVENT_FIELDS,
  HOOK_EVENT_NAMES,
  eventPane,
  isHookEventName,
  matchesFilter,
  type HookAgentState,
  type HookEvent,
  type HookEventName,
  type HookEventOf,
  type HookFilter,
} from './hooks/events';
export { type HookFailureKind, type HookHealthSnapshot } from './hooks/health';
export * as hookLimits from './hooks/limits';
export { readHookScript, type HookScriptResult } from './hooks/hookScript';
export { shellHookEnv } from './hooks/shellEnv';
