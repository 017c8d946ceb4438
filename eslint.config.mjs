// Flat ESLint config for the whole workspace (`npm run lint`).
// typescript-eslint "recommended" without type information keeps the run fast; the Nx module
// boundary rule enforces the project tags set in each project.json (see STYLE.md "Tags").
import js from '@eslint/js';
import { createProjectGraphAsync } from '@nx/devkit';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

// @nx/enforce-module-boundaries only reads Nx's cached project graph (.nx/workspace-data) and
// skips itself with a mere warning when there is none; a stale cache misses new projects and
// imports. Compute the graph here (~1-2 s, no daemon) so `eslint .` always checks today's code.
await createProjectGraphAsync({ exitOnError: true });

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
// Unit, integration and end-to-end tests, plus helpers in a project's own top-level test/ folder.
// Not any folder named test: a `src/test/` helper would be production code exempt from the rules.
const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  'apps/*/test/**/*.ts',
  'tools/test/**/*.ts',
  'deploy/k8s/test/**/*.ts',
];
// One entry besides the indexes: the test kit's SQL-snapshot part (`@lp/testing/sql`), which a
// repository's unit test imports without loading the database, broker and HTTP helpers.
const LIB_DEEP_PATH = {
  regex: '^@lp/(?!testing/sql$)[^/]+/.+',
  message: 'Import a lib through its index: `@lp/<lib>` (or the light `@lp/testing/sql`), never a deep path.',
};
const CONTEXTS = ['gateway', 'mcp', 'layer', 'parcel', 'search', 'market', 'geocode', 'web'];

/**
 * Dependency constraints between Nx projects, by tag. A project must match at least one
 * constraint to depend on anything, and every constraint it matches must hold.
 * `tests` widens the rules for test files only: apps and libs/db may use libs/testing there.
 */
function depConstraints({ tests }) {
  const testing = tests ? ['type:testing'] : [];
  return [
    // ---- layers (type) ----
    // The message contracts depend on nothing of ours.
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
    { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:contracts'] },
    // The process kit (env, logging, metrics, ops port): no NATS, no database.
    { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:contracts', 'type:util'] },
    { sourceTag: 'type:messaging', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:runtime'] },
    // Its tests may print its SQL with libs/testing (which in turn never imports libs/db: a cycle).
    { sourceTag: 'type:db', onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:runtime', ...testing] },
    {
      sourceTag: 'type:testing',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:runtime', 'type:messaging', 'type:db'],
    },
    // Apps never depend on apps (type:app is not in the list; Nx also bans app imports outright).
    {
      sourceTag: 'type:app',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:runtime', 'type:messaging', 'type:db', 'type:util', ...testing],
    },
    {
      sourceTag: 'type:tools',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:util', 'type:runtime', 'type:db', 'type:messaging', 'type:testing'],
    },

    // ---- scopes ----
    // Shared libs never reach into a bounded context.
    { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
    ...CONTEXTS.map((ctx) => ({
      sourceTag: `scope:${ctx}`,
      onlyDependOnLibsWithTags: [`scope:${ctx}`, 'scope:shared'],
    })),
    // mcp-svc is a client of the REST API: it never reaches the bus or a database, not even
    // transitively, so every call it makes passes the gateway's auth and rate limit. Its tests may
    // use libs/testing (which itself wires databases), so there only direct imports are checked.
    tests
      ? {
          sourceTag: 'scope:mcp',
          onlyDependOnLibsWithTags: ['type:contracts', 'type:runtime', 'type:util', 'type:testing'],
        }
      : {
          sourceTag: 'scope:mcp',
          onlyDependOnLibsWithTags: ['type:contracts', 'type:runtime', 'type:util'],
          notDependOnLibsWithTags: ['type:db', 'type:messaging'],
        },
    // The map application runs in a browser: it may only take types from the contracts.
    { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts'] },
  ];
}

const boundaries = (tests) => [
  'error',
  {
    // No escape hatches: every cross-project import goes through a lib's package name.
    allow: [],
    // Unresolvable or undeclared imports (e.g. a deep path into a lib, or a package that is
    // only installed as someone else's dependency) are errors too.
    banTransitiveDependencies: true,
    enforceBuildableLibDependency: false,
    depConstraints: depConstraints({ tests }),
  },
];

export default defineConfig(
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    '.stack/**',
    '.nx/**',
    '**/coverage/**',
    'tmp/**',
    // Build outputs (tsc emits .js/.d.ts); our sources are .ts only.
    '**/*.js',
    '**/*.d.ts',
  ]),
  {
    files: TS_FILES,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { '@nx': nx },
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 2023,
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
      // Libs are imported through their index.ts only: `@lp/contracts`, never `@lp/contracts/src/...`.
      'no-restricted-imports': ['error', { patterns: [LIB_DEEP_PATH] }],
      '@nx/enforce-module-boundaries': boundaries(false),
    },
  },
  {
    // Gateway data access: the gateway reads every context over the bus; its own database holds
    // API keys and access requests only. Only its database folder (the store module and the
    // migrations), the two repositories and the keys CLI may import a database client (Nx tags work per project, so
    // this per-folder wall is a restricted-imports rule; it repeats the deep-path pattern because
    // a later block replaces the rule's options).
    files: ['apps/gateway/src/**/*.ts'],
    ignores: [
      'apps/gateway/src/db/**',
      'apps/gateway/src/keys/**',
      'apps/gateway/src/migrate.ts',
      'apps/gateway/src/auth/api-key.repository.ts',
      'apps/gateway/src/access/access-request.repository.ts',
      ...TEST_FILES,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['@lp/db', 'typeorm', 'pg'].map((name) => ({
            name,
            message: 'The gateway reads other contexts over the bus; its own data lives in apps/gateway/src/db.',
          })),
          patterns: [LIB_DEEP_PATH],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': boundaries(true),
    },
  },
  {
    // Migrations are frozen: one never imports application code or a lib, so it does the same on
    // a fresh database as it did on an upgraded one. What follows live data (layer-svc's catalogue
    // layers) is an idempotent step migrate.js runs after them (MigrateOptions.afterMigrations).
    files: ['apps/*/src/db/migrations/*.ts'],
    ignores: ['apps/*/src/db/migrations/index.ts', ...TEST_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['./*', '../*', '@lp/*'],
              message: 'A migration is frozen: write its SQL out in full instead of importing application code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Promises nobody awaits lose their errors and their order: these three rules need the types,
    // read from tsconfig.lint.json (libraries from their sources, so lint needs no build) and, for
    // the map application, its own tsconfig.
    files: TS_FILES,
    ignores: ['apps/web/vite.config.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.lint.json', './apps/web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Config files at the root (this file, jest.config.mjs).
    files: ['*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
  },
  // Formatting belongs to prettier, not to lint.
  prettier,
);
