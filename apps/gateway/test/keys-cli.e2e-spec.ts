import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runAppCli, startTestStack, type TestStack } from '@lp/testing';
import { createHash } from 'node:crypto';

describe('keys CLI', () => {
  let stack: TestStack;
  const cli = (...args: string[]) => runAppCli('gateway', 'keys/keys.cli.js', args, { databaseUrl: stack.db.url, natsUrl: stack.nats.url });

  beforeAll(async () => (stack = await startTestStack({ gatewayEnv: { API_KEY_CACHE_SECONDS: '300' } })));
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
    expect(listed.stdout).toMatch(/demo\s.*search:read,parcels:read,market:read,reports:create,layers:read,watches:read,watches:write/);
  });

  it('keeps a revoked key from working within seconds even when the CLI cannot reach NATS, and says so loudly', async () => {
    const created = await cli('create', '--name', 'no-nats', '--scopes', 'parcels:read');
    const key = created.stdout.trim().split('\n').at(-1)!;
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key })).status).toBe(200); // now cached for 300 s
    const prefix = key.split('_')[1]!;
    const revoke = await runAppCli('gateway', 'keys/keys.cli.js', ['revoke', prefix], { databaseUrl: stack.db.url, natsUrl: 'nats://127.0.0.1:1' });
    expect(revoke.code).toBe(3);
    expect(revoke.stdout).toContain(`Revoked ${prefix}`);
    expect(revoke.stderr).toMatch(/WARNING: could not tell running gateways.*IS revoked in the database.*revocation poll/s);
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await stack.api().get('/v1/parcels/306401_1.0012.1', { key })).status;
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(4000); // KEY_REVOCATION_POLL_MS is 2 s by default
  });

  it('finds an operator-chosen key by its hash: its prefix is random, not taken from the hash, and it can be revoked by the key', async () => {
    const demoKey = 'operator-chosen-key-for-revocation-0002';
    await cli('create', '--name', 'chosen', '--scopes', 'parcels:read', '--key', demoKey);
    const [row] = await stack.sql<{ prefix: string }>(`SELECT prefix FROM gateway.api_keys WHERE name = 'chosen'`);
    expect(row!.prefix).toMatch(/^x[a-z2-7]{10}$/);
    expect(createHash('sha256').update(demoKey).digest('hex')).not.toContain(row!.prefix.slice(1, 8));
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key: demoKey })).status).toBe(200);
    const revoked = await cli('revoke', demoKey);
    expect(revoked.stdout).toContain(`Revoked ${row!.prefix}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key: demoKey })).status).toBe(401);
  });

  it('refuses unknown scopes, naming the allowed ones', async () => {
    const failed = await cli('create', '--name', 'x', '--scopes', 'parcels:write');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/parcels:write.*allowed: search:read/);
  });

  it('refuses terminal escapes, bidi overrides and zero-width characters in the access form, and never prints them raw', async () => {
    const form = { name: 'Anna Nowak', email: 'anna@example.org', organisation: 'Example sp. z o.o.', interfaces: 'rest', regions: 'wielkopolskie', layers: 'parcels' };
    const post = (body: Record<string, string>) => stack.api().post<{ error: { message: string } }>('/v1/access-requests', { body, headers: { 'x-forwarded-for': '192.0.2.1' } });
    const hostile: Array<[string, string]> = [
      ['purpose', 'clear\u001b[2J\u001b]0;owned\u0007'],
      ['organisation', 'Evil\u202Egnp.exe'],
      ['name', 'Anna\u200BNowak'],
      ['regions', 'wielkopolskie\u2028mazowieckie'],
      ['layers', 'parcels\u2066x'],
    ];
    for (const [field, value] of hostile) {
      const res = await post({ ...form, [field]: value });
      expect([field, res.status]).toEqual([field, 400]);
      expect(res.json().error.message).toMatch(new RegExp(`${field} must be plain text`));
    }
    // a purpose of a few lines is still welcome
    expect((await post({ ...form, purpose: 'Site search for solar farms.\nTwo regions.' })).status).toBe(201);
    // a row stored before the form refused them is printed with the characters escaped
    await stack.sql(`INSERT INTO gateway.access_requests (name, email, organisation, interfaces, regions, layers, purpose) VALUES ($1, $2, $3, 'rest', $4, 'parcels', $5)`, [
      'Mallory\u200B',
      'm@example.org',
      'Evil\u202Egnp.exe',
      'x\u001b]0;title\u0007',
      'clear\u001b[2J\u001bc',
    ]);
    const listed = await cli('requests');
    expect(listed.code).toBe(0);
    // no control character but the line ends, no bidi override, no zero-width character
    expect(listed.stdout).not.toMatch(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}](?<!\n)/u);
    expect(listed.stdout).toContain('clear\\u{1B}[2J\\u{1B}c');
    expect(listed.stdout).toContain('Evil\\u{202E}gnp.exe');
    expect(listed.stdout).toContain('Mallory\\u{200B}');
    expect(listed.stdout).toContain('Site search for solar farms. Two regions.');
  });
});
