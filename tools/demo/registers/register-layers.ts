/**
 * Which demo layers are written in their register's format, and which stay GeoJSONSeq and why.
 * A layer goes through a profile when the register publishes everything the demo serves of it
 * (ids, kinds, the attributes the answers read), so the registers-format demo can be compared
 * with the GeoJSONSeq one id for id (tools/test/registers-demo.int-spec.ts).
 */
export interface RegisterLayer {
  layer: string;
  /** Source profile id (apps/layer-svc/src/refresh/profiles). */
  profile: string;
  register: string;
  /** The file name the register publishes. */
  file: string;
}

export const REGISTER_LAYERS: readonly RegisterLayer[] = [
  { layer: 'admin_bounds', profile: 'prg-admin-units', register: 'PRG shapefile zip', file: '00_jednostki_administracyjne.zip' },
  { layer: 'cadastral_units', profile: 'prg-cadastral-units', register: 'PRG shapefile zip', file: '00_jednostki_administracyjne.zip' },
  { layer: 'parcels', profile: 'egib-parcels', register: 'EGiB WFS ms:dzialki (GML 3.2)', file: 'dzialki.gml' },
  { layer: 'buildings', profile: 'egib-buildings', register: 'EGiB WFS ms:budynki (GML 3.2)', file: 'budynki.gml' },
];

/** Layers that have a register profile but stay GeoJSONSeq in the registers-format demo, and why. */
export const GEOJSONSEQ_LAYERS: Readonly<Record<string, string>> = {};
