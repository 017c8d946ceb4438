import type { SourceProfileInput } from '../source-profile.js';

/**
 * Flood-hazard maps (mapy zagrożenia powodziowego, MZP) of PGW Wody Polskie, published through ISOK as
 * the INSPIRE download service of the Natural Risk Zones theme
 * (`https://wody.isok.gov.pl/wss/INSPIRE/INSPIRE_NZ_HY_MZPMRP_WFS`, feature type `nz-core:HazardArea`,
 * INSPIRE NZ-Core 4.0). The service's default CRS is EPSG:4258 and it answers HTTP 500 to the short
 * form `EPSG:2180`: only `urn:ogc:def:crs:EPSG::2180` (northing first) is asked for. GDAL flattens
 * the nested INSPIRE properties to their leaf names: `localId` and `namespace` of `inspireId`,
 * `qualitativeLikelihood` (the scenario in words, e.g. "scenariusz Q 1% (raz na 100 lat)"),
 * `probabilityOfOccurrence` and `returnPeriod` (10, 100, 500 years). The scenario is read from the
 * words: `probabilityOfOccurrence` is inconsistent in the published data (0.002 and 0.02 both occur
 * for the 0.2 % scenario). Water depths are other feature types (not read).
 */
const SCENARIOS: Array<[string, string, string]> = [
  // The embankment-failure area is modelled on Q 1 %, so its words name 1 % too: matched first.
  ['wał', 'flood_embankment_failure', '1'],
  ['(^|[^0-9,.])10 ?%', 'flood_risk_10pct', '10'],
  ['0[,.]2 ?%', 'flood_risk_02pct', '0.2'],
  ['(^|[^0-9,.])1 ?%', 'flood_risk_1pct', '1'],
];

export const ISOK_PROFILES: SourceProfileInput[] = [
  {
    id: 'isok-flood-hazard',
    layer: 'env_layers',
    register: 'Mapy zagrożenia powodziowego (MZP), PGW Wody Polskie, published through ISOK',
    publishedAt: 'https://wody.isok.gov.pl/imap_kzgw/',
    endpoint: 'https://wody.isok.gov.pl/wss/INSPIRE/INSPIRE_NZ_HY_MZPMRP_WFS',
    licence: 'Public information on the environment (Prawo wodne art. 171: the flood maps are published); reuse with attribution to PGW Wody Polskie',
    attribution: 'PGW Wody Polskie, mapy zagrożenia powodziowego (ISOK)',
    cadence: 'reviewed every six years (second cycle published 2020); checked monthly',
    notes:
      'Loaded as the part kinds:flood_risk of env_layers (`refresh env_layers --part kinds:flood_risk --profile isok-flood-hazard --source ' +
      'https://wody.isok.gov.pl/wss/INSPIRE/INSPIRE_NZ_HY_MZPMRP_WFS`), so the nature-protection kinds stay served. One hazard area can be a ' +
      'polygon of about 150,000 vertices. The paging and the sort on the identifier were not tried against the live service.',
    fetch: {
      kind: 'wfs',
      typeNames: ['nz-core:HazardArea'],
      sortBy: 'nz-core:inspireId/base:Identifier/base:localId',
      defaultPageSize: 100,
      srsName: 'urn:ogc:def:crs:EPSG::2180',
    },
    gdal: { openOptions: { WRITE_GFS: 'NO' } },
    map: {
      id: { firstOf: [{ template: '{namespace}.{localId}' }, { field: 'gml_id' }] },
      kind: { rules: { field: 'qualitativeLikelihood' }, match: SCENARIOS.map(([pattern, kind]): [string, string] => [pattern, kind]) },
      name: { field: 'qualitativeLikelihood' },
      attributes: {
        code: { field: 'localId' },
        probability_pct: { rules: { field: 'qualitativeLikelihood' }, match: SCENARIOS.map(([pattern, , pct]): [string, string] => [pattern, pct]) },
        area_sqm: { geometryArea: true },
      },
    },
  },
];
