/** Storage CRS: PUWG 1992, metres, so distances and areas are exact and GiST indexes apply. */
export const STORAGE_SRID = 2180;

/** Poland's extent in WGS84 with a margin, for validating input coordinates. */
export const POLAND_BBOX_WGS84 = { minLng: 13.8, minLat: 48.9, maxLng: 24.3, maxLat: 55.0 } as const;
