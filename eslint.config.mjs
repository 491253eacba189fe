// Lint setup. Its main job is the import table in ../shared/DESIGN.md ("Packages and the
// direction of imports"): pure code (packages/detect, packages/keymap, packages/extensions/src/manifest) imports
// no Node built-ins, no DOM-bound packages and no React; the browser never imports server code.
// scripts/check-boundaries.mjs adds what ESLint cannot see: import cycles across files.
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

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
    },
  },
  {
    files: [
      'packages/detect/src/**/*.ts',
      'packages/keymap/src/**/*.ts',
      'packages/extensions/src/manifest/**/*.ts',
    ],
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
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'apps/web runs in the browser: ask the server',
          })),
          patterns: [
            {
              group: ['@rozi/server', '@rozi/server/*'],
              allowTypeImports: true,
              message: 'apps/web may only `import type` from the server',
            },
            {
              group: ['@rozi/detect', '@rozi/extensions', '@rozi/extensions/*'],
              allowTypeImports: true,
              message: 'apps/web gets detection and manifest results from the server',
            },
          ],
        },
      ],
    },
  },
);
