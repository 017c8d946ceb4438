import { spawn } from 'node:child_process';
import { AppError } from '@lp/contracts';

/** Most stderr kept for the log: GDAL can warn once per feature. */
const STDERR_KEEP = 4000;

/**
 * Runs ogr2ogr with arguments (never a shell), killed when the deadline passes or the client goes
 * away, so an export never leaves a process behind. A failure is an internal error whose message
 * keeps GDAL's first words for the log; the caller's envelope does not show paths.
 */
export function runOgr2ogr(args: string[], options: { timeoutMs: number; signal: AbortSignal }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(new AppError('internal', 'export abandoned: the client went away'));
    const child = spawn('ogr2ogr', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CPL_DEBUG: 'OFF' } });
    let stderr = '';
    let ended: AppError | null = null;
    const kill = (why: AppError) => {
      ended ??= why;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill(new AppError('upstream_timeout', `the export took longer than ${Math.round(options.timeoutMs / 1000)} s to write; narrow the bbox or the search`)), options.timeoutMs);
    const onAbort = () => kill(new AppError('internal', 'export abandoned: the client went away'));
    options.signal.addEventListener('abort', onAbort, { once: true });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.slice(0, STDERR_KEEP - stderr.length);
    });
    const finish = (error: AppError | null) => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    child.on('error', (error) => finish(new AppError('service_unavailable', `exports are not available on this server: ogr2ogr could not start (${error.message}); install gdal-bin`)));
    child.on('close', (code) => {
      if (ended) return finish(ended);
      if (code === 0) return finish(null);
      finish(new AppError('internal', `ogr2ogr failed (exit ${code}): ${stderr.trim().split('\n').slice(0, 3).join(' | ')}`));
    });
  });
}
