import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { loadEnv } from '@lp/runtime';
import { allowedHostsOf, allowedOriginsOf, appUrlOf, McpSvcEnv } from './mcp-svc.env.js';

describe('McpSvcEnv', () => {
  it('fills every default when only GATEWAY_URL is given', () => {
    const env = loadEnv(McpSvcEnv, { GATEWAY_URL: 'http://127.0.0.1:8080' });
    expect(env.MCP_PORT).toBe(8081);
    expect(env.MCP_HOST).toBe('127.0.0.1');
    expect(env.MCP_BODY_LIMIT_BYTES).toBe(256 * 1024);
    expect(env.GATEWAY_TIMEOUT_MS).toBe(25_000);
    expect(env.LOG_LEVEL).toBe('log');
    expect(appUrlOf(env)).toBe('http://127.0.0.1:8080');
    expect(allowedHostsOf(env, 8081)).toEqual(['127.0.0.1:8081', 'localhost:8081']);
    expect(allowedOriginsOf(env)).toEqual([]);
  });

  it('converts numbers and splits the comma lists', () => {
    const env = loadEnv(McpSvcEnv, {
      GATEWAY_URL: 'https://api.example.pl/',
      APP_URL: 'https://maps.example.pl/',
      MCP_PORT: '9000',
      MCP_BODY_LIMIT_BYTES: '65536',
      MCP_ALLOWED_HOSTS: 'mcp.example.pl, mcp.internal:9000',
      MCP_ALLOWED_ORIGINS: 'https://chat.example.pl/, http://localhost:3000',
    });
    expect(env.MCP_PORT).toBe(9000);
    expect(env.MCP_BODY_LIMIT_BYTES).toBe(65536);
    expect(appUrlOf(env)).toBe('https://maps.example.pl');
    expect(allowedHostsOf(env, 1234)).toEqual(['mcp.example.pl', 'mcp.internal:9000']);
    expect(allowedOriginsOf(env)).toEqual(['https://chat.example.pl', 'http://localhost:3000']);
  });

  it('treats an empty MCP_ALLOWED_ORIGINS as unset', () => {
    const env = loadEnv(McpSvcEnv, { GATEWAY_URL: 'http://127.0.0.1:8080', MCP_ALLOWED_ORIGINS: '' });
    expect(allowedOriginsOf(env)).toEqual([]);
  });

  it('stops start-up naming every bad variable', () => {
    const load = (): McpSvcEnv => loadEnv(McpSvcEnv, { MCP_PORT: 'eighty', APP_URL: 'ftp://x', MCP_ALLOWED_ORIGINS: 'chat.example.pl' });
    expect(load).toThrow(/Invalid environment/);
    const message = captureMessage(load);
    for (const name of ['GATEWAY_URL', 'MCP_PORT', 'APP_URL', 'MCP_ALLOWED_ORIGINS']) expect(message).toContain(name);
  });
});

function captureMessage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}
