import { describe, expect, it } from '@jest/globals';
import { isForbiddenAddress, webhookUrlProblem, type WebhookUrlPolicy } from './webhook-url-guard.js';

const STRICT: WebhookUrlPolicy = { allowedHosts: new Set(), allowHttp: false };
const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'metadata.internal.example': ['169.254.169.254'],
  'mixed.example': ['93.184.215.14', '10.1.2.3'],
};
const resolve = async (host: string): Promise<string[]> => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

describe('webhook URL guard', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '169.254.169.254',
    '10.0.0.5',
    '172.16.4.4',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::5',
    '::ffff:127.0.0.1',
    '::ffff:169.254.169.254',
  ])('refuses the address %s', (address) => expect(isForbiddenAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1'])('lets the public address %s through', (address) =>
    expect(isForbiddenAddress(address)).toBe(false),
  );

  it('refuses loopback, metadata and private URLs, also written as IPv6 or by a name resolving there', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.8:8443/x',
      'https://[::1]/x',
      'https://metadata.internal.example/x',
      'https://mixed.example/x',
    ]) {
      expect(await webhookUrlProblem(url, STRICT, resolve)).toMatch(/private, loopback or link-local/);
    }
  });

  it('accepts a public https receiver', async () => {
    expect(await webhookUrlProblem('https://hooks.example.com/landparcel', STRICT, resolve)).toBeNull();
  });

  it('refuses http unless the operator allows it, credentials in the URL, and hosts that do not resolve', async () => {
    expect(await webhookUrlProblem('http://hooks.example.com/x', STRICT, resolve)).toBe('webhook_url must use https');
    expect(await webhookUrlProblem('http://hooks.example.com/x', { ...STRICT, allowHttp: true }, resolve)).toBeNull();
    expect(await webhookUrlProblem('https://user:pw@hooks.example.com/x', STRICT, resolve)).toMatch(/credentials/);
    expect(await webhookUrlProblem('https://nowhere.example/x', STRICT, resolve)).toMatch(/does not resolve/);
    expect(await webhookUrlProblem('not a url', STRICT, resolve)).toMatch(/absolute/);
  });

  it('lets the operator allow a private receiver by host', async () => {
    const policy = { allowedHosts: new Set(['127.0.0.1']), allowHttp: true };
    expect(await webhookUrlProblem('http://127.0.0.1:9999/hook', policy, resolve)).toBeNull();
    expect(await webhookUrlProblem('http://127.0.0.2:9999/hook', policy, resolve)).toMatch(/loopback/);
  });
});
