import 'reflect-metadata';
import { runDatabaseCli } from '@lp/db';
import { SCOPES } from '@lp/contracts';
import { connect } from '@nats-io/transport-node';
import { parseArgs } from 'node:util';
import { apiKeyFromText, generateApiKey, hashSecret, parseApiKey } from '../auth/api-key.js';
import { ApiKeyRepository } from '../auth/api-key.repository.js';
import { KEY_REVOKED_SUBJECT, parseScopes } from '../auth/api-key.service.js';
import { GATEWAY_SCHEMA } from '../db/migrations/index.js';
import { AccessRequestRepository } from '../access/access-request.repository.js';
import { terminalSafe } from './terminal-text.js';

const USAGE = `Usage: npm run keys -- <command>
  create --name NAME --scopes ${SCOPES.join(',')} [--rate-limit PER_MINUTE] [--key lp_xxx_yyy]
         prints the new key on its last line (shown once; only its hash is stored)
  list   every key: prefix, name, scopes, created, revoked
  revoke PREFIX_OR_KEY
  requests [--all]
         access requests from the map application's sign-in page (pending ones; --all: decided too)
  approve REQUEST_ID [--scopes ${SCOPES.join(',')}] [--rate-limit PER_MINUTE]
         creates the requester's key (default: every scope) and prints it on its last line; send it to their e-mail
  reject REQUEST_ID
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
    console.log([row.prefix.padEnd(12), terminalSafe(row.name).slice(0, 24).padEnd(24), row.createdAt.slice(0, 19).padEnd(20), (row.revokedAt?.slice(0, 19) ?? '-').padEnd(20), row.scopes.join(',')].join(' '));
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

async function requests(access: AccessRequestRepository, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { all: { type: 'boolean' } } });
  const rows = await access.list(values.all ? null : 'pending');
  if (rows.length === 0) {
    console.log(values.all ? 'No access requests.' : 'No pending access requests (--all shows decided ones).');
    return 0;
  }
  for (const row of rows) {
    const safe = terminalSafe;
    console.log(`#${row.id}  ${row.createdAt.slice(0, 19)}  ${row.status}${row.apiKeyPrefix ? ` (key ${row.apiKeyPrefix})` : ''}`);
    console.log(`  ${safe(row.name)} <${safe(row.email)}>, ${safe(row.organisation)}`);
    console.log(`  wants: ${safe(row.interfaces)}; regions: ${safe(row.regions)}; layers: ${safe(row.layers)}`);
    if (row.purpose) console.log(`  purpose: ${safe(row.purpose).replace(/ +/g, ' ')}`);
  }
  return 0;
}

async function approve(access: AccessRequestRepository, keys: ApiKeyRepository, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { scopes: { type: 'string' }, 'rate-limit': { type: 'string' } } });
  const request = await findPending(access, positionals[0]);
  if (typeof request === 'number') return request;
  const scopeArgs = ['--scopes', values.scopes ?? 'all', ...(values['rate-limit'] ? ['--rate-limit', values['rate-limit']] : [])];
  const name = `${request.organisation} - ${request.name} (access request ${request.id})`.slice(0, 200);
  const generated = generateApiKey();
  const created = await create(keys, ['--name', name, ...scopeArgs, '--key', generated.key]);
  if (created !== 0) return created;
  if (!(await access.decide(request.id, 'approved', generated.prefix))) {
    await keys.revoke(generated.prefix);
    console.error(`Request #${request.id} was decided meanwhile; the key just made is revoked again.`);
    return 1;
  }
  console.log(`Approved request #${request.id}; send the key above to ${request.email}.`);
  return 0;
}

async function reject(access: AccessRequestRepository, args: string[]): Promise<number> {
  const request = await findPending(access, args[0]);
  if (typeof request === 'number') return request;
  await access.decide(request.id, 'rejected', null);
  console.log(`Rejected request #${request.id} (${request.email}).`);
  return 0;
}

/** The pending request with this number, or the exit code after saying why not. */
async function findPending(access: AccessRequestRepository, id: string | undefined) {
  if (!id || !/^#?\d{1,18}$/.test(id)) {
    console.error(`Give the number of an access request (npm run keys -- requests).\n${USAGE}`);
    return 2;
  }
  const request = await access.find(id.replace(/^#/, ''));
  if (!request) {
    console.error(`No access request #${id.replace(/^#/, '')}.`);
    return 1;
  }
  if (request.status !== 'pending') {
    console.error(`Access request #${request.id} is already ${request.status}.`);
    return 1;
  }
  return request;
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
    requests: ({ db, args }) => requests(new AccessRequestRepository(db), args),
    approve: ({ db, args }) => approve(new AccessRequestRepository(db), new ApiKeyRepository(db), args),
    reject: ({ db, args }) => reject(new AccessRequestRepository(db), args),
  },
});
