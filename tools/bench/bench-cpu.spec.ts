import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { cpuLine, cpuPerRequest, readCpu } from './bench-cpu.js';

describe('CPU a request by process', () => {
  it('divides what each process spent between two readings by the requests, largest first, leaving out those under 1 % of the total', () => {
    const before = new Map([['gateway', 10], ['postgres', 5], ['market-svc-0', 1], ['search-svc-0', 2], ['gone', 3]]);
    const after = new Map([['gateway', 10.9], ['postgres', 6.8], ['market-svc-0', 1.02], ['search-svc-0', 2.03], ['new', 4]]);
    expect(cpuPerRequest(before, after, 1000)).toEqual([
      { process: 'postgres', ms: expect.closeTo(1.8, 9) },
      { process: 'gateway', ms: expect.closeTo(0.9, 9) },
      { process: 'search-svc-0', ms: expect.closeTo(0.03, 9) },
    ]);
    expect(cpuPerRequest(before, after, 0)).toEqual([]);
  });

  it('prints the total and the parts', () => {
    expect(cpuLine([{ process: 'postgres', ms: 0.87 }, { process: 'gateway', ms: 0.45 }])).toBe('1.32 ms CPU a request: postgres 0.87, gateway 0.45');
    expect(cpuLine([])).toMatch(/unknown/);
  });

  it('reads this process and the processes whose pid files the stack keeps, and skips what is not there', async () => {
    const dir = mkdtempSync(`${tmpdir()}/bench-cpu-`);
    // this process stands in for nats-server: its pid file names a live process
    writeFileSync(`${dir}/nats.pid`, `${process.pid}\n`);
    mkdirSync(`${dir}/pg`);
    writeFileSync(`${dir}/pg/postmaster.pid`, '2147483646\n/nowhere\n');
    const reading = await readCpu(dir);
    expect(reading.get('load generator')).toBeGreaterThan(0);
    expect(reading.get('nats-server')).toBeGreaterThan(0);
    expect(reading.has('postgres')).toBe(false);
  });
});
