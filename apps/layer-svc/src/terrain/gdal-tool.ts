import { spawn } from 'node:child_process';

const STDERR_KEEP = 2000;

/**
 * Runs one GDAL command line tool (arguments, never a shell) and gives its standard output; a
 * non-zero exit is an error carrying the tool's first lines of complaint.
 */
export function gdalTool(tool: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CPL_DEBUG: 'OFF' } });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.slice(0, STDERR_KEEP - stderr.length);
    });
    child.on('error', (error) => reject(new Error(`could not run ${tool} (is gdal-bin installed?): ${error.message}`)));
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split('\n').slice(0, 3).join(' | ')}`));
      resolve(stdout);
    });
  });
}
