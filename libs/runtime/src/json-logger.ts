import type { LoggerService, LogLevel } from '@nestjs/common';
import { currentRequestId } from './request-context.js';

const LEVEL_RANK: Record<LogLevel, number> = { verbose: 0, debug: 1, log: 2, warn: 3, error: 4, fatal: 5 };

/**
 * One JSON object per line on stdout, carrying the request id of the message or HTTP request
 * being handled, so that one id follows a call through the gateway and the services.
 */
export class JsonLogger implements LoggerService {
  private readonly minRank: number;

  constructor(
    private readonly service: string,
    minLevel: LogLevel = 'log',
  ) {
    this.minRank = LEVEL_RANK[minLevel];
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('log', message, rest);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('verbose', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  /** Structured event with extra fields, e.g. an access log line. */
  event(level: LogLevel, msg: string, fields: Record<string, unknown>): void {
    if (LEVEL_RANK[level] < this.minRank) return;
    this.emit({ level, msg, ...fields });
  }

  private write(level: LogLevel, message: unknown, rest: unknown[]): void {
    if (LEVEL_RANK[level] < this.minRank) return;
    // Nest passes the context name last, and for errors a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest[rest.length - 1] as string) : undefined;
    const stack = level === 'error' && typeof rest[0] === 'string' && rest.length > 1 ? rest[0] : undefined;
    const msg = message instanceof Error ? message.message : typeof message === 'string' ? message : JSON.stringify(message);
    const errorStack = message instanceof Error ? message.stack : stack;
    this.emit({ level, msg, context, stack: errorStack });
  }

  private emit(fields: Record<string, unknown>): void {
    const line: Record<string, unknown> = { time: new Date().toISOString(), service: this.service };
    const requestId = currentRequestId();
    if (requestId) line['request_id'] = requestId;
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) line[key] = value;
    stdoutLines.write(JSON.stringify(line), fields['level'] === 'error' || fields['level'] === 'fatal');
  }
}

/**
 * Lines gathered during one turn of the event loop and written together: stdout to a file is a
 * synchronous write per call, which under load cost the gateway a third of its throughput. Errors
 * and process exit flush at once so nothing is lost when a process dies.
 */
class BufferedLines {
  private pending: string[] = [];
  private scheduled = false;

  constructor() {
    process.once('exit', () => this.flush());
  }

  write(line: string, urgent: boolean): void {
    this.pending.push(line);
    if (urgent) return this.flush();
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    process.stdout.write(text);
  }
}

const stdoutLines = new BufferedLines();
