/**
 * TRUST_PROXY, read the same way by every HTTP edge (the gateway, mcp-svc): which proxies in front
 * of the app may name the client in X-Forwarded-For. Empty = none (the socket's address counts);
 * `true` = any; a number = that many hops (an Ingress controller: 1); or a comma-separated list of
 * addresses and CIDRs.
 */
export const TRUST_PROXY_PATTERN = /^(|true|\d{1,2}|[0-9a-fA-F:.]+(\/\d{1,3})?(\s*,\s*[0-9a-fA-F:.]+(\/\d{1,3})?)*)$/;
export const TRUST_PROXY_MESSAGE = 'TRUST_PROXY must be empty, true, a hop count (1) or a comma-separated list of addresses/CIDRs (10.0.0.0/8,127.0.0.1)';

/** TRUST_PROXY as Fastify takes it: off, any, the nearest N hops or a list of addresses/CIDRs. */
export function trustProxyOption(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.replace(/\s+/g, '');
}
