import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, testEnvironment } from '@lp/testing';

/** The first start generates nothing (the small demo sources of npm test) but migrates, loads and builds the index. */
const START_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 90_000;

/**
 * `npm start` as the README promises it: on an empty state folder it brings the whole stack up with
 * demo data, and when it prints the URLs every endpoint it names answers, the example calls it prints
 * included; Ctrl-C stops everything it started.
 */
describe('npm start', () => {
  const env = testEnvironment();
  const state = mkdtempSync(join(env.repoRoot, '.stack', 'start-smoke-'));
  let start: ChildProcess;
  let stdout = '';
  let stderr = '';
  let port: number;
  let mcpPort: number;
  let exited: Promise<number | null>;

  beforeAll(async () => {
    if (!env.demoSourcesDir) throw new Error('npm test provisions the small demo sources (LP_TEST_DEMO_SOURCES)');
    [port, mcpPort] = [await freePort(), await freePort()];
    const childEnv: NodeJS.ProcessEnv = { ...process.env, STACK_DIR: state, PORT: String(port), MCP_PORT: String(mcpPort), STACK_DEMO_SOURCES: env.demoSourcesDir };
    delete childEnv['DATABASE_URL'];
    delete childEnv['NATS_URL'];
    // its own process group: the test can stop what it started even if the script misbehaves
    start = spawn('bash', ['tools/stack/start.sh'], { cwd: env.repoRoot, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    start.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    start.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    exited = new Promise((resolve) => start.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (!stdout.includes('Land-parcel API is up.')) {
      if (start.exitCode !== null) throw new Error(`npm start exited with ${start.exitCode} before printing the URLs:\n${stderr.slice(-3000)}`);
      if (Date.now() > deadline) throw new Error(`npm start printed no URLs in ${START_TIMEOUT_MS / 60_000} min:\n${stderr.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }, START_TIMEOUT_MS + 60_000);

  afterAll(async () => {
    start?.stdout?.destroy();
    start?.stderr?.destroy();
    if (start?.exitCode === null) {
      try {
        process.kill(-start.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // servers it started outside its process group (PostgreSQL daemonizes)
    await new Promise((resolve) => spawn('bash', ['tools/stack/stack.sh', 'down', state], { cwd: env.repoRoot, stdio: 'ignore' }).once('exit', resolve));
    rmSync(state, { recursive: true, force: true });
  }, STOP_TIMEOUT_MS + 60_000);

  const printed = (label: string): string => {
    const match = new RegExp(`^\\s*${label}\\s+(\\S+)`, 'm').exec(stdout);
    if (!match) throw new Error(`npm start printed no "${label}" line:\n${stdout}`);
    return match[1]!;
  };

  it('prints the map app, REST, MCP URLs and a demo key that work', async () => {
    expect(printed('Map app')).toBe(`http://127.0.0.1:${port}/`);
    expect(printed('REST API')).toBe(`http://127.0.0.1:${port}/v1`);
    const key = printed('Demo API key');
    const home = await fetch(printed('Map app'));
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
    for (const path of ['/openapi.yaml', '/docs']) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200);
    const layers = await fetch(`${printed('REST API')}/layers`, { headers: { authorization: `Bearer ${key}` } });
    expect(layers.status).toBe(200);
    const client = new Client({ name: 'npm-start-smoke', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(printed('MCP server')), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
    try {
      // the 13 tools of the spec, find_assembled_sites and site_report
      expect((await client.listTools()).tools).toHaveLength(15);
    } finally {
      await client.close();
    }
  });

  it('every example call it prints answers 200 with data', async () => {
    const calls = [...stdout.matchAll(/curl -H "Authorization: Bearer (\S+)" "?(http[^"\s]+)"?/g)];
    expect(calls.length).toBeGreaterThanOrEqual(3);
    for (const [, key, url] of calls) {
      const response = await fetch(url!, { headers: { authorization: `Bearer ${key}` } });
      expect({ url, status: response.status }).toEqual({ url, status: 200 });
      const body = (await response.json()) as Record<string, unknown>;
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
  });

  it('a natural-language search answers once the URLs are printed (the index is built by then)', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/v1/search/natural-language`, {
      method: 'POST',
      headers: { authorization: `Bearer ${printed('Demo API key')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'działki budowlane w Poznaniu', limit: 3 }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { matched: number }).matched).toBeGreaterThan(0);
  });

  it('Ctrl-C stops everything it started', async () => {
    process.kill(-start.pid!, 'SIGINT');
    const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), STOP_TIMEOUT_MS))]);
    expect(code).not.toBe('hung');
    expect(stderr).toContain('Stopped.');
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${mcpPort}/mcp`)).rejects.toThrow();
    // and the private PostgreSQL and NATS of its state folder
    const servers = await new Promise<number | null>((resolve) => spawn('bash', ['tools/stack/stack.sh', 'env', state], { cwd: env.repoRoot, stdio: 'ignore' }).once('exit', resolve));
    expect(servers).not.toBe(0);
  }, STOP_TIMEOUT_MS + 30_000);
});
