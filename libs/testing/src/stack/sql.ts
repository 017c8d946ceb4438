import pg from 'pg';

/** One statement with parameters on its own connection: what a test reads or arranges in the database. */
export async function querySql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, application_name: 'test-sql' });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}
