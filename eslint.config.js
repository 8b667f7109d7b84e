// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const root = import.meta.dirname;

/**
 * The server's layers (docs/architecture.md#layers), for its product code only: tests and scripts set up
 * and read rows directly. The server is folded by domain (server/<domain>/), and a module's layer is in
 * its name: `route.ts` / `*-route.ts` / `routes.ts`, `service.ts` / `*-service.ts`, `repository.ts` /
 * `*-repository.ts`, `mapper.ts`; `server/db/` is the client, statements, schema, migrations and SQL
 * functions. Routes reach the database through services; repositories and the database layer never call
 * up into services, routes, plugins or the partner networks' core; mappers never call services or
 * routes; the demo seeds through services and repositories, not through a route module.
 */
const ROUTES = ['server/**/route.ts', 'server/**/*-route.ts', 'server/**/routes.ts'];
const SERVICES = ['server/**/service.ts', 'server/**/*-service.ts'];
const REPOSITORIES = ['server/**/repository.ts', 'server/**/*-repository.ts'];
const NETWORKS_CORE = ['server/networks/{presets,verify,test-request,demo-params}.ts'];
const serverLayerZones = [
  {
    target: ROUTES,
    from: ['server/db/**', ...REPOSITORIES],
    message: 'Routes call services; the database is reached through them (docs/architecture.md#layers).',
  },
  {
    target: ['server/db/**', ...REPOSITORIES],
    from: [...SERVICES, ...ROUTES, 'server/plugins/**', ...NETWORKS_CORE],
    message:
      'Repositories and the database layer import only the database, mappers and the contract (docs/architecture.md#layers).',
  },
  {
    target: ['server/**/mapper.ts'],
    from: [...SERVICES, ...ROUTES, 'server/plugins/**'],
    message:
      "Mappers turn rows into the contract's shapes; they call no service or route (docs/architecture.md#layers).",
  },
  {
    target: 'server/demo/**',
    from: ROUTES,
    message: 'The demo seeds through services and repositories, never through a route module.',
  },
];

/**
 * Who may import whom (docs/decisions/import-boundaries-lint.md). A zone forbids `target` to import `from`;
 * zones only see imports the resolver finds, hence the TypeScript resolver below for the whole tree.
 * tests/lint/boundaries.test.ts proves each zone with a fixture that must fail.
 */
const zones = [
  // shared/ runs in the server and in both browser apps: it imports none of them.
  {
    target: './shared',
    from: ['./member', './admin', './server'],
    message: 'shared/ runs everywhere: it never imports the server or an app.',
  },
  // The browser apps talk to the server over HTTP only, and never to each other.
  {
    target: './member',
    from: ['./server', './admin'],
    message: 'The member app reaches the server over HTTP and shares code through shared/ only.',
  },
  {
    target: './admin',
    from: ['./server', './member'],
    message: 'The admin console reaches the server over HTTP and shares code through shared/ only.',
  },
  // The server renders a member's first page with the member app's own components: that entry only.
  { target: './server', from: './admin', message: 'The server never imports the admin console.' },
  {
    target: './server',
    from: './member',
    except: ['./src/app/server-render.tsx'],
    message: 'The server reaches the member app through its server-render entry only.',
  },
  // The measurement tooling (tooling/: Lighthouse harness, traces, bench) drives the product from
  // outside; nothing the product ships or tests imports it.
  {
    target: ['./shared', './member', './admin', './server'],
    from: './tooling',
    message: 'Product code never imports the measurement tooling (tooling/README.md).',
  },
  // Member app, after bulletproof-react: code flows shared -> features -> app.
  { target: './member/src/features', from: './member/src/app' },
  // Features never import each other: app/ composes them.
  ...['auth', 'offers', 'referrals', 'rewards', 'profile'].map((f) => ({
    target: `./member/src/features/${f}`,
    from: './member/src/features',
    except: [`./${f}`],
  })),
  {
    target: ['./member/src/lib', './member/src/components'],
    from: ['./member/src/features', './member/src/app'],
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'dev-dist',
      'server/db/migrations',
      // StrykerJS's sandboxes (copies of the tree) while mutation testing runs.
      '.stryker-tmp',
      // Forbidden imports on purpose: tests/lint/boundaries.test.ts lints them at their target paths.
      'tests/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      // import-x reads the exports (and imports, for cycles) of these files only: the tree's TypeScript too.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Resolves the tree's TypeScript imports (extensionless, .tsx), so that zones and cycles see them.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/tsconfig.json` })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**', 'server/scripts/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...zones, ...serverLayerZones] }],
    },
  },
  {
    // Configuration is read once, in server/config.ts (docs/decisions/configuration-read-once.md). Scripts, benches and tests
    // keep their own variables; firebase.ts hands the emulator's address to firebase-admin through
    // process.env, and the demo emulator's child process inherits the environment.
    files: ['server/**/*.ts'],
    ignores: [
      'server/config.ts',
      'server/**/*.test.ts',
      'server/test/**',
      'server/scripts/**',
      'server/members/firebase.ts',
      'server/demo/emulator.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from the Config (server/config.ts parses every variable once).',
        },
      ],
    },
  },
  {
    // The console's bundle evaluates no classic zod (about 90 KB gzipped, and its schemas probe for
    // eval, which the console's Content-Security-Policy refuses: a violation the e2e suite fails on).
    // Types only from the contract's schema modules; values the console needs live in
    // shared/constants.ts. The admin forms' schemas are the exception: zod/mini, run with
    // `jitless` set first (admin/src/zod-jitless.ts; docs/decisions/admin-writes-in-contract.md).
    files: ['admin/src/**/*.{ts,tsx}'],
    ignores: ['admin/src/**/*.test.{ts,tsx}', 'admin/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/shared/contract/admin/*',
                '!**/shared/contract/admin/*-form',
                '!**/shared/contract/admin/form-fields',
                '**/shared/contract/common',
                '**/shared/contract/member',
                '**/shared/contract/postback',
                '**/shared/contract/system',
              ],
              allowTypeImports: true,
              message:
                "The console imports only types from the contract (classic zod is heavy and breaks its CSP), the admin forms' zod/mini schemas aside; put shared values in shared/constants.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['member/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
