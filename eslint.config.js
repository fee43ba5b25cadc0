// Flat config: typescript-eslint's recommended rules (not type-aware, to stay fast) plus the layering rules.
//
// Layers, enforced with `no-restricted-imports` (in flat config a later block replaces a rule's options
// instead of merging them, so every block below states its whole list):
// - Only the shell, src-main/index.ts, imports `electron` in the main process; the preload may too.
//   Everything else (core, tests, tools) must load under plain Node, where `electron` throws.
// - src-main/contract/**, src-main/domain/** and src-main/i18n/** are pure: no electron, no Node built-ins, so the renderer
//   can import them.
// - The renderer (sandboxed, no Node) imports from src-main only its contract, domain and i18n; no Node built-ins,
//   no preload code.
// - The preload imports from src-main only the contract.
// - The main process never imports renderer or preload code.
// - Inside src-main (and src-renderer), folders are ordered in layers: a lower layer never imports a higher one
//   (the tables are data in eslint/layers.mjs, turned into import-x `no-restricted-paths` zones), and the cache's
//   internal modules are imported only from inside the cache; the entry points do not import one another
//   (mainApart: the shell and browser mode start the app's core through app/host, and the CLI never imports
//   the app).
// - No import cycles, type-only imports included (eslint/noImportCycle.mjs).
// - SQL only in src-main/cache (and the sandbox's store): no better-sqlite3 import, no `.db.prepare/exec/pragma`
//   elsewhere in the main process.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { apartZones, internalZone, layerZones, siblingZones } from './eslint/layerZones.mjs';
import { cacheInternals, mainApart, mainLayers, mainSeparate, rendererLayers, rendererViewsApart } from './eslint/layers.mjs';
import localRules from './eslint/noImportCycle.mjs';

const electron = {
  regex: '^electron(/.*)?$',
  message:
    'Only the shell (src-main/index.ts) and the preload import electron; put the logic in a module plain Node can load.',
};

const nodeBuiltins = {
  regex: `^(node:.*|(${builtinModules.join('|')})(/.*)?)$`,
  message: 'This layer runs in the sandboxed renderer (or is shared with it): no Node built-ins.',
};

const rendererOrPreloadFromMain = {
  regex: '(^|/)src-(renderer|preload)(/|$)',
  message: 'The main process does not import renderer or preload code; share types through src-main/contract.',
};

const mainFromRenderer = {
  regex: '(^|/)src-main(/(?!(contract|domain|i18n)(/|$))|$)',
  message: 'The renderer imports from src-main only src-main/contract/**, src-main/domain/** and src-main/i18n/** (pure modules).',
};

const preloadFromRenderer = {
  regex: '(^|/)src-preload(/|$)',
  message: 'The renderer reaches the preload only through window.tenderWorkbench (see src-main/contract).',
};

const mainFromPreload = {
  regex: '(^|/)src-main(/(?!contract(/|$))|$)',
  message: 'The preload imports from src-main only src-main/contract/**.',
};

const rendererFromPreload = {
  regex: '(^|/)src-renderer(/|$)',
  message: 'The preload does not import renderer code.',
};

const restrictImports = (...patterns) => ['error', { patterns }];

const folderZones = [
  ...layerZones('src-main', mainLayers, mainSeparate),
  ...apartZones('src-main', mainLayers, mainSeparate, mainApart),
  internalZone('src-main', mainLayers, mainSeparate, 'cache', cacheInternals, 'src-main/cache/README.md'),
  ...layerZones('src-renderer', rendererLayers),
  ...siblingZones(import.meta.dirname, 'src-renderer', rendererViewsApart),
];

export default defineConfig(
  globalIgnores([
    'out/',
    '.scratch/',
    'dist/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    '.sandbox-cache/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: globals.node,
    },
    linterOptions: {
      reportUnusedDisableDirectives: 'error',
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-restricted-imports': restrictImports(electron),
    },
  },
  {
    name: 'layers/main',
    files: ['src-main/**'],
    rules: { 'no-restricted-imports': restrictImports(electron, rendererOrPreloadFromMain) },
  },
  {
    name: 'layers/main-shell',
    files: ['src-main/index.ts'],
    rules: { 'no-restricted-imports': restrictImports(rendererOrPreloadFromMain) },
  },
  {
    name: 'layers/main-pure',
    files: ['src-main/contract/**', 'src-main/domain/**', 'src-main/i18n/**'],
    rules: { 'no-restricted-imports': restrictImports(electron, nodeBuiltins, rendererOrPreloadFromMain) },
  },
  {
    name: 'layers/folders',
    files: ['src-main/**', 'src-renderer/**', 'src-preload/**'],
    plugins: { 'import-x': importX, local: localRules },
    settings: {
      // Resolves our extensionless TypeScript imports to files, so a zone's path matches the file imported.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: folderZones }],
      'local/no-import-cycle': 'error',
    },
  },
  {
    // SQL lives in the cache (and in the sandbox's own store): no other folder of the main process opens SQLite
    // or prepares a statement. A transaction around cache calls (one unit of work) is allowed.
    name: 'layers/sql-in-cache',
    files: ['src-main/**'],
    ignores: ['src-main/cache/**', 'src-main/sandbox/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='better-sqlite3']",
          message: 'Only src-main/cache (and the sandbox) open SQLite: add a function to a cache module instead.',
        },
        {
          selector: "CallExpression > MemberExpression.callee[property.name=/^(prepare|exec|pragma)$/][object.type='MemberExpression'][object.property.name='db']",
          message: 'SQL lives in src-main/cache: add a function to a cache module (prepared statements there) instead.',
        },
      ],
    },
  },
  {
    name: 'layers/preload',
    files: ['src-preload/**'],
    rules: { 'no-restricted-imports': restrictImports(mainFromPreload, rendererFromPreload) },
  },
  {
    name: 'layers/renderer',
    files: ['src-renderer/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': restrictImports(electron, nodeBuiltins, mainFromRenderer, preloadFromRenderer),
    },
  },
);
