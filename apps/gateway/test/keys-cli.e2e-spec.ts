import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testEnvironment } from '@lp/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GatewayStack } from './gateway-stack.js';

const run = promisify(execFile);

describe('keys CLI', () => {
  let stack: GatewayStack;
  const cli = (...args: string[]) =>
    run(process.execPath, [join(testEnvironment().repoRoot, 'apps/gateway/dist/keys/keys.cli.js'), ...args], { env: { ...process.env, ...stack.baseEnv() } });

  beforeAll(async () => {
    stack = await GatewayStack.start({ gatewayEnv: { API_KEY_CACHE_SECONDS: '300' } });
  });
  afterAll(() => stack?.stop());

  it('creates a key printed on its last line that the gateway accepts, lists it, and revokes it everywhere at once', async () => {
    const created = await cli('create', '--name', 'cli test', '--scopes', 'parcels:read,search:read');
    const key = created.stdout.trim().split('\n').at(-1)!;
    expect(key).toMatch(/^lp_[a-z2-7]{10}_/);
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key })).status).toBe(200);

    const listed = await cli('list');
    const prefix = key.split('_')[1]!;
    expect(listed.stdout).toMatch(new RegExp(`${prefix}\\s+cli test.*parcels:read,search:read`));

    // The gateway caches keys for 300 s here; the revocation broadcast must evict it at once.
    const revoked = await cli('revoke', prefix);
    expect(revoked.stdout).toContain(`Revoked ${prefix}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key })).status).toBe(401);
  });

  it('installs an operator-chosen demo key exactly as given, with every scope', async () => {
    const demoKey = 'demo-key-for-this-machine-0001';
    await cli('create', '--name', 'demo', '--scopes', 'all', '--key', demoKey);
    const again = await cli('create', '--name', 'demo', '--scopes', 'all', '--key', demoKey);
    expect(again.stdout.trim().split('\n').at(-1)).toBe(demoKey);
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key: demoKey })).status).toBe(200);
    const listed = await cli('list');
    expect(listed.stdout).toMatch(/demo\s.*search:read,parcels:read,market:read,reports:create,layers:read/);
  });

  it('refuses unknown scopes, naming the allowed ones', async () => {
    const failed = await cli('create', '--name', 'x', '--scopes', 'parcels:write').catch((error: { stderr: string; code: number }) => error);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toMatch(/parcels:write.*allowed: search:read/);
  });
});
