import { spawn } from 'node:child_process';
import { AppError } from '@lp/contracts';

const STDERR_KEEP = 2000;

/**
 * Runs one GDAL command line tool (arguments, never a shell), killed past its deadline: a tile
 * request never waits on a hung process.
 */
export function runGdal(tool: 'gdalbuildvrt' | 'gdalwarp' | 'gdaldem' | 'gdal_translate', args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CPL_DEBUG: 'OFF' } });
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.slice(0, STDERR_KEEP - stderr.length);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new AppError('service_unavailable', `raster tiles are not available on this server: ${tool} could not start (${error.message}); install gdal-bin`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new AppError('upstream_timeout', `${tool} took longer than ${timeoutMs} ms for this tile`));
      if (code !== 0) return reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(0, 3).join(' | ')}`));
      resolve();
    });
  });
}

/** At most `limit` renders at once per process; the others wait their turn (a map asks for dozens of tiles). */
export class RenderQueue {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await work();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}
