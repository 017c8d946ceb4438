import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { memoryFromMetrics, memoryReport, stackMemory } from './service-memory.js';

/** Metrics as a service of ours exposes them: prom-client's defaults, plus search-svc's column gauge. */
function serviceRegistry(columnsBytes?: number): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  if (columnsBytes !== undefined) new Gauge({ name: 'lp_search_columns_bytes', help: 'columns', registers: [registry] }).set(columnsBytes);
  return registry;
}

describe('service memory', () => {
  it('reads the resident set, heap, external memory and columns from a service metrics text', async () => {
    const text = await serviceRegistry(64 * 2 ** 20).metrics();
    const memory = memoryFromMetrics('search-svc-0', text)!;
    const rss = process.memoryUsage().rss / 2 ** 20;
    expect(memory.rssMb).toBeGreaterThan(rss * 0.5);
    expect(memory.rssMb).toBeLessThan(rss * 2);
    expect(memory.heapMb).toBeGreaterThan(1);
    expect(memory.columnsMb).toBe(64);
    expect(memoryFromMetrics('x', 'nodejs_heap_size_used_bytes 1\n')).toBeUndefined();
  });

  it('reads every service that answers on the ops ports of a stack, and says which are over the target', async () => {
    const registry = serviceRegistry();
    const server = createServer((_, response) => void registry.metrics().then((text) => response.end(text)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = mkdtempSync(`${tmpdir()}/lp-memory-`);
    try {
      mkdirSync(`${dir}/ops-ports`);
      writeFileSync(`${dir}/ops-ports/gateway`, String((server.address() as AddressInfo).port));
      writeFileSync(`${dir}/ops-ports/search-svc-0`, '1'); // nothing listens there
      const memory = await stackMemory(dir);
      expect(memory.map((m) => m.service)).toEqual(['gateway']);
      expect(memoryReport(memory, 1)).toMatch(/^memory after the benchmark \(target: RSS ≤ 1 MB each; over: gateway\):\n {2}gateway +RSS +\d+ MB/);
      expect(memoryReport(memory, 100_000)).toContain('all within');
      expect(memoryReport([], 400)).toContain('unknown');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
