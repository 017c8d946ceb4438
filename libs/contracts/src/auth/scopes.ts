/** API key scopes. Each REST route declares one; MCP tools map onto them. */
export const SCOPES = ['search:read', 'parcels:read', 'market:read', 'reports:create', 'layers:read', 'watches:read', 'watches:write'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
