import type { SourceProfileInput } from '../source-profile.js';

/**
 * Forms of nature protection from GDOŚ (Generalna Dyrekcja Ochrony Środowiska), one WFS feature type
 * per form on GeoServer at https://sdi.gdos.gov.pl/wfs, merged into env_layers by feature type.
 * Attributes: `gid`, `nazwa`, `kodinspire` (e.g. PL.ZIPOP.1393.PN.17), `kod` (Natura 2000 site code).
 * National-park and reserve buffer zones (otulina) sit in the parks' and reserves' own types, told
 * apart only by " - otulina" at the end of `nazwa`. Coordinates are EPSG:2180.
 */
const FORMS: Record<string, string> = {
  'GDOS:SpecjalneObszaryOchrony': 'natura2000_habitat',
  'GDOS:ObszarySpecjalnejOchrony': 'natura2000_birds',
  'GDOS:ParkiNarodowe': 'national_park',
  'GDOS:ParkiKrajobrazowe': 'landscape_park',
  'GDOS:Rezerwaty': 'nature_reserve',
  'GDOS:ObszaryChronionegoKrajobrazu': 'protected_landscape_area',
  'GDOS:ZespolyPrzyrodniczoKrajobrazowe': 'nature_landscape_complex',
  'GDOS:UzytkiEkologiczne': 'ecological_site',
};

export const GDOS_PROFILES: SourceProfileInput[] = [
  {
    id: 'gdos-protected-areas',
    layer: 'env_layers',
    register: 'Centralny Rejestr Form Ochrony Przyrody, GDOŚ',
    publishedAt: 'https://www.gov.pl/web/gdos/dane-udostepniane-w-formie-uslug-sieciowych',
    endpoint: 'https://sdi.gdos.gov.pl/wfs',
    licence: 'Public information on the environment, served by GDOŚ\'s network services; reuse on the terms GDOŚ states for them, with attribution',
    attribution: 'Generalna Dyrekcja Ochrony Środowiska (GDOŚ)',
    cadence: 'monthly',
    notes:
      'Flood, wetland and forest kinds of env_layers come from other registers (Wody Polskie, ITP-PIB, State Forests): load this profile as ' +
      'the part kinds:nature_protection (`refresh env_layers --part kinds:nature_protection --profile gdos-protected-areas --source ' +
      'WFS:https://sdi.gdos.gov.pl/wfs`), which replaces the nature-protection kinds only.',
    fetch: { kind: 'wfs', typeNames: Object.keys(FORMS), sortBy: 'gid', defaultPageSize: 1000, srsName: 'urn:ogc:def:crs:EPSG::2180' },
    gdal: { openOptions: { WRITE_GFS: 'NO' } },
    map: {
      id: { firstOf: [{ field: 'kodinspire', optional: true }, { template: '{_layer}.{gid}' }] },
      kind: {
        rules: { template: '{_layer}|{nazwa}' },
        match: [['^GDOS:ParkiNarodowe\\|.*otulina$', 'national_park_buffer'], ...Object.entries(FORMS).map(([type, kind]): [string, string] => [`^${type}\\|`, kind])],
      },
      name: { field: 'nazwa' },
      exclude: [
        {
          value: { template: '{_layer}|{nazwa}' },
          matches: '^GDOS:(?!ParkiNarodowe\\|).*otulina$',
          reason: 'buffer zones of reserves and landscape parks, which the catalogue has no kind for',
        },
      ],
      attributes: {
        code: { firstOf: [{ field: 'kod', optional: true }, { field: 'kodinspire', optional: true }] },
        area_sqm: { geometryArea: true },
      },
    },
  },
];
