import { registrationGroup, type OwnershipView, type ParcelFeatureView } from '@lp/contracts';

/** The attribute of layer_pub.parcels the group is read from. */
const SOURCE = { layer: 'parcels', attribute: 'registration_group' } as const;

/** Generated demo data names its source generated://… (provenance of every row). */
const GENERATED_SOURCE = /^generated:\/\//;

const UNKNOWN_REASON =
  'The land register (rejestr gruntów) gives no registration group for this parcel in our data; the owner is not known, which is not "no owner".';

/** The parcel as the repository reads it: the raw group beside the properties of the feature. */
export type ParcelRow = Omit<ParcelFeatureView, 'properties'> & {
  properties: Omit<ParcelFeatureView['properties'], 'ownership'> & { registration_group?: string | null };
};

/**
 * The parcel's ownership fact from its raw registration group: known with the regulation's labels,
 * or unknown (no group, or a code outside the regulation's list) with the reason; never a "no".
 */
export function ownershipOf(group: string | null | undefined, sourceUrl: string): OwnershipView {
  const source = { ...SOURCE, source_url: sourceUrl, generated: GENERATED_SOURCE.test(sourceUrl) };
  const known = group ? registrationGroup(group.trim()) : undefined;
  if (!known) return { status: 'unknown', reason: UNKNOWN_REASON, source };
  return { status: 'known', registration_group: known.code, label_pl: known.label_pl, label_en: known.label_en, source };
}

/** The feature with its ownership fact in place of the raw attribute. */
export function withOwnership(row: ParcelRow): ParcelFeatureView {
  const { registration_group: group, ...properties } = row.properties;
  return { ...row, properties: { ...properties, ownership: ownershipOf(group, properties.provenance.source_url) } };
}
