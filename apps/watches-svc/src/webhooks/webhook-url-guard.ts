import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** What the operator allows beyond public https receivers (WEBHOOK_ALLOWED_HOSTS, WEBHOOK_ALLOW_HTTP). */
export interface WebhookUrlPolicy {
  allowedHosts: ReadonlySet<string>;
  allowHttp: boolean;
}

export type ResolveHost = (hostname: string) => Promise<string[]>;

/**
 * Addresses a webhook must never reach unless the operator allows the host: a webhook is a request
 * our servers make on a caller's behalf, so a URL naming the cloud metadata service, a database
 * inside the cluster or the loopback interface would let any key holder probe our network (SSRF).
 */
const FORBIDDEN = (() => {
  const list = new BlockList();
  const v4: Array<[string, number]> = [
    ['0.0.0.0', 8], // "this network"
    ['10.0.0.0', 8], // private
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8], // loopback
    ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
    ['172.16.0.0', 12], // private
    ['192.0.0.0', 24], // protocol assignments
    ['192.168.0.0', 16], // private
    ['198.18.0.0', 15], // benchmarking
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ];
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  const v6: Array<[string, number]> = [
    ['::', 128], // unspecified
    ['::1', 128], // loopback
    ['fc00::', 7], // unique local
    ['fe80::', 10], // link-local
    ['ff00::', 8], // multicast
  ];
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/** IPv4 written inside IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export function isForbiddenAddress(address: string): boolean {
  const { address: plain, family } = unmapped(address);
  return FORBIDDEN.check(plain, family);
}

export const resolveWithDns: ResolveHost = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Why this URL may not receive webhooks, or null when it may: the scheme, credentials in the URL,
 * and every address the host resolves to (a name resolving to a private address is refused as the
 * address itself is). Checked when a watch is made and again for every delivery and redirect hop,
 * as a name can be pointed elsewhere later.
 */
export async function webhookUrlProblem(text: string, policy: WebhookUrlPolicy, resolve: ResolveHost = resolveWithDns): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'webhook_url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    return policy.allowHttp ? 'webhook_url must use https or http' : 'webhook_url must use https';
  }
  if (url.username || url.password) return 'webhook_url must not carry credentials; verify the signature instead';
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.allowedHosts.has(hostname)) return null;
  let addresses: string[];
  try {
    addresses = isIP(hostname) ? [hostname] : await resolve(hostname);
  } catch {
    return `webhook_url's host ${hostname} does not resolve`;
  }
  const forbidden = addresses.find(isForbiddenAddress);
  if (forbidden !== undefined || addresses.length === 0) {
    return `webhook_url's host ${hostname} is a private, loopback or link-local address (${forbidden ?? 'none'}); webhooks go only to public addresses unless the operator allows the host`;
  }
  return null;
}

export function webhookUrlPolicy(env: { WEBHOOK_ALLOWED_HOSTS?: string; WEBHOOK_ALLOW_HTTP: 'true' | 'false' }): WebhookUrlPolicy {
  const hosts = (env.WEBHOOK_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[|\]$/g, ''),
    )
    .filter((host) => host.length > 0);
  return { allowedHosts: new Set(hosts), allowHttp: env.WEBHOOK_ALLOW_HTTP === 'true' };
}
