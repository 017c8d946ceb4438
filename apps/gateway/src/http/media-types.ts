/** GeoJSON's registered media type (RFC 7946), which the parcel, layer and OGC feature routes answer with. */
export const GEOJSON = 'application/geo+json';
