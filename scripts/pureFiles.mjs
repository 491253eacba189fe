// The pure code of the workspace: no I/O, no Node built-ins, no DOM, no React, no timers; inputs
// arrive as values (DESIGN.md, "Keep the pure packages pure"). One list read by eslint.config.mjs
// (what a pure file may touch) and scripts/check-boundaries.mjs (a pure file imports only pure
// files). Entries are folders (ending in `/`) or single files; tests beside them are exempt.
export const PURE_GLOBS = [
  'packages/detect/src/',
  'packages/keymap/src/',
  'packages/extensions/src/manifest/',
  // The pure half of the extension runtime: models, schemas and state machines the node half
  // drives with real processes.
  'packages/extensions/src/node/actionsSchema.ts',
  'packages/extensions/src/node/commandArgv.ts',
  'packages/extensions/src/node/env.ts',
  'packages/extensions/src/node/generationFingerprint.ts',
  'packages/extensions/src/node/installDiff.ts',
  'packages/extensions/src/node/settings.ts',
  'packages/extensions/src/node/supervisorBackoff.ts',
  'packages/extensions/src/node/hooks/definitions.ts',
  'packages/extensions/src/node/hooks/effects.ts',
  'packages/extensions/src/node/hooks/events.ts',
  'packages/extensions/src/node/hooks/extensionFixture.ts',
  'packages/extensions/src/node/hooks/health.ts',
  'packages/extensions/src/node/hooks/isolateRuntime.ts',
  'packages/extensions/src/node/hooks/limits.ts',
  'packages/extensions/src/node/hooks/protocol.ts',
  'packages/extensions/src/node/hooks/shellEnv.ts',
];

const isTest = (path) => /\.(test|node-test)\.tsx?$/.test(path);

/** `path` relative to the repository root, with `/` separators. */
export function isPure(path) {
  if (isTest(path)) return false;
  return PURE_GLOBS.some((g) => (g.endsWith('/') ? path.startsWith(g) : path === g));
}

/** The same list as ESLint `files` globs. */
export const PURE_ESLINT_FILES = PURE_GLOBS.map((g) => (g.endsWith('/') ? `${g}**/*.ts` : g));
