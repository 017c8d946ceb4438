import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, testEnvironment } from '@lp/testing';
import { documentationFiles, documentedStatus, hasPlaceholder, isAssignment, isCurl, readDocCommands, type DocCommand } from './doc-examples.js';

/** The first start generates nothing (the small demo sources of npm test) but migrates, loads and builds the index. */
const START_TIMEOUT_MS = 15 * 60_000;
const STOP_TIMEOUT_MS = 90_000;
/** A documented call is one request; the slowest (a national search, an export) answers well within this. */
const EXAMPLE_TIMEOUT_MS = 60_000;
const STATUS_MARK = 'LP_EXAMPLE_STATUS';
/**
 * Pages whose commands are not calls of the local API, and why they cannot run here. Every other page
 * must have curl examples, so a new page of instructions is either run or named here with its reason.
 */
const DOCS_WITHOUT_CURL: Readonly<Record<string, string>> = {
  'docs/agents.md': 'agent client configurations (JSON); the tool server is exercised by apps/mcp-svc/test',
  'docs/architecture.md': 'design, no commands',
  'docs/data.md': 'the layers CLI replaces data: it would change the stack the other examples read',
  'docs/data-registers.md': 'loads the real registers, which need their downloads',
  'docs/fair-shares.md': 'the cost model and its settings; apps/gateway/test/fair-shares*.e2e-spec.ts load a stack with two keys to test it',
  'docs/map.md': 'a browser application (apps/gateway/test/map-app.e2e-spec.ts drives it) and the keys CLI',
  'docs/operations.md': 'kubectl, docker and the keys CLI against a cluster',
  'docs/performance.md': 'benchmarks need a scale dataset and minutes each',
  'docs/scale-data.md': 'generates a national dataset: minutes to hours',
  'docs/terrain.md': 'loads elevation model sheets, which replace the terrain the other examples read',
  'docs/testing.md': 'the test runner itself',
};

/**
 * Runs one documented curl command as written, in `cwd`, after the variables the pages set before it.
 * Only the port is the test stack's; curl's own output is untouched, the status goes to stderr.
 */
function runDocCurl(command: DocCommand, assignments: readonly string[], cwd: string, ports: { rest: number; mcp: number }): Promise<{ status: number; stderr: string }> {
  const onStack = (text: string): string => text.replaceAll('127.0.0.1:8080', `127.0.0.1:${ports.rest}`).replaceAll('127.0.0.1:8081', `127.0.0.1:${ports.mcp}`);
  const script = [
    `curl() { command curl -sS --max-time ${EXAMPLE_TIMEOUT_MS / 1000} --write-out '%{stderr}\n${STATUS_MARK} %{http_code}\n' "$@"; }`,
    ...assignments.map(onStack),
    onStack(command.text),
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => {
      const status = new RegExp(`${STATUS_MARK} (\\d{3})`).exec(stderr)?.[1];
      resolve({ status: Number(status ?? 0), stderr: stderr.replace(new RegExp(`\\n?${STATUS_MARK} \\d{3}\\n?`), '') });
    });
  });
}

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
  const chosenKey = `demo-${randomBytes(12).toString('hex')}`;

  beforeAll(async () => {
    if (!env.demoSourcesDir) throw new Error('npm test provisions the small demo sources (LP_TEST_DEMO_SOURCES)');
    [port, mcpPort] = [await freePort(), await freePort()];
    // a key chosen by the operator, as the configuration table allows: the key file must still hold it
    const childEnv: NodeJS.ProcessEnv = { ...process.env, STACK_DIR: state, PORT: String(port), MCP_PORT: String(mcpPort), STACK_DEMO_SOURCES: env.demoSourcesDir, DEMO_API_KEY: chosenKey };
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
    expect(key).toBe(chosenKey);
    expect(readFileSync(join(state, 'demo-api-key'), 'utf8').trim()).toBe(chosenKey);
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

  it('every curl example of the README and docs/ answers as documented (2xx unless the page says otherwise)', async () => {
    // The pages read the key as a reader of them would, from the state folder of npm start.
    const cwd = mkdtempSync(join(state, 'doc-examples-'));
    mkdirSync(join(cwd, '.stack', 'dev'), { recursive: true });
    copyFileSync(join(state, 'demo-api-key'), join(cwd, '.stack', 'dev', 'demo-api-key'));
    const assignments: string[] = [];
    const outcomes: { example: string; status: number; expected: string; stderr?: string }[] = [];
    const skipped: string[] = [];
    const commands = readDocCommands(env.repoRoot);
    const pagesWithCurl = new Set(commands.filter(isCurl).map((command) => command.file));
    expect(documentationFiles(env.repoRoot).filter((file) => !pagesWithCurl.has(file) && DOCS_WITHOUT_CURL[file] === undefined)).toEqual([]);
    for (const command of commands) {
      const where = `${command.file}:${command.line}`;
      if (isAssignment(command)) assignments.push(command.text);
      else if (!isCurl(command)) continue; // npm run, kubectl, GDAL: not calls of the local API
      else if (hasPlaceholder(command)) skipped.push(`${where} (a value the reader fills in)`);
      else {
        const { status, stderr } = await runDocCurl(command, assignments, cwd, { rest: port, mcp: mcpPort });
        const documented = documentedStatus(command);
        const ok = documented === undefined ? status >= 200 && status < 300 : status === documented;
        outcomes.push({ example: where, status, expected: String(documented ?? '2xx'), ...(ok ? {} : { stderr: stderr.slice(0, 500) }) });
      }
    }
    process.stderr.write(`doc examples: ${outcomes.length} run, skipped: ${skipped.join('; ') || 'none'}\n`);
    expect(outcomes.filter((outcome) => outcome.stderr !== undefined)).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(30);
  }, 15 * 60_000);

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
