import 'reflect-metadata';
import { runDatabaseCli } from '@lp/db';
import { SCOPES } from '@lp/contracts';
import { connect } from '@nats-io/transport-node';
import { parseArgs } from 'node:util';
import { apiKeyFromText, generateApiKey, hashSecret, parseApiKey } from '../auth/api-key.js';
import { ApiKeyRepository } from '../auth/api-key.repository.js';
import { KEY_REVOKED_SUBJECT, parseScopes } from '../auth/api-key.service.js';
import { GATEWAY_SCHEMA } from '../db/migrations/index.js';

const USAGE = `Usage: npm run keys -- <command>
  create --name NAME --scopes ${SCOPES.join(',')} [--rate-limit PER_MINUTE] [--key lp_xxx_yyy]
         prints the new key on its last line (shown once; only its hash is stored)
  list   every key: prefix, name, scopes, created, revoked
  revoke PREFIX_OR_KEY
Environment: DATABASE_URL (required), NATS_URL (optional: tells running gateways to forget a revoked key at once;
  without it, or when NATS cannot be reached (exit code 3), gateways drop it at their next revocation poll)`;


async function create(keys: ApiKeyRepository, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { name: { type: 'string' }, scopes: { type: 'string' }, 'rate-limit': { type: 'string' }, key: { type: 'string' } },
  });
  if (!values.name || !values.scopes) {
    console.error(`create needs --name and --scopes.\n${USAGE}`);
    return 2;
  }
  const scopes = parseScopes(values.scopes === 'all' ? SCOPES.join(',') : values.scopes);
  const rateLimit = values['rate-limit'] ? Number(values['rate-limit']) : null;
  if (rateLimit !== null && (!Number.isInteger(rateLimit) || rateLimit < 1)) {
    console.error('--rate-limit must be a positive integer (requests per minute).');
    return 2;
  }
  let key: string;
  if (values.key) {
    // A fixed key (the demo key): same secret, same prefix, replaced if it already exists.
    const fixed = apiKeyFromText(values.key);
    if (!fixed) {
      console.error('--key must be 16 to 200 characters of A-Z a-z 0-9 . _ ~ + / = - (or a key of the form lp_<prefix>_<secret>).');
      return 2;
    }
    const row = { prefix: fixed.prefix, secretHash: fixed.secretHash, name: values.name, scopes, rateLimitPerMinute: rateLimit };
    await (fixed.custom ? keys.upsertBySecretHash(row) : keys.upsert(row));
    key = values.key;
  } else {
    const generated = generateApiKey();
    await keys.insert({ prefix: generated.prefix, secretHash: generated.secretHash, name: values.name, scopes, rateLimitPerMinute: rateLimit });
    key = generated.key;
  }
  console.log(`Created key "${values.name}" with scopes ${scopes.join(', ')}${rateLimit ? `, ${rateLimit} requests/min` : ''}. It is shown only now:`);
  console.log(key);
  return 0;
}

async function list(keys: ApiKeyRepository): Promise<number> {
  const rows = await keys.list();
  if (rows.length === 0) {
    console.log('No keys.');
    return 0;
  }
  console.log(['prefix'.padEnd(12), 'name'.padEnd(24), 'created'.padEnd(20), 'revoked'.padEnd(20), 'scopes'].join(' '));
  for (const row of rows) {
    console.log([row.prefix.padEnd(12), row.name.slice(0, 24).padEnd(24), row.createdAt.slice(0, 19).padEnd(20), (row.revokedAt?.slice(0, 19) ?? '-').padEnd(20), row.scopes.join(',')].join(' '));
  }
  return 0;
}

async function revoke(keys: ApiKeyRepository, args: string[]): Promise<number> {
  const target = args[0];
  if (!target) {
    console.error(`revoke needs a key prefix or the key.\n${USAGE}`);
    return 2;
  }
  const prefix = await prefixOf(keys, target);
  const revoked = prefix ? await keys.revoke(prefix) : null;
  if (!prefix || !revoked) {
    console.error(`No key has the prefix ${prefix ?? '(none: no such key)'}.`);
    return 1;
  }
  console.log(`Revoked ${prefix} (${revoked.name}) at ${revoked.revokedAt}.`);
  return (await announceRevocation(prefix)) ? 0 : 3;
}

/** The prefix from a prefix, one of our keys, or an operator-chosen key (found by its hash). */
async function prefixOf(keys: ApiKeyRepository, target: string): Promise<string | null> {
  const parsed = parseApiKey(target);
  if (parsed?.prefix) return parsed.prefix;
  if (/^[a-z0-9]{8,16}$/.test(target)) return target;
  return parsed ? ((await keys.findBySecretHash(hashSecret(parsed.secret)))?.prefix ?? null) : null;
}

const ANNOUNCE_ATTEMPTS = 3;

/**
 * Tells running gateways at once. The revocation is in the database already and every gateway reads
 * revocations on a timer (KEY_REVOCATION_POLL_MS), so a lost message only delays it by that much;
 * the CLI still says so loudly and exits 3, so a script notices.
 */
async function announceRevocation(prefix: string): Promise<boolean> {
  const natsUrl = process.env['NATS_URL'];
  if (!natsUrl) {
    console.error('NATS_URL is not set: running gateways drop the key at their next revocation poll (KEY_REVOCATION_POLL_MS, 2 s by default), not at once.');
    return true;
  }
  let lastError = '';
  for (let attempt = 1; attempt <= ANNOUNCE_ATTEMPTS; attempt++) {
    try {
      const nats = await connect({ servers: natsUrl, timeout: 2000, reconnect: false });
      nats.publish(KEY_REVOKED_SUBJECT, prefix);
      await nats.flush();
      await nats.drain();
      return true;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
  console.error(
    `WARNING: could not tell running gateways over NATS at ${natsUrl} (${ANNOUNCE_ATTEMPTS} attempts: ${lastError}). ` +
      'The key IS revoked in the database; gateways stop accepting it at their next revocation poll (KEY_REVOCATION_POLL_MS, 2 s by default).',
  );
  return false;
}

runDatabaseCli({
  name: 'keys',
  schema: GATEWAY_SCHEMA,
  usage: USAGE,
  poolSize: 1,
  commands: {
    create: ({ db, args }) => create(new ApiKeyRepository(db), args),
    list: ({ db }) => list(new ApiKeyRepository(db)),
    revoke: ({ db, args }) => revoke(new ApiKeyRepository(db), args),
  },
});
