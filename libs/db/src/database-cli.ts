import type { DataSource } from 'typeorm';
import { createSchemaDataSource } from './data-source.factory.js';

export interface DatabaseCliContext {
  db: DataSource;
  databaseUrl: string;
  /** The arguments after the command */
  args: string[];
}

export interface DatabaseCli {
  /** The npm script that runs it (`npm run <name>`), for messages and the application name */
  name: string;
  /** The schema its data source is pinned to */
  schema: string;
  usage: string;
  poolSize?: number;
  commands: Record<string, (context: DatabaseCliContext) => Promise<number>>;
}

/**
 * The frame every command-line tool of ours shares: usage on `help`, DATABASE_URL required, one
 * data source pinned to the tool's schema and closed at the end, the command's exit code, and a
 * failure printed as its message with exit code 1.
 */
export function runDatabaseCli(cli: DatabaseCli, argv: string[] = process.argv.slice(2)): void {
  run(cli, argv).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

async function run(cli: DatabaseCli, argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(cli.usage);
    return command ? 0 : 2;
  }
  const handler = Object.hasOwn(cli.commands, command) ? cli.commands[command] : undefined;
  if (!handler) {
    console.error(`Unknown command ${command}.\n${cli.usage}`);
    return 2;
  }
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    console.error(`DATABASE_URL is not set (npm start prints it; npm run ${cli.name} reads the local stack of npm start when it runs).`);
    return 2;
  }
  const db = createSchemaDataSource({ url: databaseUrl, schema: cli.schema, applicationName: `${cli.name}-cli`, poolSize: cli.poolSize ?? 2 });
  await db.initialize();
  try {
    return await handler({ db, databaseUrl, args });
  } finally {
    await db.destroy();
  }
}
