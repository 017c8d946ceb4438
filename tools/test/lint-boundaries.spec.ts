import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The architecture's walls are lint rules (eslint.config.mjs); this plants one violation of each
 * wall a review once got past lint, next to a legal import in the same place, and lints them with
 * the workspace's own config. A wall that stops biting fails here, not in a later review.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface LintedFile {
  filePath: string;
  messages: { ruleId: string | null; message: string }[];
}

function lintTexts(files: { filePath: string; code: string }[]): Map<string, LintedFile['messages']> {
  const out = execFileSync(process.execPath, [join(ROOT, 'tools/test/lint/lint-texts.mjs'), JSON.stringify(files)], {
    cwd: ROOT,
    env: { ...process.env, NX_DAEMON: 'false' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return new Map((JSON.parse(out) as LintedFile[]).map((file) => [file.filePath, file.messages]));
}

const importing = (symbol: string, lib: string): string => `import { ${symbol} } from '${lib}';\nexport const planted = ${symbol};\n`;

const PLANTED = {
  // mcp-svc calling a service on the bus would skip the gateway's auth and rate limit.
  mcpOnTheBus: { filePath: 'apps/mcp-svc/src/tools/planted-bus-call.ts', code: importing('NatsRpcClient', '@lp/messaging') },
  // A helper under src/test/ is production code: it may not pull in the test kit.
  productionTestHelper: { filePath: 'apps/parcel-svc/src/report/test/planted-helper.ts', code: importing('createTestDatabase', '@lp/testing') },
  // The gateway reads other contexts over the bus, never from a database.
  gatewayDataAccess: { filePath: 'apps/gateway/src/parcels/planted-query.ts', code: importing('DatabaseModule', '@lp/db') },
  // A migration following live code would do one thing on a fresh database and another on an upgraded one.
  migrationOnLiveCode: { filePath: 'apps/layer-svc/src/db/migrations/1999999999999-planted.ts', code: importing('LAYER_CATALOGUE', '@lp/contracts') },
};

const LEGAL = {
  mcpRuntime: { filePath: 'apps/mcp-svc/src/tools/legal-env.ts', code: importing('loadEnv', '@lp/runtime') },
  testFolderHelper: { filePath: 'apps/parcel-svc/test/legal-helper.ts', code: importing('createTestDatabase', '@lp/testing') },
  gatewayStore: { filePath: 'apps/gateway/src/db/legal-store.ts', code: importing('DatabaseModule', '@lp/db') },
};

describe('lint boundaries', () => {
  const linted = lintTexts([...Object.values(PLANTED), ...Object.values(LEGAL)]);
  const rulesAt = (file: { filePath: string }): (string | null)[] => (linted.get(file.filePath) ?? []).map((m) => m.ruleId);

  it('refuses mcp-svc importing the bus client', () => {
    expect(rulesAt(PLANTED.mcpOnTheBus)).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses a production file under src/test/ importing the test kit', () => {
    expect(rulesAt(PLANTED.productionTestHelper)).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses the gateway importing a database client outside its store', () => {
    const messages = linted.get(PLANTED.gatewayDataAccess.filePath) ?? [];
    expect(messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
    expect(messages.map((m) => m.message).join('\n')).toMatch(/apps\/gateway\/src\/db/);
  });

  it('refuses a migration importing application code', () => {
    expect(rulesAt(PLANTED.migrationOnLiveCode)).toContain('no-restricted-imports');
  });

  it('accepts the legal import next to each wall', () => {
    for (const file of Object.values(LEGAL)) expect({ file: file.filePath, messages: linted.get(file.filePath) }).toEqual({ file: file.filePath, messages: [] });
  });
});
