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

/**
 * Layers that have a register profile but stay GeoJSONSeq in the registers-format demo, and why:
 * the demo models them otherwise than the register publishes them, so written in the register's
 * format they could not come back with the same ids (or kinds) and the answers would change.
 */
export const GEOJSONSEQ_LAYERS: Readonly<Record<string, string>> = {
  transactions:
    'rcn-transactions: an RCN row is one parcel of a transaction (id <transaction>/<parcel id>, at the parcel, the parcel polygon as its area); ' +
    'the demo has one row per sale (TX.<gmina>.L|B|A...), houses and flats at their building with the usable floor area',
  lokale:
    'rcn-lokale: an RCN premises row is <transaction>/<EGiB premises id>, its gmina from that id; the demo sales (LOK.<building>.L<n>.<date>) have no premises id',
  gunb_permits:
    'gunb-permits: the RWDZ export is one row per parcel of a case (id <numer_gunb>/<parcel>), every row a permit placed on its parcel; the demo has ' +
    'notifications, demolitions and changes of use too, one row per case, placed on the building',
  roads:
    'bdot10k-roads: BDOT10k ids are <przestrzenNazw>/<lokalnyId>; the demo roads come from other sources (dp-..., OSM) and carry lanes and speed limits BDOT10k has not',
  waterways:
    'bdot10k-waterways: BDOT10k ids are <przestrzenNazw>/<lokalnyId>; the demo watercourses are MPHP lines and generated ditches (mphp-..., ditch-...)',
  land_cover:
    'bdot10k-land-cover: BDOT10k ids are <przestrzenNazw>/<lokalnyId> and the class one OT_PT.. code; the demo cover is generated (lc-...) with a CORINE class beside it',
  power_lines:
    'bdot10k-power-lines: BDOT10k states a voltage class, not a voltage (220 for 400 kV lines), and its ids are its own; the demo lines are GridKit (gridkit-l...)',
  env_layers:
    'gdos-protected-areas: GDOŚ publishes the forms of nature protection only; the demo layer also holds flood, wetland, forest and Ramsar kinds, and a load replaces every kind',
  mpzp_plans:
    'app-local-plans: APP gives the data set namespace as plan_id and no resolution number, document URL or partial repeal; the demo plan ids, which mpzp_zones ' +
    '(no open source) reference, are one string',
  plan_ogolny_zones:
    'app-plan-ogolny-zones: reads app:StrefaPlanistyczna only (the demo inner-city and infill areas are other APP types) and a zone carries no adoption date or document URL',
};
