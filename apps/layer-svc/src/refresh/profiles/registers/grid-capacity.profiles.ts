import type { SourceProfileInput } from '../source-profile.js';

/**
 * Connection capacity published by grid operators under art. 7 ust. 8l pkt 2 of the Energy Law
 * ("informacja o wartościach łącznej dostępnej mocy przyłączeniowej"), quarterly, per substation
 * or group of substations of the 110 kV network, without coordinates. Each operator has its own
 * document (PDF or XLSX) at an address that changes with each issue; none is a stable open data
 * set, so an operator saves the table as CSV by hand and loads it with `--source`.
 *
 * ENERGA-OPERATOR publishes "Informacja o wartości łącznej dostępnej wytwórczej mocy
 * przyłączeniowej [MW]" as PDF tables: table 2.1 lists the groups of coherent nodes (number, name,
 * the stations in the group) under headings per branch (Oddział), table 2.3 the available capacity
 * of each group per year of the horizon (2026 ... 2031, 2035, in MW, `-` where none). The CSV this
 * profile reads is those two tables joined on the group number, one row per group, saved by Excel
 * as Polish CSV (`;`-separated, Windows-1250, decimal commas). A group is placed on the served
 * substation (power_substations, loaded first) of the group's name, at 110 kV, in the voivodeships
 * of its branch; rows with no such substation, or several, are left out and each is reported.
 */
const ENERGA_BRANCH_VOIVODESHIPS: Record<string, string> = {
  // Voivodeships (TERYT) each branch's area reaches into; a name matched there is the group's station.
  Gdańsk: '22',
  Koszalin: '32,22',
  Słupsk: '22,32',
  Olsztyn: '28,14',
  Elbląg: '28,22',
  Toruń: '04,22,14',
  Płock: '14,10,04',
  Kalisz: '30,10,24,02',
};

export const GRID_CAPACITY_PROFILES: SourceProfileInput[] = [
  {
    id: 'grid-capacity-energa',
    layer: 'grid_capacity',
    register: 'ENERGA-OPERATOR S.A., information on available generation connection capacity (Energy Law art. 7 ust. 8l pkt 2)',
    publishedAt: 'https://energa-operator.pl/przylaczenie-do-sieci/informacje-o-stanie-przylaczen',
    licence: 'Information the operator must publish under the Energy Law; no licence stated, reused with attribution',
    attribution: 'ENERGA-OPERATOR S.A.',
    cadence: 'quarterly',
    notes:
      'Saved by hand from the PDF of each issue (tables 2.1 and 2.3 joined on the group number) as CSV; the address changes with every issue. ' +
      "The capacity is the base year's column (2026 in the 2026 issues): a later issue names another year and the profile's column must follow " +
      '(a missing column is refused naming the columns the file has). A group of several stations is placed on the station named like the group. ' +
      'Other operators (PSE, Enea Operator, PGE Dystrybucja, Tauron Dystrybucja, Stoen Operator) publish other layouts and need their own profiles.',
    fetch: { kind: 'file' },
    gdal: { openOptions: { SEPARATOR: 'SEMICOLON', AUTODETECT_TYPE: 'NO', HEADERS: 'YES' }, sourceSrs: 'EPSG:2180', encoding: 'CP1250' },
    map: {
      id: { template: 'energa-operator/{Nr grupy}' },
      kind: { constant: 'hv_node' },
      name: { field: 'Nazwa grupy' },
      geometry: {
        substationPoint: {
          name: { field: 'Nazwa grupy' },
          area: { codes: 'Oddział', table: ENERGA_BRANCH_VOIVODESHIPS, otherwise: { constant: null } },
          voltageKv: { constant: 110 },
        },
      },
      exclude: [
        {
          value: { firstOf: [{ numbers: { field: '2026' }, pick: 'max' }, { constant: 'none' }] },
          matches: '^none$',
          reason: 'groups without a value for the base year (`-`), which the catalogue cannot serve: available_mw is required',
        },
      ],
      attributes: {
        substation_name: { field: 'Nazwa grupy' },
        available_mw: { numbers: { field: '2026' }, pick: 'max' },
        voltage_kv: { constant: 110 },
        operator: { constant: 'ENERGA-OPERATOR S.A.' },
      },
    },
  },
];
