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
  ROZI_EVENT_NAMES,
  eventPane,
  roziEventLine,
  isHookEventName,
  matchesFilter,
  type AgentStateChangedEvent,
  type NeedsInputEvent,
  type HookAgentState,
  type HookEvent,
  type HookEventName,
  type HookEventOf,
  type HookFilter,
  type HookStateSource,
} from './hooks/events';
export { type HookFailureKind, type HookHealthSnapshot } from './hooks/health';
export * as hookLimits from './hooks/limits';
export { readHookScript, type HookScriptResult } from './hooks/hookScript';
export { shellHookEnv } from './hooks/shellEnv';
export {
  extensionHooksFromManifest,
  manifestFilter,
  type ManifestHookParts,
  type ManifestHooksResult,
} from './hooks/manifestHooks';

// Extension runtime (ARCHITECTURE.md, "packages/extensions: runtime").
export {
  ActionError,
  ActionInvoker,
  MAX_CALL_DEPTH,
  MAX_CALLS_PER_SESSION,
  type ActionDefinition,
  type ActionErrorCode,
  type InvocationInfo,
  type InvokeRequest,
  type InvokeResult,
} from './actions';
export { ActionSchemas, MAX_ACTION_PAYLOAD_BYTES } from './actionsSchema';
export { resolveExecArgv, substituteExtensionDir } from './commandArgv';
export {
  DEFAULT_COMMAND_SHELL,
  runCommand,
  type CommandFailure,
  type CommandHandle,
  type RunCommandOptions,
} from './commandRunner';
export {
  buildExtensionEnv,
  isReservedServiceEnvKey,
  type ExtensionEnvInput,
  type ExtensionIdentity,
  type ExtensionProcessKind,
} from './env';
export { EXIT_STALE_GENERATION, GenerationTable, type GenerationCheck } from './generation';
export { processFacingFingerprint, type FingerprintInput } from './generationFingerprint';
export {
  abandonInstallsNow,
  installExtension,
  InstallError,
  removeExtension,
  removeStaleStaging,
  setEnabled,
  updateExtension,
  type ExtensionDirs,
  type InstallErrorCode,
  type InstallOptions,
  type InstallOutcome,
  type UpdatePlan,
} from './install';
export { diffContributions, formatDiff, type ContributionChange, type ContributionDiff } from './installDiff';
export {
  DEFAULT_INSTALL_LIMITS,
  GitError,
  runGit,
  SAFE_GIT_CONFIG,
  type InstallLimits,
  type RunGitOptions,
} from './installGit';
export { resolveInstallSource } from './installSource';
export {
  DEFAULT_LOG_LINES,
  extensionLogDir,
  listLogUnits,
  LOG_UNIT_BYTES,
  readLogTails,
  removeLogs,
  UnitLog,
  type UnitLogTail,
} from './logs';
export {
  REGISTRY_LOCK_FILE,
  RegistryLockedError,
  withLockFile,
  withRegistryLock,
  type LockFileOptions,
} from './registryLock';
export {
  findEntry,
  readRegistry,
  registryPath,
  updateRegistry,
  writeRegistry,
  type InstallSource,
  type RegistryEntry,
  type RegistryFile,
} from './registry';
export {
  checkExtensionDir,
  loadInstalled,
  type LoadedExtension,
  type LoadInstalledOptions,
  type LoadState,
} from './registryLoad';
export {
  mergeSettings,
  orphanSettingsTables,
  settingsJson,
  type DeclaredSetting,
  type MergedSettings,
  type SettingsDiagnostic,
} from './settings';
export { ensureStateDir, purgeStateDir, stateDirOf } from './state';
export {
  DEFAULT_STOP_GRACE_MS,
  ServiceSupervisor,
  type ServiceLaunch,
  type ServiceState,
  type ServiceStatus,
  type StopReason,
} from './supervisor';
export {
  DEFAULT_RESTART_TIMINGS,
  RestartTracker,
  type RestartPolicy,
  type RestartTimings,
} from './supervisorBackoff';
export { signalGroup, spawnGroup, terminateGroup } from './supervisorProcessGroup';
export {
  ChildLedger,
  childLedger,
  readLedgerDir,
  type ChildRecord,
  type EndScope,
  type LedgerStore,
} from './childLedger';
export { filesSignature, WATCH_MAX_BYTES, WATCH_MAX_FILES } from './supervisorFileWatch';

// Snapshot of an extension directory: limits, links, content digest (docs/extensions-manifest.md).
export {
  SNAPSHOT_MAX_BYTES,
  SNAPSHOT_MAX_FILES,
  snapshotFacts,
  takeSnapshot,
  takeSnapshotSync,
  type Snapshot,
  type SnapshotFile,
  type SnapshotOptions,
  type SnapshotProblem,
} from './snapshot';

// extension.toml read safely: a regular file inside the extension, bounded, never blocking.
export { readManifestFile, type ManifestFileRead } from './manifestFile';

// Durable files: the one atomic write of the codebase (server code imports it as
// apps/server/src/persist/atomicWrite.ts).
export { AtomicWriteError, writeFileAtomic, type AtomicWriteOptions } from './atomicWrite';
