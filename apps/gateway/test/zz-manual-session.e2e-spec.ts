import { describe, it } from '@jest/globals';
import { existsSync, writeFileSync } from 'node:fs';
import { ALL_SCOPES, GatewayStack } from './gateway-stack.js';

describe('manual session (not committed)', () => {
  it('keeps a demo stack up until /tmp/export-session.stop exists', async () => {
    const stack = await GatewayStack.start({ template: 'demo', services: ['layer-svc', 'search-svc'], serviceEnv: { 'layer-svc': { ORTHO_WMS_CHECK_SECONDS: '60' } } });
    const key = await stack.createKey(ALL_SCOPES);
    writeFileSync('/tmp/export-session.json', JSON.stringify({ url: stack.gatewayUrls[0], key }));
    const until = Date.now() + 14 * 60_000;
    while (!existsSync('/tmp/export-session.stop') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1000));
    await stack.stop();
  }, 16 * 60_000);
});
