import type { OwnershipGroupsFilter } from '@lp/contracts';
import type { SqlParams } from '@lp/db';

/**
 * "The owner of the parcel `i` is in the registration groups asked", read from the parcel's own
 * EGiB attribute (layer_pub.parcels.registration_group), the attribute parcel detail shows. A parcel
 * without a group is unknown: it passes neither include nor exclude (requires: unknown is left out).
 */
export function ownershipGroupSql(filter: OwnershipGroupsFilter, params: SqlParams): string {
  const parts = ['o.registration_group IS NOT NULL'];
  if (filter.include) parts.push(`o.registration_group = ANY(${params.add(filter.include, 'text[]')})`);
  if (filter.exclude) parts.push(`NOT (o.registration_group = ANY(${params.add(filter.exclude, 'text[]')}))`);
  return `EXISTS (SELECT 1 FROM layer_pub.parcels o WHERE o.id = i.parcel_id AND ${parts.join(' AND ')})`;
}
