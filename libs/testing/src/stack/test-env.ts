/**
 * What `npm test` (tools/test/run.sh) provisions before Jest starts: a private PostgreSQL with a
 * migrated template database, and the nats-server binary each test file starts its own server from.
 */
export interface TestEnvironment {
  /** Connection URL of the private cluster's maintenance database. */
  adminUrl: string;
  /** Migrated database with the fixture, copied for each test file. */
  templateDb: string;
  /** Migrated database with the small-scale demo dataset (every layer, every coverage status). */
  demoTemplateDb: string | undefined;
  /** The demo sources that template was loaded from. */
  demoSourcesDir: string | undefined;
  natsServerBin: string;
  repoRoot: string;
}

export function testEnvironment(): TestEnvironment {
  const adminUrl = process.env['LP_TEST_ADMIN_URL'];
  const templateDb = process.env['LP_TEST_TEMPLATE_DB'];
  if (!adminUrl || !templateDb) {
    throw new Error('The test stack is not provisioned: run the tests with `npm test` (tools/test/run.sh), which starts PostgreSQL and NATS.');
  }
  return {
    adminUrl,
    templateDb,
    demoTemplateDb: process.env['LP_TEST_DEMO_TEMPLATE_DB'],
    demoSourcesDir: process.env['LP_TEST_DEMO_SOURCES'],
    natsServerBin: process.env['LP_TEST_NATS_SERVER'] ?? 'nats-server',
    repoRoot: process.env['LP_TEST_REPO_ROOT'] ?? process.cwd(),
  };
}
