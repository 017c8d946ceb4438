/**
 * The SQLSTATE of a PostgreSQL error, whether TypeORM wrapped it (`driverError`) or pg raised it;
 * undefined for anything else.
 */
export function pgCode(error: unknown): string | undefined {
  const candidate = error as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  const code = candidate?.driverError?.code ?? candidate?.code;
  return typeof code === 'string' ? code : undefined;
}
