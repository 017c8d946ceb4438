/** REST path of a parcel route: the id URL-encoded, so a '/' in the number stays inside the segment. */
export function parcelPath(parcelId: string, suffix: '' | '/regulations' | '/constraints' | '/terrain' | '/proximity' | '/report' | '/report/link' = ''): string {
  return `/v1/parcels/${encodeURIComponent(parcelId)}${suffix}`;
}

/** The spec's map_url: {app_url}/p/<url-encoded parcel_id>. */
export function mapUrlFor(appUrl: string, parcelId: string): string {
  return `${appUrl}/p/${encodeURIComponent(parcelId)}`;
}
