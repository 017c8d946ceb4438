import { SCOPES } from '@lp/contracts';

/** Where MCP clients look for OAuth protected-resource metadata (RFC 9728, section 3). */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';

/**
 * RFC 9728 metadata of the tool server. Keys are API keys made by the operator's keys CLI and sent
 * as `Authorization: Bearer <key>`; there is no authorization server, so the list is empty and an
 * MCP client must not start an OAuth flow that could never finish: it should ask its user for a key.
 */
export function protectedResourceMetadata(resourceUrl: string): Record<string, unknown> {
  return {
    resource: resourceUrl,
    resource_name: 'Land parcels in Poland (MCP tool server)',
    authorization_servers: [],
    bearer_methods_supported: ['header'],
    scopes_supported: [...SCOPES],
  };
}

/** The metadata URL for an MCP endpoint, path-suffixed as RFC 9728 section 3.1 derives it. */
export function resourceMetadataUrlFor(resourceUrl: string): string {
  const url = new URL(resourceUrl);
  return `${url.origin}${PROTECTED_RESOURCE_PATH}${url.pathname.replace(/\/+$/, '')}`;
}
