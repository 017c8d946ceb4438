import type { SourceProfileInput } from '../source-profile.js';

/**
 * State Register of Boundaries (Państwowy Rejestr Granic, PRG), published by GUGiK as one zip of
 * shapefiles in EPSG:2180: A00_Granice_panstwa, A01_Granice_wojewodztw, A02_Granice_powiatow,
 * A03_Granice_gmin, A05_Granice_jednostek_ewidencyjnych, A06_Granice_obrebow_ewidencyjnych (and
 * more). Every file has the same attributes (JPT_KOD_JE: the TERYT code or the cadastral id,
 * JPT_NAZWA_: the name, JPT_SJR_KO, JPT_POWIER, IIP_*, ...). Rows keep their file in `_layer`.
 */
const common = {
  register: 'PRG, Państwowy Rejestr Granic (GUGiK)',
  publishedAt: 'https://www.geoportal.gov.pl/pl/dane/panstwowy-rejestr-granic-prg/',
  endpoint: 'https://opendata.geoportal.gov.pl/prg/granice/00_jednostki_administracyjne.zip',
  licence: 'Free data of the national geodetic and cartographic resource (Prawo geodezyjne i kartograficzne, art. 40a ust. 2 pkt 1)',
  attribution: 'Państwowy Rejestr Granic, GUGiK',
  cadence: 'quarterly',
  notes:
    'GDAL decodes the DBF as its .cpg states; a copy without one needs SHAPE_ENCODING set to its code page in gdal.config. ' +
    'Precincts and units come from the same zip or from the EGiB services (cadastral_units).',
} as const;

export const PRG_PROFILES: SourceProfileInput[] = [
  {
    ...common,
    id: 'prg-admin-units',
    layer: 'admin_bounds',
    fetch: { kind: 'zip', members: ['A01_Granice_wojewodztw.shp', 'A02_Granice_powiatow.shp', 'A03_Granice_gmin.shp'] },
    gdal: {},
    map: {
      id: { field: 'JPT_KOD_JE' },
      kind: { codes: '_layer', table: { A01_Granice_wojewodztw: 'voivodeship', A02_Granice_powiatow: 'powiat', A03_Granice_gmin: 'gmina' } },
      name: { field: 'JPT_NAZWA_' },
      teryt: { field: 'JPT_KOD_JE' },
      attributes: {
        unit_type: {
          rules: { template: '{_layer}:{JPT_KOD_JE}' },
          match: [
            ['^A01', 'województwo'],
            // Codes 61 and above within a voivodeship are cities with powiat rights.
            ['^A02.*:[0-9]{2}(6[1-9]|[7-9][0-9])$', 'miasto na prawach powiatu'],
            ['^A02', 'powiat'],
            ['^A03.*1$', 'gmina miejska'],
            ['^A03.*2$', 'gmina wiejska'],
            ['^A03.*3$', 'gmina miejsko-wiejska'],
          ],
        },
        parent_teryt: { terytParent: 'JPT_KOD_JE' },
      },
    },
  },
  {
    ...common,
    id: 'prg-cadastral-units',
    layer: 'cadastral_units',
    fetch: { kind: 'zip', members: ['A05_Granice_jednostek_ewidencyjnych.shp', 'A06_Granice_obrebow_ewidencyjnych.shp'] },
    gdal: {},
    map: {
      id: { field: 'JPT_KOD_JE' },
      kind: { codes: '_layer', table: { A05_Granice_jednostek_ewidencyjnych: 'cadastral_unit', A06_Granice_obrebow_ewidencyjnych: 'precinct' } },
      name: { field: 'JPT_NAZWA_', optional: true },
      teryt: { gminaFromUnitId: 'JPT_KOD_JE' },
      attributes: { code: { field: 'JPT_KOD_JE' } },
    },
  },
];
