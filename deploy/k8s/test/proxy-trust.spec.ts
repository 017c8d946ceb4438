import { describe, expect, it } from '@jest/globals';
import { loadEnv, trustProxyOption } from '@lp/runtime';
import { GatewayEnv } from '../../../apps/gateway/src/config/gateway.env.js';
import { McpSvcEnv } from '../../../apps/mcp-svc/src/config/mcp-svc.env.js';
import { findObject, objectsOfKind, OVERLAYS, renderOverlay, type K8sObject } from './render.js';

interface Container {
  name: string;
  envFrom?: Array<{ configMapRef?: { name: string } }>;
}

/** An app's environment from its ConfigMaps, as the rendered Deployment refers to them. */
function appConfig(objects: K8sObject[], app: string): Record<string, string> {
  const deployment = findObject(objects, 'Deployment', app) as K8sObject & { spec: { template: { spec: { containers: Container[] } } } };
  const container = deployment.spec.template.spec.containers.find((c) => c.name === app) ?? deployment.spec.template.spec.containers[0]!;
  const maps = (container.envFrom ?? []).flatMap((source) => (source.configMapRef ? [source.configMapRef.name] : []));
  return Object.assign({}, ...maps.map((name) => (findObject(objects, 'ConfigMap', name) as K8sObject & { data?: Record<string, string> } | undefined)?.data ?? {}));
}

/**
 * Behind ingress-nginx every client arrives from the controller's address: unless the gateway
 * trusts that hop, its per-address budgets (failed key lookups, shared report views, access
 * requests) are one budget for the world (docs/fair-shares.md).
 */
describe.each(OVERLAYS)('overlay %s behind its ingress-nginx', (overlay) => {
  const objects = renderOverlay(overlay);

  it('sets TRUST_PROXY to the one hop of the controller, and the gateway accepts it', () => {
    const config = appConfig(objects, 'gateway');
    expect(config['TRUST_PROXY']).toBe('1');
    const env = loadEnv(GatewayEnv, { ...config, DATABASE_URL: 'postgres://gateway@db/landparcel', NATS_URL: 'nats://nats:4222' });
    const trust = trustProxyOption(env.TRUST_PROXY) as (address: string, hop: number) => boolean;
    // the controller (the socket's peer) is trusted, what it was told beyond that is not
    expect(trust('10.0.3.7', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });

  it('has mcp-svc trust the controller too and name that client to the gateway, so bad keys sent through MCP count against their sender', () => {
    const config = appConfig(objects, 'mcp-svc');
    expect(config['TRUST_PROXY']).toBe('1');
    const env = loadEnv(McpSvcEnv, config);
    expect(env.TRUST_PROXY).toBe('1');
    // mcp-svc calls the gateway directly, one hop the gateway trusts: its X-Forwarded-For is read
    expect(config['GATEWAY_URL']).toBe('http://gateway:8080');
    const ingressOnly = JSON.stringify((findObject(objects, 'NetworkPolicy', 'mcp-svc') as K8sObject & { spec: { ingress: unknown[] } }).spec.ingress);
    expect(ingressOnly).toContain('"kubernetes.io/metadata.name":"ingress-nginx"');
    expect(ingressOnly).not.toContain('ipBlock');
  });

  it('lets only the ingress controller and in-cluster clients reach the gateway, so the trusted hop is the controller', () => {
    const ingress = objectsOfKind<{ spec: { ingressClassName?: string } }>(objects, 'Ingress');
    expect(ingress.map((i) => i.spec.ingressClassName)).toEqual(['nginx']);
    const policy = findObject(objects, 'NetworkPolicy', 'gateway');
    expect(policy).toBeDefined();
    const from = JSON.stringify((policy as K8sObject & { spec: { ingress: unknown[] } }).spec.ingress);
    expect(from).toContain('"kubernetes.io/metadata.name":"ingress-nginx"');
    expect(from).not.toContain('ipBlock');
  });
});
