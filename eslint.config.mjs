// Lint setup. Its main job is the import table in ../shared/DESIGN.md ("Packages and the
// direction of imports"): pure code (scripts/pureFiles.mjs) imports no Node built-ins, no
// DOM-bound packages and no React; the browser never imports server code. It also holds the size
// and shape rules of CONVENTIONS.md and two typed rules. scripts/check-boundaries.mjs adds what
// ESLint cannot see: import cycles (type imports and @rozi/* included) and the package graph.
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PURE_ESLINT_FILES } from './scripts/pureFiles.mjs';

const root = dirname(fileURLToPath(import.meta.url));
// Every TypeScript file belongs to one of these programs, so the typed rules below see it.
const typedProjects = [
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.json',
  'e2e/tsconfig.json',
  'packages/cloexec/tsconfig.json',
  'packages/detect/tsconfig.test.json',
  'packages/extensions/tsconfig.test.json',
  'packages/keymap/tsconfig.json',
  'packages/ui/tsconfig.json',
  'tsconfig.tools.json',
];

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const pureForbidden = {
  paths: nodeBuiltins.map((name) => ({
    name,
    message: 'pure packages do no I/O: take inputs as values (DESIGN.md)',
  })),
  patterns: [
    { group: ['node:*'], message: 'pure packages do no I/O (DESIGN.md)' },
    {
      group: ['react', 'react-dom', 'react/*', '@xterm/*', 'next', 'next/*'],
      message: 'pure packages have no UI',
    },
    {
      group: ['@rozi/server', '@rozi/server/*', '@rozi/web', '@rozi/ui', '@rozi/extensions/node'],
      message: 'pure packages import no app code',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/.next/**',
      '**/dist/**',
      '**/.turbo/**',
      'apps/web/next-env.d.ts',
      'bench/results/**',
      '**/*.d.ts',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mts,mjs}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      'no-debugger': 'error',
      'no-var': 'error',
      'prefer-const': 'error',
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // CONVENTIONS.md, "Names, comments, size": a file past ~500 lines is asking to be split; 600 is
      // the wall. Options objects instead of long positional lists (tRPC's max-params: 3).
      'max-lines': ['error', { max: 600 }],
      'max-params': ['error', 3],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: { parserOptions: { project: typedProjects, tsconfigRootDir: root } },
    rules: {
      // A switch over a union names every member (or says `default:` on purpose), so adding an
      // event, a code or a state makes the compiler point at every place that must learn it.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      // A promise nobody awaits loses its rejection: await it, or `void` it and say why.
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // Every pure file (scripts/pureFiles.mjs; check-boundaries.mjs checks they import only pure code).
    files: PURE_ESLINT_FILES,
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', pureForbidden],
      'no-restricted-globals': [
        'error',
        'process',
        'require',
        'window',
        'document',
        'Buffer',
        '__dirname',
        'fetch',
        'setTimeout',
        'setInterval',
      ],
    },
  },
  {
    files: ['packages/extensions/src/manifest/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...pureForbidden,
          patterns: [
            ...pureForbidden.patterns,
            { group: ['../node', '../node/*'], message: 'the manifest part must not reach the node part' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({ name, message: 'packages/ui runs in the browser' })),
          patterns: [
            {
              group: ['@rozi/*', '!@rozi/detect'],
              message: 'packages/ui imports React only (DESIGN.md)',
            },
            {
              // The agent-state vocabulary has one home (@rozi/detect); the UI names its words.
              group: ['@rozi/detect'],
              allowTypeImports: true,
              message: 'packages/ui may only `import type` the state vocabulary from @rozi/detect',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...nodeBuiltins.map((name) => ({
              name,
              message: 'apps/web runs in the browser: ask the server',
            })),
            {
              name: '@rozi/detect',
              allowTypeImports: true,
              message: 'apps/web gets detection results from the server',
            },
          ],
          patterns: [
            {
              group: ['@rozi/server', '@rozi/server/*'],
              allowTypeImports: true,
              message: 'apps/web may only `import type` from the server',
            },
            {
              group: ['@rozi/extensions', '@rozi/extensions/*'],
              allowTypeImports: true,
              message: 'apps/web gets manifest results from the server',
            },
            {
              // Except the shell-integration mark parsers and the hint scanner, pure and shared
              // with the server.
              group: ['@rozi/detect/*', '!@rozi/detect/shellMarks', '!@rozi/detect/hints'],
              allowTypeImports: true,
              message: 'apps/web gets detection results from the server',
            },
          ],
        },
      ],
    },
  },
);
