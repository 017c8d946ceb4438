import type { SourceProfileInput, ValueExpression } from '../source-profile.js';

/**
 * OpenStreetMap, as Geofabrik's daily extract of Poland (`poland-latest.osm.pbf`, roughly 2 GB),
 * read by GDAL's OSM driver: nodes in the `points` layer, ways in `lines`, closed ways that are
 * areas and multipolygon relations in `multipolygons`. Each profile names the keys it reads (written
 * into the driver's osmconf.ini by the loader) and an OGR SQL filter, so only the elements of its
 * layer reach the database. Ids are the element (`osm:node/123`, `osm:way/45`); values follow the
 * tagging documented on the OSM wiki (Key:voltage, Tag:power=substation, Tag:amenity=charging_station,
 * Key:socket:*, Tag:telecom=data_center, Key:plant:source, Tag:emergency=fire_hydrant, ...), where
 * several values of one key are separated by `;` (`voltage=110000;15000`).
 */
const GEOFABRIK = 'https://download.geofabrik.de/europe/poland-latest.osm.pbf';
const common = {
  register: 'OpenStreetMap (Geofabrik extract of Poland)',
  publishedAt: 'https://download.geofabrik.de/europe/poland.html',
  endpoint: GEOFABRIK,
  licence: 'Open Database License (ODbL) 1.0',
  attribution: '© OpenStreetMap contributors (ODbL)',
  cadence: 'monthly',
  fetch: { kind: 'file', download: true },
} as const;

const NOTES =
  'Download the extract once (the profile downloads a URL before reading it: the driver reads the file once per GDAL layer). ' +
  'A national read takes some minutes per GDAL layer; OSM_MAX_TMPFILE_SIZE (MB, default 100) can be raised in gdal.config of a profile file to keep the node index in memory.';

const OSM_ID: ValueExpression = { osmElement: true };
const ID: ValueExpression = { osmElement: true, prefix: 'osm:' };
const OPERATOR: ValueExpression = { field: 'operator', optional: true };

/** The highest voltage in kV (`110000;15000` -> 110). */
const VOLTAGE_KV: ValueExpression = { numbers: { field: 'voltage' }, pick: 'max', factor: 0.001 };
/** Elements without a voltage, or of low voltage only (below 1 kV), which the catalogue does not hold. */
const NO_VOLTAGE = { value: { firstOf: [VOLTAGE_KV, { constant: 'none' }] }, matches: '^(none|0(\\.[0-9]+)?)$' } as const;
const YES_NO = (field: string): ValueExpression => ({
  rules: { field, optional: true },
  match: [
    ['^(yes|public|permissive)$', 'true'],
    ['^(no|private|customers|permit|limited)$', 'false'],
  ],
  otherwise: { constant: null },
});

const substations: SourceProfileInput = {
  ...common,
  id: 'osm-power-substations',
  layer: 'power_substations',
  notes: `${NOTES} Substations mapped as a node or as an area (a closed way or a multipolygon); served as the point on the area. Substations without a voltage tag (about a third in Poland) or of low voltage only are left out: voltage_kv is required.`,
  gdal: {
    layers: ['points', 'multipolygons'],
    osm: { tags: ['name', 'power', 'voltage', 'operator', 'substation'], areas: ['power=substation'] },
    where: "power = 'substation'",
  },
  map: {
    id: ID,
    kind: {
      bands: VOLTAGE_KV,
      from: [
        [220, 'ehv_substation'],
        [60, 'hv_substation'],
        [1, 'mv_substation'],
      ],
    },
    name: { field: 'name', optional: true },
    geometry: 'pointOnSurface',
    exclude: [{ ...NO_VOLTAGE, reason: 'substations without a voltage tag or of low voltage only; voltage_kv is required' }],
    attributes: {
      voltage_kv: VOLTAGE_KV,
      voltages: { numbers: { field: 'voltage' }, pick: 'list', factor: 0.001 },
      operator: OPERATOR,
      osm_id: OSM_ID,
    },
  },
};

const lines: SourceProfileInput = {
  ...common,
  id: 'osm-power-lines',
  layer: 'power_lines',
  notes:
    `${NOTES} Lines (power=line, minor_line) and cables (power=cable) with their voltage; the catalogue has a kind for medium-voltage cables only, so ` +
    'a high-voltage cable is served as a line of its voltage. A line carrying several voltages is served at the highest. Lines without a voltage or below 1 kV are left out.',
  gdal: {
    layers: ['lines'],
    osm: { tags: ['name', 'ref', 'power', 'voltage', 'circuits', 'cables', 'operator', 'location'] },
    where: "power IN ('line', 'minor_line', 'cable')",
  },
  map: {
    id: ID,
    kind: {
      rules: {
        join: [
          { field: 'power' },
          {
            bands: VOLTAGE_KV,
            from: [
              [220, 'ehv'],
              [60, 'hv'],
              [1, 'mv'],
            ],
          },
        ],
        separator: '|',
      },
      match: [
        ['^cable\\|mv$', 'mv_cable'],
        ['\\|ehv$', 'ehv_line'],
        ['\\|hv$', 'hv_line'],
        ['\\|mv$', 'mv_line'],
      ],
      otherwise: { constant: null },
    },
    name: {
      firstOf: [
        { field: 'name', optional: true },
        { field: 'ref', optional: true },
      ],
    },
    exclude: [{ ...NO_VOLTAGE, reason: 'lines without a voltage tag or of low voltage only; voltage_kv is required' }],
    attributes: {
      voltage_kv: VOLTAGE_KV,
      circuits: { numbers: { field: 'circuits', optional: true }, pick: 'max' },
      operator: OPERATOR,
      osm_id: OSM_ID,
    },
  },
};

const DC_OUTPUT: ValueExpression = {
  numbers: {
    join: [
      { field: 'socket:type2_combo:output', optional: true },
      { field: 'socket:chademo:output', optional: true },
    ],
    separator: ';',
  },
  pick: 'max',
  units: { kw: 1, w: 0.001 },
};

const chargers: SourceProfileInput = {
  ...common,
  id: 'osm-ev-chargers',
  layer: 'ev_chargers',
  notes:
    `${NOTES} Charging stations (amenity=charging_station) as nodes or areas. DC when a CCS (socket:type2_combo) or CHAdeMO socket is tagged, ` +
    'high-power from 150 kW of DC output; otherwise AC. EIPA (UDT) is the official register but its export needs an account.',
  gdal: {
    layers: ['points', 'multipolygons'],
    osm: {
      tags: [
        'name',
        'amenity',
        'operator',
        'capacity',
        'access',
        'socket:type2',
        'socket:type2:output',
        'socket:type2_combo',
        'socket:type2_combo:output',
        'socket:chademo',
        'socket:chademo:output',
      ],
    },
    where: "amenity = 'charging_station'",
  },
  map: {
    id: ID,
    kind: {
      firstOf: [
        {
          rules: {
            join: [
              {
                firstOf: [
                  { field: 'socket:type2_combo', optional: true },
                  { field: 'socket:chademo', optional: true },
                ],
              },
              { bands: DC_OUTPUT, from: [[150, 'hpc']] },
            ],
            separator: '|',
          },
          match: [
            ['\\|hpc$', 'hpc'],
            ['.', 'dc_fast'],
          ],
          otherwise: { constant: null },
        },
        { constant: 'ac' },
      ],
    },
    geometry: 'pointOnSurface',
    attributes: {
      operator: OPERATOR,
      max_power_kw: {
        numbers: {
          join: [
            { field: 'socket:type2:output', optional: true },
            { field: 'socket:type2_combo:output', optional: true },
            { field: 'socket:chademo:output', optional: true },
          ],
          separator: ';',
        },
        pick: 'max',
        units: { kw: 1, w: 0.001 },
      },
      charging_points: { numbers: { field: 'capacity', optional: true }, pick: 'max' },
      connectors: {
        join: [
          { rules: { field: 'socket:type2', optional: true }, match: [['.', 'Type2']] },
          { rules: { field: 'socket:type2_combo', optional: true }, match: [['.', 'CCS']] },
          { rules: { field: 'socket:chademo', optional: true }, match: [['.', 'CHAdeMO']] },
        ],
        separator: ',',
      },
      public_access: YES_NO('access'),
      osm_id: OSM_ID,
    },
  },
};

const dataCentres: SourceProfileInput = {
  ...common,
  id: 'osm-data-centers',
  layer: 'data_centers',
  notes:
    `${NOTES} Data centres (telecom=data_center) as nodes or areas. OSM does not tag the type of a data centre: one run by a cloud provider ` +
    '(operator Google, Microsoft, Amazon/AWS, Oracle) is served as hyperscale, one with access=private as enterprise, every other as colocation.',
  gdal: {
    layers: ['points', 'multipolygons'],
    osm: { tags: ['name', 'telecom', 'operator', 'access'], areas: ['telecom'] },
    where: "telecom = 'data_center'",
  },
  map: {
    id: ID,
    kind: {
      rules: { join: [{ firstOf: [OPERATOR, { constant: '' }] }, { firstOf: [{ field: 'access', optional: true }, { constant: '' }] }], separator: '|' },
      match: [
        ['(?i)^(google|microsoft|amazon|aws|oracle)', 'hyperscale'],
        ['\\|private$', 'enterprise'],
      ],
      otherwise: { constant: 'colocation' },
    },
    name: { field: 'name', optional: true },
    geometry: 'pointOnSurface',
    attributes: { operator: OPERATOR, osm_id: OSM_ID },
  },
};

const SERVICE_KINDS: Record<string, string> = {
  school: 'school',
  kindergarten: 'kindergarten',
  childcare: 'nursery',
  university: 'university',
  college: 'university',
  clinic: 'clinic',
  hospital: 'hospital',
  pharmacy: 'pharmacy',
  post_office: 'post_office',
  bank: 'bank',
  fire_station: 'fire_station',
  police: 'police',
  library: 'library',
  supermarket: 'supermarket',
  convenience: 'shop',
  sports_centre: 'sports_centre',
};

const services: SourceProfileInput = {
  ...common,
  id: 'osm-services-poi',
  layer: 'services_poi',
  notes: `${NOTES} Services as nodes or areas (amenity, shop=supermarket|convenience, leisure=sports_centre); a żłobek is amenity=childcare. RSPO ids from ref:rspo.`,
  gdal: {
    layers: ['points', 'multipolygons'],
    osm: { tags: ['name', 'amenity', 'shop', 'leisure', 'operator', 'operator:type', 'ref:rspo'] },
    where:
      "amenity IN ('school', 'kindergarten', 'childcare', 'university', 'college', 'clinic', 'hospital', 'pharmacy', 'post_office', 'bank', 'fire_station', 'police', 'library') " +
      "OR shop IN ('supermarket', 'convenience') OR leisure = 'sports_centre'",
  },
  map: {
    id: ID,
    kind: {
      firstOf: [
        { codes: { field: 'amenity', optional: true }, table: SERVICE_KINDS, otherwise: { constant: null } },
        { codes: { field: 'shop', optional: true }, table: SERVICE_KINDS, otherwise: { constant: null } },
        { codes: { field: 'leisure', optional: true }, table: SERVICE_KINDS, otherwise: { constant: null } },
      ],
    },
    name: { field: 'name', optional: true },
    geometry: 'pointOnSurface',
    attributes: {
      operator: OPERATOR,
      public: {
        rules: { field: 'operator:type', optional: true },
        match: [
          ['^(public|government|municipal)$', 'true'],
          ['^(private|private_non_profit|religious|business)$', 'false'],
        ],
        otherwise: { constant: null },
      },
      register_id: { field: 'ref:rspo', optional: true },
      osm_id: OSM_ID,
    },
  },
};

const stops: SourceProfileInput = {
  ...common,
  id: 'osm-transport-stops',
  layer: 'transport_stops',
  notes:
    `${NOTES} One point per stop: highway=bus_stop (bus), railway=tram_stop (tram), railway=station or halt (rail; station=subway: metro). ` +
    'Platforms and stop positions of the same stop (public_transport=*) are not read, so a stop is not counted twice. Departures come from GTFS, not OSM.',
  gdal: {
    layers: ['points'],
    osm: { tags: ['name', 'highway', 'railway', 'station', 'operator', 'route_ref', 'wheelchair'] },
    where: "highway = 'bus_stop' OR railway IN ('tram_stop', 'station', 'halt')",
  },
  map: {
    id: ID,
    kind: {
      rules: {
        join: [
          { firstOf: [{ field: 'highway', optional: true }, { constant: '' }] },
          { firstOf: [{ field: 'railway', optional: true }, { constant: '' }] },
          { firstOf: [{ field: 'station', optional: true }, { constant: '' }] },
        ],
        separator: '|',
      },
      match: [
        ['^bus_stop\\|', 'bus'],
        ['\\|tram_stop\\|', 'tram'],
        ['\\|station\\|subway$', 'metro'],
        ['\\|(station|halt)\\|', 'rail'],
      ],
      otherwise: { constant: null },
    },
    name: { field: 'name', optional: true },
    attributes: {
      operator: OPERATOR,
      routes: { replace: { field: 'route_ref', optional: true }, pattern: '\\s*;\\s*', with: ',' },
      wheelchair: YES_NO('wheelchair'),
    },
  },
};

const ROAD_CLASSES: Record<string, string> = {
  motorway: 'motorway',
  trunk: 'national_road',
  primary: 'national_road',
  secondary: 'voivodeship_road',
  tertiary: 'local_road',
  unclassified: 'local_road',
  residential: 'local_road',
};

const plannedRoads: SourceProfileInput = {
  ...common,
  id: 'osm-planned-roads',
  layer: 'planned_roads',
  notes:
    `${NOTES} Roads under construction (highway=construction, construction=<class>) and proposed (highway=proposed, proposed=<class>). ` +
    "An A.. reference is a motorway and an S.. one an expressway whatever the class; GDDKiA's programme (PDF) is not read.",
  gdal: {
    layers: ['lines'],
    osm: { tags: ['name', 'ref', 'highway', 'construction', 'proposed', 'opening_date'] },
    where:
      "(highway = 'construction' AND construction IN ('motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'unclassified', 'residential')) " +
      "OR (highway = 'proposed' AND proposed IN ('motorway', 'trunk', 'primary', 'secondary', 'tertiary', 'unclassified', 'residential'))",
  },
  map: {
    id: ID,
    kind: {
      rules: { field: 'ref', optional: true },
      match: [
        ['^A ?[0-9]', 'motorway'],
        ['^S ?[0-9]', 'expressway'],
      ],
      otherwise: {
        codes: {
          firstOf: [
            { field: 'construction', optional: true },
            { field: 'proposed', optional: true },
          ],
        },
        table: ROAD_CLASSES,
        otherwise: { constant: null },
      },
    },
    name: { field: 'name', optional: true },
    attributes: {
      road_number: { field: 'ref', optional: true },
      status: { codes: 'highway', table: { construction: 'under_construction', proposed: 'planned' } },
      expected_completion_year: { extract: { field: 'opening_date', optional: true }, pattern: '^([0-9]{4})' },
    },
  },
};

const hydrants: SourceProfileInput = {
  ...common,
  id: 'osm-hydrants',
  layer: 'hydrants',
  notes:
    `${NOTES} Fire hydrants (emergency=fire_hydrant with fire_hydrant:type pillar or underground; other or no type left out), fire water tanks ` +
    '(emergency=water_tank) and suction points (emergency=suction_point), as nodes.',
  gdal: {
    layers: ['points'],
    osm: { tags: ['emergency', 'fire_hydrant:type', 'fire_hydrant:diameter', 'water_volume', 'operator'] },
    where: "emergency IN ('water_tank', 'suction_point') OR (emergency = 'fire_hydrant' AND \"fire_hydrant:type\" IN ('pillar', 'underground'))",
  },
  map: {
    id: ID,
    kind: {
      codes: { join: [{ field: 'emergency' }, { field: 'fire_hydrant:type', optional: true }], separator: ':' },
      table: {
        'fire_hydrant:pillar': 'pillar_hydrant',
        'fire_hydrant:underground': 'underground_hydrant',
        water_tank: 'water_tank',
        suction_point: 'suction_point',
      },
      otherwise: { codes: 'emergency', table: { water_tank: 'water_tank', suction_point: 'suction_point' }, otherwise: { constant: null } },
    },
    attributes: {
      diameter_mm: { numbers: { field: 'fire_hydrant:diameter', optional: true }, pick: 'max', units: { mm: 1 } },
      volume_m3: { numbers: { field: 'water_volume', optional: true }, pick: 'max', units: { m: 1, l: 0.001 } },
      operator: OPERATOR,
      osm_id: OSM_ID,
    },
  },
};

const industrial: SourceProfileInput = {
  ...common,
  id: 'osm-industrial-areas',
  layer: 'industrial_areas',
  notes: `${NOTES} Areas of landuse=industrial; storage and logistics land where industrial=warehouse, logistics, depot or storage. Parks (PAIH offers) are not in OSM's tagging.`,
  gdal: {
    layers: ['multipolygons'],
    osm: { tags: ['name', 'landuse', 'industrial', 'operator'] },
    where: "landuse = 'industrial'",
  },
  map: {
    id: ID,
    kind: {
      codes: { field: 'industrial', optional: true },
      table: { warehouse: 'storage_land', logistics: 'storage_land', depot: 'storage_land', storage: 'storage_land' },
      otherwise: { constant: 'industrial_land' },
    },
    name: { field: 'name', optional: true },
    attributes: { operator: OPERATOR, area_sqm: { geometryArea: true }, osm_id: OSM_ID },
  },
};

const PLANT_SOURCES: Record<string, string> = { solar: 'solar', wind: 'wind', biogas: 'biogas', hydro: 'hydro', biomass: 'biomass' };

const renewables: SourceProfileInput = {
  ...common,
  id: 'osm-oze-installations',
  layer: 'oze_installations',
  notes:
    `${NOTES} Power plants (power=plant) by plant:source, and single wind turbines (power=generator, generator:source=wind) outside a mapped plant; ` +
    "solar panels (generator:source=solar) are not read one by one. URE's registers are the official source and are published as PDF/XLSX.",
  gdal: {
    layers: ['points', 'multipolygons'],
    osm: {
      tags: ['name', 'power', 'plant:source', 'generator:source', 'plant:output:electricity', 'generator:output:electricity', 'operator', 'start_date'],
      areas: ['power=plant'],
    },
    where:
      "(power = 'plant' AND \"plant:source\" IN ('solar', 'wind', 'biogas', 'hydro', 'biomass')) OR (power = 'generator' AND \"generator:source\" = 'wind')",
  },
  map: {
    id: ID,
    kind: {
      codes: {
        firstOf: [
          { field: 'plant:source', optional: true },
          { field: 'generator:source', optional: true },
        ],
      },
      table: PLANT_SOURCES,
      otherwise: { constant: null },
    },
    name: { field: 'name', optional: true },
    geometry: 'pointOnSurface',
    attributes: {
      capacity_mw: {
        numbers: {
          firstOf: [
            { field: 'plant:output:electricity', optional: true },
            { field: 'generator:output:electricity', optional: true },
          ],
        },
        pick: 'sum',
        units: { gw: 1000, mw: 1, kw: 0.001, kwp: 0.001, mwp: 1 },
      },
      commissioned_on: { extract: { field: 'start_date', optional: true }, pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})' },
      operator: OPERATOR,
      osm_id: OSM_ID,
    },
  },
};

export const OSM_PROFILES: SourceProfileInput[] = [substations, lines, chargers, dataCentres, services, stops, plannedRoads, hydrants, industrial, renewables];
