import type { SearchParcelsRequest } from '@lp/contracts';

/**
 * The request with the value at a near-miss parameter path (`filters.area_sqm.min`,
 * `filters.near[0].within_m`) replaced: how a test re-runs a relaxation from what the answer says.
 */
export function setPath(request: SearchParcelsRequest, path: string, value: number): SearchParcelsRequest {
  const copy = structuredClone(request) as unknown as Record<string, unknown>;
  const steps = path.split('.').flatMap((step) => {
    const indexed = /^([a-z_]+)\[(\d+)\]$/.exec(step);
    return indexed ? [indexed[1]!, Number(indexed[2])] : [step];
  });
  let node: Record<string | number, unknown> = copy;
  for (const step of steps.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[steps.at(-1)!] = value;
  return copy as unknown as SearchParcelsRequest;
}
