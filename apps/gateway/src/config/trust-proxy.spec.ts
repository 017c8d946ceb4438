import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { trustProxyOption } from '@lp/runtime';
import { GatewayEnv } from './gateway.env.js';

describe('TRUST_PROXY', () => {
  const problems = (value: string): number =>
    validateSync(plainToInstance(GatewayEnv, { NATS_URL: 'nats://127.0.0.1:4222', DATABASE_URL: 'postgres://u@h:5432/db', TRUST_PROXY: value })).filter((e) => e.property === 'TRUST_PROXY').length;

  it('takes off, any, a hop count or addresses and CIDRs, and nothing else', () => {
    for (const ok of ['', 'true', '1', '10.0.0.0/8', '10.0.0.0/8, 127.0.0.1', '::1', 'fd00::/8']) expect([ok, problems(ok)]).toEqual([ok, 0]);
    for (const bad of ['yes', '10.0.0.0/8;rm', 'proxy.example', '-1']) expect([bad, problems(bad)]).toEqual([bad, 1]);
  });

  it('is handed to Fastify as it expects', () => {
    expect(trustProxyOption('')).toBe(false);
    expect(trustProxyOption('true')).toBe(true);
    const twoHops = trustProxyOption('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxyOption('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
  });
});
