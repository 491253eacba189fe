// @rozi/extensions: the pure manifest part (no node:, no DOM). Parse and validate extension.toml,
// get typed contributions with defaults applied, Discover eligibility, and the diagnostics shape
// `rozi extensions check --json` prints. The node part (snapshot, runtime) is @rozi/extensions/node.
export { checkManifest, TOP_LEVEL_KEYS } from './checkManifest';
export type { CheckOptions, ManifestCheck, SnapshotFacts, Verdict } from './checkManifest';
export { compatibilityProblems, platformName } from './compatibility';
export type { RuntimeFacts } from './compatibility';
export type { Diagnostic, DiagnosticCode, Hint } from './diagnostics';
export { DISCOVER_LIMITS, discoverEligibility, MAX_SCREENSHOT_BYTES } from './discover';
export type { DiscoverFacts, DiscoverProblem, DiscoverResult, ImageFormat, ScreenshotFact } from './discover';
export { EXTENSION_DIR_TOKEN, insideExtension } from './extensionPaths';
export { MAX_MANIFEST_BYTES, readManifestText } from './manifestText';
export * from './model';
export { ROZI_COMPAT_VERSION } from './roziVersion';
export { MAX_ARRAY_LENGTH, MAX_DEPTH, MAX_KEY_LENGTH, MAX_STRING_LENGTH } from './structureLimits';
export { compareVersions, parseVersion } from './version';
export { checkSidebarTabTables } from './sidebarTabTables';
export type { SidebarTabTablesCheck } from './sidebarTabTables';
