/**
 * One Jest run for unit (*.spec.ts), integration (*.int-spec.ts, real PostGIS + NATS) and
 * end-to-end (*.e2e-spec.ts, over HTTP) tests. Native ESM, because NestJS 12 is ESM-only
 * (see ../shared/design/TOOLCHAIN.md). `npm test` provisions the servers first.
 */
import process from 'node:process';

const tsJest = [
  'ts-jest',
  {
    useESM: true,
    tsconfig: {
      // Transpile only (no type-check per file).
      isolatedModules: true,
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'ES2023',
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
      esModuleInterop: true,
      types: ['node'],
    },
  },
];

/**
 * The test layers, chosen with LP_TEST_LAYER (tools/test/run.sh sets it): `unit` files need no
 * build, database, broker or browser; `int` and `e2e` run against what `npm test` provisions.
 * Unset: every layer.
 */
const LAYERS = { unit: 'spec', int: 'int-spec', e2e: 'e2e-spec' };
const layer = process.env.LP_TEST_LAYER;
if (layer && !(layer in LAYERS)) throw new Error(`LP_TEST_LAYER=${layer}: expected one of ${Object.keys(LAYERS).join(', ')}`);
const suffixes = layer ? LAYERS[layer] : `{${Object.values(LAYERS).join(',')}}`;

/**
 * Files that measure latency or throughput under load, against a bound: beside another file's
 * stack on two cores they measure that file as much as their own subject. `npm test` runs them
 * after the others, one at a time (LP_TEST_ALONE=only; the first run has LP_TEST_ALONE=exclude);
 * unset, they run with the rest, as a targeted `npm test -- <path>` does.
 */
const ALONE = ['apps/gateway/test/fair-shares-load.e2e-spec.ts', 'apps/gateway/test/rate-limit-leases.int-spec.ts'];
const alone = process.env.LP_TEST_ALONE;
if (alone && alone !== 'only' && alone !== 'exclude') throw new Error(`LP_TEST_ALONE=${alone}: expected only or exclude`);
const allFiles = [`<rootDir>/{apps,libs,tools,deploy}/**/*.${suffixes}.ts`];
const escaped = (path) => path.replaceAll('.', '\\.');

export default {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: alone === 'only' ? ALONE.filter((path) => !layer || path.endsWith(`.${LAYERS[layer]}.ts`)).map((path) => `<rootDir>/${path}`) : allFiles,
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.stack/', ...(alone === 'exclude' ? ALONE.map((path) => `/${escaped(path)}$`) : [])],
  // No server a test file spawned outlives the file (a stack whose start-up timed out included).
  setupFilesAfterEnv: ['<rootDir>/libs/testing/src/jest/reap-children.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    // Our TypeScript: types stripped by Oxc, as ts-jest with isolatedModules did, several times faster
    // (docs/testing.md); LP_JEST_TRANSFORM=ts-jest goes back to ts-jest to tell a transform's fault apart.
    '^.+\\.ts$': process.env.LP_JEST_TRANSFORM === 'ts-jest' ? tsJest : '<rootDir>/tools/test/jest/oxc-transformer.mjs',
    // Fastify's inject() reaches the ESM-only cookie@2 through a CommonJS package: ts-jest turns it into CommonJS.
    'node_modules/.+/cookie/.+\\.js$': tsJest,
  },
  transformIgnorePatterns: ['/node_modules/(?!(.+/)?cookie/)'],
  moduleNameMapper: {
    '^@lp/([a-z-]+)$': '<rootDir>/libs/$1/src/index.ts',
    // The test kit's light entry (libs/testing/package.json "exports").
    '^@lp/testing/sql$': '<rootDir>/libs/testing/src/sql/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFiles: ['<rootDir>/tools/test/jest.setup.ts'],
  // Transformed files are kept per worktree and survive a reboot (the default, /tmp/jest_*, does not,
  // and is shared by every checkout of the machine).
  cacheDirectory: '<rootDir>/node_modules/.cache/jest',
  // Hooks start whole stacks (database copy, nats-server, services); on two cores shared by two
  // workers that can pass a minute, so tests and hooks get three.
  testTimeout: 180_000,
  maxWorkers: 2,
  // A worker's heap grows with every file it runs (native ESM modules are not all released
  // between files) and its garbage collection then takes the time: by the end of a full run each
  // worker held over 4 GB and a SQL-snapshot file that takes 2 s alone took a minute. A worker
  // above this after a file is replaced by a new one (docs/testing.md).
  workerIdleMemoryLimit: '512MB',
};
