import { Logger as NestLogger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { pgCode } from './pg-error.js';

/** What a log line keeps of a failed statement's text and of each of its parameters. */
const SQL_CHARS = 400;
const PARAMETER_CHARS = 80;

/**
 * TypeORM's failed statements as one structured line each (the service's JSON logger), the SQL and
 * every parameter cut short. TypeORM's own logger printed each failed statement whole, with its
 * parameters, outside the JSON log: a facts build's failed page wrote 170 KB of parcel bodies.
 */
export class QueryErrorLogger implements TypeOrmLogger {
  private readonly logger = new NestLogger('sql');

  logQueryError(error: string | Error, query: string, parameters?: unknown): void {
    const code = pgCode(error);
    const message = typeof error === 'string' ? error : error.message;
    this.logger.warn(
      `query failed${code ? ` (${code})` : ''}: ${message}; statement: ${shorten(oneLine(query), SQL_CHARS)}; parameters: ${describeParameters(parameters)}`,
    );
  }

  logQuery(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

/** The parameters as JSON, each cut to PARAMETER_CHARS characters, with its full length. */
export function describeParameters(parameters: unknown): string {
  if (!Array.isArray(parameters) || parameters.length === 0) return 'none';
  return parameters
    .map((value, index) => {
      const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
      return `$${index + 1}=${shorten(text, PARAMETER_CHARS)}`;
    })
    .join(', ');
}

function shorten(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}… (${text.length} characters)`;
}

function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim();
}
