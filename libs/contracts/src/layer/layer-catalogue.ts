/**
 * The data layer catalogue (spec "Data layer catalogue"; design DATA.md "The layer catalogue").
 *
 * One entry per layer id of the spec, in the spec's order. This is data: GET /layers, the
 * list_layers tool, the refresh scheduler (cadence), coverage (national | partial), the search
 * filter validation (`near[].where` attributes, `exclude[].kinds`) and the demo-data generator
 * all read it. Where each layer's demo data comes from is the generator's own (tools/demo/demo-origin.ts).
 *
 * Cadence: the spec's cadence table fixes airspace and air_quality (daily); grid_capacity,
 * gunb_permits, transactions and plan_ogolny_zones (weekly); local plans and zones, environmental
 * layers and layers derived from open map data (monthly); parcels, buildings, roads and terrain
 * (quarterly). Every other cadence is a choice made here and is marked `// cadence: chosen, ...`.
 */
import { PLAN_OGOLNY_ZONE_TYPES, ZONING_CATEGORIES, ZONING_CATEGORY_DESCRIPTIONS } from './zoning-taxonomy.js';

export type LayerCategory =
  | 'cadastre'
  | 'planning'
  | 'environment'
  | 'energy'
  | 'transport'
  | 'buildings'
  | 'terrain'
  | 'risk'
  | 'market';
export type ServedVia = 'api' | 'tiles' | 'wms';
export type Cadence = 'daily' | 'weekly' | 'monthly' | 'quarterly';
/** 'None' is reserved for purely tabular layers; every current layer has a geometry. */
export type LayerGeometryType = 'Point' | 'LineString' | 'Polygon' | 'Raster' | 'None';
export type AttributeType = 'number' | 'integer' | 'string' | 'boolean' | 'date';

export interface LayerAttribute {
  name: string;
  type: AttributeType;
  unit?: string;
  description: string;
  required?: boolean;
}

export interface LayerKind {
  id: string;
  description: string;
}

export interface LayerDefinition {
  id: string;
  name: string;
  category: LayerCategory;
  geometryType: LayerGeometryType;
  /** Real public source(s) of the layer, with attribution as it must be shown */
  source: string;
  coverage: 'national' | 'partial';
  servedVia: ServedVia[];
  cadence: Cadence;
  /** The `kind` values features of this layer carry */
  kinds: LayerKind[];
  /** Typed attributes features carry; names carry the unit */
  attributes: LayerAttribute[];
  /**
   * Named groups of kinds accepted wherever a list of kinds is (search `exclude[].kinds`,
   * constraint topics), e.g. env_layers `natura2000` = the two Natura 2000 kinds.
   */
  kindGroups?: Record<string, string[]>;
}

// ---------------------------------------------------------------------------------------------
// helpers for repeated attributes

const teryt = (level: string): LayerAttribute => ({
  name: 'teryt',
  type: 'string',
  description: `TERYT code of the ${level} (string, leading zeros kept)`,
});
const nameAttr = (what = 'Name'): LayerAttribute => ({ name: 'name', type: 'string', description: what });
const areaSqm = (what = 'Area'): LayerAttribute => ({ name: 'area_sqm', type: 'number', unit: 'm2', description: what });
const osmId: LayerAttribute = { name: 'osm_id', type: 'string', description: 'OpenStreetMap element id (e.g. node/123) when derived from OSM' };
const operatorAttr: LayerAttribute = { name: 'operator', type: 'string', description: 'Operator or owner' };

const OSM = '© OpenStreetMap contributors (ODbL)';

const zoningKinds: LayerKind[] = ZONING_CATEGORIES.map((c) => ({ id: c, description: ZONING_CATEGORY_DESCRIPTIONS[c] }));

// ---------------------------------------------------------------------------------------------

const CATALOGUE: LayerDefinition[] = [
  // ------------------------------------------------------------------ Cadastre and administration
  {
    id: 'parcels',
    name: 'Cadastral parcels',
    category: 'cadastre',
    geometryType: 'Polygon',
    source: 'EGiB via the national cadastre services (ULDK/KIEG), GUGiK',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'quarterly',
    kinds: [{ id: 'parcel', description: 'EGiB cadastral parcel' }],
    attributes: [
      { name: 'parcel_id', type: 'string', required: true, description: 'EGiB parcel id, e.g. 302111_5.0012.123/4' },
      { name: 'parcel_number', type: 'string', required: true, description: 'Parcel number within the precinct, may contain / (e.g. 123/4)' },
      { name: 'precinct_id', type: 'string', required: true, description: 'Cadastral precinct (obręb) id, e.g. 302111_5.0012' },
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'area_sqm', type: 'number', unit: 'm2', required: true, description: 'Area from the register (or computed from geometry when absent)' },
      { name: 'land_use_classes', type: 'string', description: 'EGiB land-use and soil classes, comma-separated (e.g. "R IIIa,Ł IV,B")' },
      { name: 'map_sheet', type: 'string', description: 'Map sheet designation when the precinct is split into sheets (e.g. AR_12)' },
      { name: 'vacant', type: 'boolean', description: 'True when no building footprint intersects the parcel (derived from buildings)' },
      {
        name: 'registration_group',
        type: 'string',
        description:
          'EGiB registration group of the owner or holder (grupa rejestrowa, 1-16, Dz.U. 2021 poz. 1390); from the land register (rejestr gruntów) of the starosta, ' +
          'which ULDK and KIEG do not publish: absent where we hold no register extract, and the demo generates it',
      },
    ],
  },
  {
    id: 'cadastral_units',
    name: 'Cadastral units and precincts',
    category: 'cadastre',
    geometryType: 'Polygon',
    source: 'EGiB via the national cadastre services (ULDK/KIEG), GUGiK; PRG, GUGiK',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'quarterly', // cadence: chosen, same as parcels (same register)
    kinds: [
      { id: 'cadastral_unit', description: 'Cadastral unit (jednostka ewidencyjna), e.g. 302111_5' },
      { id: 'precinct', description: 'Cadastral precinct (obręb ewidencyjny), e.g. 302111_5.0012' },
    ],
    attributes: [
      { name: 'code', type: 'string', required: true, description: 'Unit id (302111_5) or precinct id (302111_5.0012)' },
      nameAttr('Unit or precinct name'),
      { ...teryt('gmina (7 digits)'), required: true },
      areaSqm(),
    ],
  },
  {
    id: 'admin_bounds',
    name: 'Administrative boundaries',
    category: 'cadastre',
    geometryType: 'Polygon',
    source: 'PRG, GUGiK; TERYT, GUS',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'quarterly', // cadence: chosen, boundary changes take effect on 1 January; quarterly is ample
    kinds: [
      { id: 'voivodeship', description: 'Voivodeship (województwo), 2-digit TERYT' },
      { id: 'powiat', description: 'Powiat, incl. cities with powiat rights, 4-digit TERYT' },
      { id: 'gmina', description: 'Gmina (urban, rural or urban-rural), 7-digit TERYT' },
    ],
    attributes: [
      { ...teryt('unit (2, 4 or 7 digits)'), required: true },
      { name: 'name', type: 'string', required: true, description: 'Official name' },
      { name: 'unit_type', type: 'string', required: true, description: 'Polish unit type: województwo, powiat, miasto na prawach powiatu, gmina miejska, gmina wiejska, gmina miejsko-wiejska' },
      { name: 'parent_teryt', type: 'string', description: 'TERYT code of the parent unit; null for voivodeships' },
      areaSqm(),
    ],
  },

  // ---------------------------------------------------------------------------------- Planning
  {
    id: 'mpzp_plans',
    name: 'Local spatial development plans (MPZP)',
    category: 'planning',
    geometryType: 'Polygon',
    source: 'National spatial-planning data sets (APP, zbiory aplikacji planistycznych), published per gmina; integrated by GUGiK',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly',
    kinds: [{ id: 'local_plan', description: 'Boundary of one local plan in force' }],
    attributes: [
      { name: 'plan_id', type: 'string', required: true, description: 'APP identifier of the plan (e.g. PL.ZIPPZP.1234/306401-MPZP/...)' },
      { name: 'plan_name', type: 'string', required: true, description: 'Plan title' },
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'adopted_on', type: 'date', required: true, description: 'Date the council adopted the plan' },
      { name: 'resolution_number', type: 'string', description: 'Council resolution number' },
      { name: 'legal_status', type: 'string', description: 'in_force or partially_repealed' },
      { name: 'document_url', type: 'string', description: 'URL of the plan text and drawing' },
      areaSqm('Plan area'),
    ],
  },
  {
    id: 'mpzp_zones',
    name: 'Local plan zones',
    category: 'planning',
    geometryType: 'Polygon',
    source: 'National spatial-planning data sets (APP), per gmina; zone polygons vectorised from plan drawings where no APP zone data exists',
    coverage: 'partial', // spec Limits: roughly a third of the country; added gmina by gmina
    servedVia: ['api', 'tiles'],
    cadence: 'monthly',
    kinds: zoningKinds, // kind = normalised category, see zoning-taxonomy.ts
    attributes: [
      { name: 'symbol', type: 'string', required: true, description: 'Raw zone symbol as written in the plan (e.g. 12.MN/U), always kept' },
      { name: 'category', type: 'string', required: true, description: 'Normalised category (normaliseZoningSymbol)' },
      { name: 'label', type: 'string', description: 'Zone designation in words' },
      { name: 'plan_id', type: 'string', required: true, description: 'APP identifier of the plan the zone belongs to' },
      { name: 'plan_name', type: 'string', description: 'Plan title' },
      { name: 'adopted_on', type: 'date', description: 'Plan adoption date' },
      { name: 'max_height_m', type: 'number', unit: 'm', description: 'Maximum building height' },
      { name: 'max_floors', type: 'integer', unit: 'floors', description: 'Maximum number of above-ground storeys' },
      { name: 'max_building_coverage_pct', type: 'number', unit: '%', description: 'Maximum built-up share of the plot' },
      { name: 'min_biologically_active_pct', type: 'number', unit: '%', description: 'Minimum biologically active share of the plot' },
      { name: 'max_intensity', type: 'number', description: 'Maximum building intensity (gross floor area / plot area)' },
      { name: 'min_plot_area_sqm', type: 'number', unit: 'm2', description: 'Minimum area of a newly divided plot' },
      { name: 'document_url', type: 'string', description: 'URL of the plan document' },
    ],
  },
  {
    id: 'plan_ogolny_zones',
    name: 'General plan zones (plan ogólny)',
    category: 'planning',
    geometryType: 'Polygon',
    source: 'National spatial-planning data sets (APP): general plans of gminas (plan ogólny gminy), Register of Urban Planning',
    coverage: 'partial', // spec Limits: growing
    servedVia: ['api', 'tiles'],
    cadence: 'weekly',
    kinds: [
      ...PLAN_OGOLNY_ZONE_TYPES.map((z) => ({ id: z.kind, description: `${z.description} (${z.symbol})` })),
      { id: 'infill_area', description: 'Building infill area (obszar uzupełnienia zabudowy)' },
      { id: 'inner_city_area', description: 'Inner-city building area (obszar zabudowy śródmiejskiej)' },
    ],
    attributes: [
      { name: 'zone_symbol', type: 'string', required: true, description: 'Zone symbol as in the plan (SW, SJ, SZ, SU, SH, SP, SR, SI, SN, SC, SG, SO, SK)' },
      { name: 'zone_label', type: 'string', description: 'Zone designation in words' },
      { name: 'status', type: 'string', required: true, description: 'Procedure status: in_preparation, public_consultation, adopted, in_force' },
      { name: 'allows_building', type: 'boolean', description: 'True when the zone type allows new building' },
      { name: 'plan_id', type: 'string', description: 'APP identifier of the general plan' },
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'adopted_on', type: 'date', description: 'Adoption date, null while in preparation' },
      { name: 'max_height_m', type: 'number', unit: 'm', description: 'Maximum building height' },
      { name: 'max_building_coverage_pct', type: 'number', unit: '%', description: 'Maximum built-up share' },
      { name: 'min_biologically_active_pct', type: 'number', unit: '%', description: 'Minimum biologically active share' },
      { name: 'document_url', type: 'string', description: 'URL of the plan document' },
    ],
  },
  {
    id: 'studium_zones',
    name: 'Study of conditions and directions (studium) designations',
    category: 'planning',
    geometryType: 'Polygon',
    source: 'National spatial-planning data sets (APP): studies of conditions and directions of spatial development (studium), per gmina',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly',
    kinds: zoningKinds, // designation normalised with the same taxonomy
    attributes: [
      { name: 'designation', type: 'string', required: true, description: 'Designation as written in the study' },
      { name: 'category', type: 'string', description: 'Normalised category of the designation' },
      { name: 'study_id', type: 'string', description: 'APP identifier of the study' },
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'adopted_on', type: 'date', description: 'Adoption date of the study' },
    ],
  },
  {
    id: 'gunb_permits',
    name: 'Building permits and notifications',
    category: 'planning',
    geometryType: 'Point',
    source: 'GUNB register of applications, decisions and notifications (RWDZ), joined to EGiB parcels',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'weekly',
    kinds: [
      { id: 'building_permit', description: 'Building permit decision (pozwolenie na budowę)' },
      { id: 'building_notification', description: 'Notification of construction works (zgłoszenie)' },
      { id: 'demolition_permit', description: 'Demolition permit' },
      { id: 'change_of_use', description: 'Notification of change of use' },
    ],
    attributes: [
      { name: 'decision_number', type: 'string', description: 'Number of the decision or notification case' },
      { name: 'decided_on', type: 'date', required: true, description: 'Date of the decision or of filing the notification' },
      { name: 'authority', type: 'string', description: 'Issuing authority (starosta, city president, voivode)' },
      { name: 'building_category', type: 'string', description: 'Construction-law building category (I to XXX)' },
      { name: 'intended_use', type: 'string', description: 'Name of the construction project' },
      { name: 'parcel_ids', type: 'string', description: 'EGiB ids of the parcels concerned, comma-separated' },
      { ...teryt('gmina (7 digits)') },
    ],
  },
  {
    id: 'psi',
    name: 'Polish Investment Zone (PSI) operators',
    category: 'planning',
    geometryType: 'Polygon',
    source: 'Polish Investment Zone (Polska Strefa Inwestycji) operator jurisdictions, Ministry of Development and Technology; regional aid map',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'quarterly', // cadence: chosen, jurisdictions and aid intensities change by regulation only
    kinds: [
      { id: 'operator_jurisdiction', description: 'Area (powiats) managed by one PSI operator' },
      { id: 'sez_subzone', description: 'Land of a former special economic zone subzone' },
    ],
    attributes: [
      { name: 'operator_name', type: 'string', required: true, description: 'Zone managing company (e.g. Wałbrzyska SSE "Invest-Park")' },
      { ...teryt('powiat (4 digits)') },
      { name: 'max_aid_intensity_pct', type: 'number', unit: '%', description: 'Maximum regional state-aid intensity for a large enterprise' },
      { name: 'min_eligible_cost_pln', type: 'number', unit: 'PLN', description: 'Minimum eligible investment cost for a support decision (large enterprise)' },
      { name: 'contact_url', type: 'string', description: 'Operator web page' },
    ],
  },

  // ------------------------------------------------------------------------------- Environment
  {
    id: 'env_layers',
    name: 'Nature protection and flood risk',
    category: 'environment',
    geometryType: 'Polygon',
    source:
      'GDOŚ (Natura 2000, parks, reserves and other forms of nature protection); ISOK flood-hazard maps, Wody Polskie; wetland map (Mapa Mokradeł), ITP-PIB; LKP: State Forests',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly',
    kinds: [
      { id: 'natura2000_habitat', description: 'Natura 2000 Special Area of Conservation (SOO, Habitats Directive)' },
      { id: 'natura2000_birds', description: 'Natura 2000 Special Protection Area (OSO, Birds Directive)' },
      { id: 'national_park', description: 'National park' },
      { id: 'national_park_buffer', description: 'National park buffer zone (otulina)' },
      { id: 'landscape_park', description: 'Landscape park (park krajobrazowy)' },
      { id: 'protected_landscape_area', description: 'Protected landscape area (obszar chronionego krajobrazu)' },
      { id: 'nature_reserve', description: 'Nature reserve (rezerwat przyrody)' },
      { id: 'nature_landscape_complex', description: 'Nature and landscape complex (zespół przyrodniczo-krajobrazowy)' },
      { id: 'ecological_site', description: 'Ecological site (użytek ekologiczny)' },
      { id: 'natural_monument', description: 'Natural monument (pomnik przyrody), as its protected footprint' },
      { id: 'ramsar_wetland', description: 'Wetland of international importance (Ramsar Convention)' },
      { id: 'biosphere_reserve', description: 'UNESCO biosphere reserve' },
      { id: 'forest_promotional_complex', description: 'Forest promotional complex (LKP), State Forests' },
      { id: 'flood_risk_10pct', description: 'Flood hazard area, 10 % annual probability (Q10 %)' },
      { id: 'flood_risk_1pct', description: 'Flood hazard area, 1 % annual probability (Q1 %), special flood hazard area' },
      { id: 'flood_risk_02pct', description: 'Flood hazard area, 0.2 % annual probability (Q0.2 %)' },
      { id: 'flood_embankment_failure', description: 'Area flooded if a flood embankment fails' },
      { id: 'wetland', description: 'Wetland and peatland (mokradła)' },
    ],
    kindGroups: {
      natura2000: ['natura2000_habitat', 'natura2000_birds'],
      flood_risk: ['flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct', 'flood_embankment_failure'],
      // spec "not in a flood zone": outside 1 % and 0.2 % areas (the 10 % area lies inside the 1 % one)
      flood_zone: ['flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct'],
      // spec "no protected nature": outside Natura 2000, national and landscape parks, reserves
      protected_nature: ['natura2000_habitat', 'natura2000_birds', 'national_park', 'landscape_park', 'nature_reserve'],
      protected_landscape: ['landscape_park', 'protected_landscape_area', 'nature_landscape_complex'],
    },
    attributes: [
      nameAttr('Name of the protected area or flood-map sheet'),
      { name: 'code', type: 'string', description: 'Register code (e.g. PLH300001 for Natura 2000, GDOŚ code for parks)' },
      { name: 'designated_on', type: 'date', description: 'Date of designation' },
      { name: 'legal_act', type: 'string', description: 'Act establishing the protection' },
      { name: 'probability_pct', type: 'number', unit: '%', description: 'Annual flood probability (flood kinds only)' },
      { name: 'max_water_depth_m', type: 'number', unit: 'm', description: 'Maximum modelled water depth (flood kinds only)' },
      areaSqm(),
    ],
  },
  {
    id: 'groundwater',
    name: 'Groundwater reservoirs and protection areas',
    category: 'environment',
    geometryType: 'Polygon',
    source: 'PIG-PIB, Polish Hydrogeological Survey (major groundwater reservoirs, GZWP); Wody Polskie (water-intake protection zones)',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly',
    kinds: [
      { id: 'major_groundwater_reservoir', description: 'Major groundwater reservoir (GZWP)' },
      { id: 'reservoir_protection_area', description: 'Protection area of a major groundwater reservoir' },
      { id: 'intake_direct_protection', description: 'Direct protection zone of a water intake' },
      { id: 'intake_indirect_protection', description: 'Indirect protection zone of a water intake' },
    ],
    kindGroups: {
      groundwater_protection: ['reservoir_protection_area', 'intake_direct_protection', 'intake_indirect_protection'],
    },
    attributes: [
      nameAttr(),
      { name: 'code', type: 'string', description: 'Reservoir number (e.g. GZWP 151) or protection-zone act reference' },
      { name: 'aquifer_type', type: 'string', description: 'porous, fissured, karst or fissured-karst' },
      { name: 'designated_on', type: 'date', description: 'Date of designation' },
      areaSqm(),
    ],
  },
  {
    id: 'forest_stands',
    name: 'Managed forest stands',
    category: 'environment',
    geometryType: 'Polygon',
    source: 'Forest Data Bank (Bank Danych o Lasach), State Forests',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly',
    kinds: [
      { id: 'state_forest', description: 'Stand managed by the State Forests' },
      { id: 'private_forest', description: 'Privately owned forest stand' },
      { id: 'other_public_forest', description: 'Forest owned by other public bodies (gminas, national parks)' },
    ],
    attributes: [
      { name: 'forest_address', type: 'string', description: 'Forest address of the subdivision (adres leśny)' },
      { name: 'main_species', type: 'string', description: 'Dominant species code (e.g. SO pine, BK beech, DB oak)' },
      { name: 'age_years', type: 'integer', unit: 'years', description: 'Age of the dominant species' },
      { name: 'site_type', type: 'string', description: 'Forest site type (e.g. BMśw)' },
      { name: 'protective_category', type: 'string', description: 'Protective forest category, if any' },
      areaSqm(),
    ],
  },
  {
    id: 'land_cover',
    name: 'Land cover',
    category: 'environment',
    geometryType: 'Polygon',
    source: 'BDOT10k land-cover classes, GUGiK; CORINE Land Cover, Copernicus Land Monitoring Service',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly',
    kinds: [
      { id: 'arable', description: 'Arable land' },
      { id: 'orchard', description: 'Orchards and plantations' },
      { id: 'grassland', description: 'Meadows and pastures' },
      { id: 'forest', description: 'Forest' },
      { id: 'shrubland', description: 'Shrubs and woody vegetation' },
      { id: 'wetland', description: 'Marshes and peat bogs' },
      { id: 'water', description: 'Surface water' },
      { id: 'built_up', description: 'Built-up land' },
      { id: 'bare_ground', description: 'Bare ground, excavations, wasteland' },
    ],
    attributes: [
      { name: 'class_code', type: 'string', description: 'Source class code (e.g. BDOT10k PTTR, CLC 211)' },
      areaSqm(),
    ],
  },
  {
    id: 'air_quality',
    name: 'Air-quality index',
    category: 'environment',
    geometryType: 'Point',
    source: 'GIOŚ, State Environmental Monitoring: air-quality index per measuring station',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'daily',
    kinds: [
      { id: 'background_station', description: 'Background measuring station' },
      { id: 'traffic_station', description: 'Traffic measuring station' },
      { id: 'industrial_station', description: 'Industrial measuring station' },
    ],
    attributes: [
      { name: 'station_code', type: 'string', required: true, description: 'GIOŚ station code' },
      nameAttr('Station name'),
      { name: 'index_level', type: 'string', description: 'very_good, good, moderate, sufficient, bad, very_bad' },
      { name: 'index_value', type: 'integer', description: 'Index level as a number, 0 (very good) to 5 (very bad)' },
      { name: 'pm10_ugm3', type: 'number', unit: 'µg/m3', description: 'PM10 concentration' },
      { name: 'pm25_ugm3', type: 'number', unit: 'µg/m3', description: 'PM2.5 concentration' },
      { name: 'no2_ugm3', type: 'number', unit: 'µg/m3', description: 'NO2 concentration' },
      { name: 'measured_on', type: 'date', description: 'Date and hour of the index calculation' },
    ],
  },

  // --------------------------------------------------------------------------- Energy and grid
  {
    id: 'power_substations',
    name: 'Power substations',
    category: 'energy',
    geometryType: 'Point',
    source: `${OSM}; PSE and distribution system operators`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // OSM-derived
    kinds: [
      { id: 'ehv_substation', description: 'Extra-high-voltage substation, 220 kV and above (transmission, PSE)' },
      { id: 'hv_substation', description: 'High-voltage substation, 110 kV (GPZ)' },
      { id: 'mv_substation', description: 'Medium-voltage substation or transformer station, 15 to 30 kV' },
    ],
    attributes: [
      nameAttr('Substation name'),
      { name: 'voltage_kv', type: 'number', unit: 'kV', required: true, description: 'Highest voltage at the substation (used by near[].where voltage_kv_gte)' },
      { name: 'voltages', type: 'string', description: 'All voltage levels, e.g. 400/220/110' },
      operatorAttr,
      osmId,
    ],
  },
  {
    id: 'power_lines',
    name: 'Power lines',
    category: 'energy',
    geometryType: 'LineString',
    source: `${OSM}; PSE and distribution system operators`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // OSM-derived
    kinds: [
      { id: 'ehv_line', description: 'Extra-high-voltage overhead line, 220, 400 or 750 kV' },
      { id: 'hv_line', description: 'High-voltage overhead line, 110 kV' },
      { id: 'mv_line', description: 'Medium-voltage overhead line, 15 to 30 kV' },
      { id: 'mv_cable', description: 'Medium-voltage underground cable' },
    ],
    attributes: [
      { name: 'voltage_kv', type: 'number', unit: 'kV', required: true, description: 'Line voltage' },
      { name: 'circuits', type: 'integer', description: 'Number of circuits' },
      nameAttr('Line name or reference'),
      operatorAttr,
      osmId,
    ],
  },
  {
    id: 'grid_capacity',
    name: 'Available grid connection capacity',
    category: 'energy',
    geometryType: 'Point',
    source:
      'Connection-capacity lists published by PSE and the DSOs (PGE Dystrybucja, Tauron Dystrybucja, Enea Operator, Energa Operator, Stoen Operator) under the Energy Law, one format per operator',
    coverage: 'partial', // spec Limits: per-operator formats
    servedVia: ['api', 'tiles'],
    cadence: 'weekly',
    kinds: [
      { id: 'ehv_node', description: 'Transmission node (220 kV and above), published by PSE' },
      { id: 'hv_node', description: '110 kV substation (GPZ), published by a DSO' },
    ],
    attributes: [
      { name: 'substation_name', type: 'string', required: true, description: 'Substation name as published' },
      { name: 'available_mw', type: 'number', unit: 'MW', required: true, description: 'Available connection capacity for generation (used by near[].where available_mw_gte)' },
      { name: 'voltage_kv', type: 'number', unit: 'kV', description: 'Voltage level of the node' },
      { name: 'issued_conditions_mw', type: 'number', unit: 'MW', description: 'Capacity in issued, not yet connected connection conditions' },
      { name: 'operator', type: 'string', required: true, description: 'Publishing operator' },
      { name: 'published_on', type: 'date', description: 'Publication date of the list' },
    ],
  },
  {
    id: 'solar_irradiance',
    name: 'Solar PV yield',
    category: 'energy',
    geometryType: 'Polygon',
    source: 'PVGIS, European Commission JRC',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'quarterly', // cadence: chosen, long-term climatology; changes only with a new PVGIS release
    kinds: [{ id: 'yield_cell', description: 'Grid cell of annual PV yield' }],
    attributes: [
      { name: 'yield_kwh_kwp', type: 'number', unit: 'kWh/kWp', required: true, description: 'Annual yield of a crystalline-silicon system at optimal tilt' },
      { name: 'irradiation_kwh_sqm', type: 'number', unit: 'kWh/m2', description: 'Annual in-plane irradiation at optimal tilt' },
      { name: 'optimal_tilt_deg', type: 'number', unit: 'deg', description: 'Optimal module tilt' },
      { name: 'cell_size_m', type: 'number', unit: 'm', description: 'Edge length of the grid cell' },
    ],
  },
  {
    id: 'oze_installations',
    name: 'Renewable-energy installations',
    category: 'energy',
    geometryType: 'Point',
    source: `URE registers (generation licences, small installations, agricultural biogas producers); ${OSM}`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, URE registers and OSM change continuously; monthly like other OSM layers
    kinds: [
      { id: 'solar', description: 'Solar PV farm' },
      { id: 'wind', description: 'Wind farm or single turbine' },
      { id: 'biogas', description: 'Biogas or biomethane plant' },
      { id: 'hydro', description: 'Hydro power plant' },
      { id: 'biomass', description: 'Biomass power plant' },
    ],
    attributes: [
      nameAttr('Installation name'),
      { name: 'capacity_mw', type: 'number', unit: 'MW', description: 'Installed electrical capacity' },
      { name: 'turbine_count', type: 'integer', description: 'Number of turbines (wind only)' },
      { name: 'commissioned_on', type: 'date', description: 'Commissioning date' },
      { name: 'licence_number', type: 'string', description: 'URE licence or register entry' },
      operatorAttr,
      osmId,
    ],
  },
  {
    id: 'wind_exclusion',
    name: 'Wind-turbine statutory setback zones',
    category: 'energy',
    geometryType: 'Polygon',
    source:
      'Derived in-house from buildings (EGiB / BDOT10k, GUGiK) and GDOŚ protected areas under the Act of 20 May 2016 on wind power investments (as amended in 2023)',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'quarterly', // cadence: chosen, derived from buildings, which refresh quarterly
    kinds: [
      { id: 'residential_setback', description: 'Setback around residential buildings (at least 700 m)' },
      { id: 'national_park_setback', description: 'Setback around national parks (10H)' },
      { id: 'nature_reserve_setback', description: 'Setback around nature reserves (500 m)' },
      { id: 'power_line_setback', description: 'Setback from extra-high-voltage lines' },
    ],
    kindGroups: {
      wind_setback: ['residential_setback', 'national_park_setback', 'nature_reserve_setback', 'power_line_setback'],
    },
    attributes: [
      { name: 'setback_m', type: 'number', unit: 'm', required: true, description: 'Setback distance applied' },
      { name: 'legal_basis', type: 'string', description: 'Provision of the act the setback comes from' },
    ],
  },
  {
    id: 'data_centers',
    name: 'Data centres',
    category: 'energy',
    geometryType: 'Point',
    source: `${OSM} (telecom=data_center); operators' public disclosures`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // OSM-derived
    kinds: [
      { id: 'colocation', description: 'Colocation data centre' },
      { id: 'hyperscale', description: 'Hyperscale / cloud data centre' },
      { id: 'enterprise', description: 'Enterprise or government data centre' },
    ],
    attributes: [
      nameAttr('Facility name'),
      operatorAttr,
      { name: 'it_power_mw', type: 'number', unit: 'MW', description: 'Contracted or announced IT power' },
      osmId,
    ],
  },
  {
    id: 'ev_chargers',
    name: 'EV charging stations',
    category: 'energy',
    geometryType: 'Point',
    source: `EIPA, register of alternative-fuel infrastructure, UDT; ${OSM}`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, like the OSM-derived layers
    kinds: [
      { id: 'ac', description: 'AC charging station' },
      { id: 'dc_fast', description: 'DC fast charging station (below 150 kW)' },
      { id: 'hpc', description: 'High-power charging station (150 kW and more)' },
    ],
    attributes: [
      operatorAttr,
      { name: 'max_power_kw', type: 'number', unit: 'kW', description: 'Maximum charging power' },
      { name: 'charging_points', type: 'integer', description: 'Number of charging points' },
      { name: 'connectors', type: 'string', description: 'Connector types, comma-separated (Type2, CCS, CHAdeMO)' },
      { name: 'public_access', type: 'boolean', description: 'Publicly accessible' },
      osmId,
    ],
  },

  // ------------------------------------------------------------ Transport and infrastructure
  {
    id: 'roads',
    name: 'Classified roads',
    category: 'transport',
    geometryType: 'LineString',
    source: `BDOT10k, GUGiK; GDDKiA national road network; ${OSM}`,
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'quarterly',
    kinds: [
      { id: 'motorway', description: 'Motorway (A)' },
      { id: 'expressway', description: 'Expressway (S)' },
      { id: 'trunk', description: 'Main accelerated traffic road (GP)' },
      { id: 'main', description: 'Main road (G)' },
      { id: 'collective', description: 'Collective road (Z)' },
      { id: 'local', description: 'Local road (L)' },
      { id: 'access', description: 'Access road (D)' },
      { id: 'internal', description: 'Internal road (droga wewnętrzna), not a public road' },
    ],
    attributes: [
      { name: 'road_number', type: 'string', description: 'Road number (A2, S7, DK92, DW430, ...)' },
      nameAttr('Street name'),
      { name: 'road_category', type: 'string', description: 'Public road category by manager: national, voivodeship, powiat, gmina' },
      { name: 'lanes', type: 'integer', description: 'Number of lanes' },
      { name: 'surface', type: 'string', description: 'paved or unpaved' },
      { name: 'max_speed_kmh', type: 'integer', unit: 'km/h', description: 'Speed limit' },
    ],
  },
  {
    id: 'transport_stops',
    name: 'Public transport stops',
    category: 'transport',
    geometryType: 'Point',
    source: `PLRailMap (CC0) and PKP PLK for railway stations; GTFS feeds of public transport operators; ${OSM}`,
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly', // open map data and GTFS-derived
    kinds: [
      { id: 'bus', description: 'Bus stop' },
      { id: 'tram', description: 'Tram stop' },
      { id: 'rail', description: 'Railway station or halt' },
      { id: 'metro', description: 'Metro station (Warsaw)' },
    ],
    attributes: [
      nameAttr('Stop name'),
      operatorAttr,
      { name: 'routes', type: 'string', description: 'Routes or lines serving the stop, comma-separated' },
      { name: 'departures_per_day', type: 'integer', description: 'Scheduled departures on a working day (from GTFS)' },
      { name: 'plk_ref', type: 'string', description: 'PKP PLK station reference (rail only)' },
      { name: 'wheelchair', type: 'boolean', description: 'Wheelchair accessible' },
    ],
  },
  {
    id: 'planned_roads',
    name: 'Planned roads',
    category: 'transport',
    geometryType: 'LineString',
    source: `GDDKiA (Government Programme for National Road Construction); voivodeship road authorities; ${OSM} (construction=*)`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, programme updates and construction progress
    kinds: [
      { id: 'motorway', description: 'Planned motorway' },
      { id: 'expressway', description: 'Planned expressway' },
      { id: 'national_road', description: 'Planned national road or bypass' },
      { id: 'voivodeship_road', description: 'Planned voivodeship road' },
      { id: 'local_road', description: 'Planned powiat or gmina road' },
    ],
    attributes: [
      { name: 'road_number', type: 'string', description: 'Road number (e.g. S19)' },
      nameAttr('Section name'),
      { name: 'status', type: 'string', required: true, description: 'planned, design, tender, under_construction' },
      { name: 'expected_completion_year', type: 'integer', description: 'Expected year of opening' },
      { name: 'programme', type: 'string', description: 'Funding programme' },
    ],
  },
  {
    id: 'planned_railways',
    name: 'Planned railways',
    category: 'transport',
    geometryType: 'LineString',
    source: 'PKP PLK (National Railway Programme); CPK railway programme',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, same as planned_roads
    kinds: [
      { id: 'high_speed_line', description: 'New high-speed line' },
      { id: 'new_line', description: 'New conventional line' },
      { id: 'line_upgrade', description: 'Upgrade or reactivation of an existing line' },
    ],
    attributes: [
      { name: 'line_number', type: 'string', description: 'PKP PLK line number' },
      nameAttr('Project name'),
      { name: 'status', type: 'string', required: true, description: 'planned, design, tender, under_construction' },
      { name: 'design_speed_kmh', type: 'integer', unit: 'km/h', description: 'Design speed' },
      { name: 'expected_completion_year', type: 'integer', description: 'Expected year of opening' },
    ],
  },
  {
    id: 'cpk',
    name: 'CPK airport and rail programme',
    category: 'transport',
    geometryType: 'Polygon',
    source: 'Centralny Port Komunikacyjny (CPK): published airport site, rail corridors and location decisions',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen
    kinds: [
      { id: 'airport_zone', description: 'Airport site and its investment area' },
      { id: 'rail_corridor', description: 'Rail corridor (variant or selected alignment, as a buffer polygon)' },
      { id: 'station_site', description: 'Planned station site' },
      { id: 'location_decision_area', description: 'Area under a strategic-investment location decision' },
    ],
    attributes: [
      nameAttr('Component name'),
      { name: 'status', type: 'string', description: 'variant, selected, location_decision, under_construction' },
      { name: 'corridor_width_m', type: 'number', unit: 'm', description: 'Corridor width (corridors only)' },
      { name: 'decision_reference', type: 'string', description: 'Reference of the location decision' },
    ],
  },
  {
    id: 'waterways',
    name: 'Rivers, canals and water bodies',
    category: 'transport',
    geometryType: 'LineString',
    source: `MPHP hydrographic map of Poland, Wody Polskie; BDOT10k, GUGiK; ${OSM}`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // open map data derived
    kinds: [
      { id: 'river', description: 'River' },
      { id: 'stream', description: 'Stream' },
      { id: 'canal', description: 'Canal' },
      { id: 'drainage_ditch', description: 'Drainage ditch' },
      { id: 'lake', description: 'Lake, as its shoreline' },
      { id: 'reservoir', description: 'Reservoir or pond, as its shoreline' },
    ],
    attributes: [
      nameAttr(),
      { name: 'mphp_id', type: 'string', description: 'MPHP watercourse identifier' },
      { name: 'water_body_code', type: 'string', description: 'Surface water body code (JCWP)' },
      { name: 'navigable', type: 'boolean', description: 'Navigable waterway' },
    ],
  },
  {
    id: 'hydrants',
    name: 'Fire hydrants and water tanks',
    category: 'transport',
    geometryType: 'Point',
    source: `${OSM} (emergency=fire_hydrant, water_tank); water utilities' hydrant registers`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // OSM-derived
    kinds: [
      { id: 'pillar_hydrant', description: 'Above-ground hydrant' },
      { id: 'underground_hydrant', description: 'Underground hydrant' },
      { id: 'water_tank', description: 'Fire water tank' },
      { id: 'suction_point', description: 'Suction point on open water' },
    ],
    attributes: [
      { name: 'diameter_mm', type: 'integer', unit: 'mm', description: 'Nominal diameter' },
      { name: 'flow_lps', type: 'number', unit: 'l/s', description: 'Rated flow' },
      { name: 'volume_m3', type: 'number', unit: 'm3', description: 'Tank volume (tanks only)' },
      operatorAttr,
      osmId,
    ],
  },
  {
    id: 'industrial_areas',
    name: 'Industrial and storage areas',
    category: 'transport',
    geometryType: 'Polygon',
    source: `${OSM} (landuse=industrial); BDOT10k industrial and storage complexes, GUGiK; PAIH investment-site offers`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // OSM-derived
    kinds: [
      { id: 'industrial_land', description: 'Industrial land' },
      { id: 'storage_land', description: 'Storage and logistics land' },
      { id: 'industrial_park', description: 'Industrial park' },
      { id: 'technology_park', description: 'Science and technology park' },
    ],
    attributes: [
      nameAttr(),
      operatorAttr,
      areaSqm(),
      { name: 'available_area_sqm', type: 'number', unit: 'm2', description: 'Area still offered to investors (parks only)' },
      { name: 'rail_siding', type: 'boolean', description: 'Has a rail siding' },
      osmId,
    ],
  },

  // ---------------------------------------------------------------- Buildings and services
  {
    id: 'buildings',
    name: 'Buildings',
    category: 'buildings',
    geometryType: 'Polygon',
    source: 'EGiB buildings via the national cadastre services (KIEG), GUGiK; BDOT10k, GUGiK',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'quarterly',
    kinds: [
      { id: 'single_family', description: 'Single-family house' },
      { id: 'multi_family', description: 'Multi-family residential building' },
      { id: 'commercial', description: 'Retail and service building' },
      { id: 'office', description: 'Office building' },
      { id: 'industrial', description: 'Industrial building' },
      { id: 'warehouse', description: 'Warehouse or storage building' },
      { id: 'agricultural', description: 'Farm building' },
      { id: 'public', description: 'Public building (education, health, administration, culture)' },
      { id: 'garage', description: 'Garage' },
      { id: 'other', description: 'Other building' },
    ],
    attributes: [
      { name: 'building_id', type: 'string', description: 'EGiB building id' },
      { name: 'function', type: 'string', required: true, description: 'Main function by the building classification (KŚOB)' },
      { name: 'floors', type: 'integer', unit: 'floors', required: true, description: 'Above-ground storeys' },
      { name: 'floors_underground', type: 'integer', unit: 'floors', description: 'Underground storeys' },
      { name: 'height_m', type: 'number', unit: 'm', description: 'Height' },
      areaSqm('Footprint area'),
      { name: 'built_year', type: 'integer', description: 'Year of completion' },
      { name: 'status', type: 'string', description: 'existing or under_construction' },
    ],
  },
  {
    id: 'services_poi',
    name: 'Services and points of interest',
    category: 'buildings',
    geometryType: 'Point',
    source: `RSPO register of schools and educational institutions, Ministry of Education; RPWDL register of healthcare providers; ${OSM}`,
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // OSM-derived
    kinds: [
      { id: 'school', description: 'Primary or secondary school' },
      { id: 'kindergarten', description: 'Kindergarten' },
      { id: 'nursery', description: 'Nursery (żłobek)' },
      { id: 'university', description: 'University or college' },
      { id: 'clinic', description: 'Outpatient clinic' },
      { id: 'hospital', description: 'Hospital' },
      { id: 'pharmacy', description: 'Pharmacy' },
      { id: 'shop', description: 'Shop or convenience store' },
      { id: 'supermarket', description: 'Supermarket' },
      { id: 'post_office', description: 'Post office' },
      { id: 'bank', description: 'Bank' },
      { id: 'fire_station', description: 'Fire station' },
      { id: 'police', description: 'Police station' },
      { id: 'library', description: 'Library' },
      { id: 'sports_centre', description: 'Sports centre' },
    ],
    attributes: [
      nameAttr(),
      operatorAttr,
      { name: 'public', type: 'boolean', description: 'Publicly run' },
      { name: 'register_id', type: 'string', description: 'Register id (RSPO for schools, RPWDL for healthcare)' },
      osmId,
    ],
  },
  {
    id: 'heritage_sites',
    name: 'Registered monuments',
    category: 'buildings',
    geometryType: 'Polygon',
    source: 'NID (National Heritage Board of Poland) register of monuments',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, register entries change slowly but constraints must stay current
    kinds: [
      { id: 'registered_monument', description: 'Immovable monument in the register (A), as its protected footprint' },
      { id: 'archaeological_site', description: 'Archaeological monument in the register (C)' },
      { id: 'historic_urban_layout', description: 'Registered historic urban or rural layout' },
      { id: 'historic_park', description: 'Registered historic park or garden' },
      { id: 'cultural_park', description: 'Cultural park' },
      { id: 'monument_of_history', description: 'Monument of history (pomnik historii)' },
      { id: 'world_heritage_site', description: 'UNESCO World Heritage site' },
    ],
    attributes: [
      nameAttr(),
      { name: 'register_number', type: 'string', description: 'Register entry number (e.g. A-123)' },
      { name: 'inscribed_on', type: 'date', description: 'Date of entry into the register' },
      { name: 'dating', type: 'string', description: 'Period of origin' },
    ],
  },

  // ----------------------------------------------------------------------------------- Terrain
  {
    id: 'terrain_stats',
    name: 'Terrain statistics per parcel',
    category: 'terrain',
    geometryType: 'Polygon',
    source: 'Derived in-house from the national elevation model NMT (airborne LiDAR), GUGiK',
    coverage: 'partial', // spec Limits: rolling out powiat by powiat
    servedVia: ['api'],
    cadence: 'quarterly',
    kinds: [{ id: 'parcel_terrain', description: 'Elevation and slope statistics over one parcel' }],
    attributes: [
      { name: 'parcel_id', type: 'string', required: true, description: 'EGiB parcel id' },
      { name: 'elevation_min_m', type: 'number', unit: 'm', required: true, description: 'Minimum elevation above sea level' },
      { name: 'elevation_max_m', type: 'number', unit: 'm', required: true, description: 'Maximum elevation above sea level' },
      { name: 'elevation_mean_m', type: 'number', unit: 'm', description: 'Mean elevation above sea level' },
      { name: 'slope_mean_pct', type: 'number', unit: '%', required: true, description: 'Mean slope' },
      { name: 'slope_p90_pct', type: 'number', unit: '%', required: true, description: '90th percentile of slope' },
      { name: 'aspect', type: 'string', required: true, description: 'Dominant aspect: N, NE, E, SE, S, SW, W, NW or flat' },
      { name: 'dem_resolution_m', type: 'number', unit: 'm', description: 'Resolution of the elevation model used' },
      { name: 'slope_max_pct', type: 'number', unit: '%', description: 'Steepest pixel of the parcel' },
      { name: 'south_facing_share', type: 'number', description: 'Share of the parcel facing south (aspect 135°–225°, slopes from 1 %), 0–1' },
      { name: 'steep_share', type: 'number', description: 'Share of the parcel steeper than steep_limit_pct, 0–1' },
      { name: 'steep_limit_pct', type: 'number', unit: '%', description: "The slope limit of steep_share: the scenarios' largest slope" },
    ],
  },
  {
    id: 'contours',
    name: 'Contour lines (5 m)',
    category: 'terrain',
    geometryType: 'LineString',
    source: 'Derived in-house from the national elevation model NMT (airborne LiDAR), GUGiK',
    coverage: 'national',
    servedVia: ['tiles'],
    cadence: 'quarterly',
    kinds: [
      { id: 'index_contour', description: 'Index contour, every 25 m' },
      { id: 'intermediate_contour', description: 'Intermediate contour, every 5 m' },
    ],
    attributes: [
      { name: 'elevation_m', type: 'number', unit: 'm', required: true, description: 'Elevation above sea level' },
      { name: 'interval_m', type: 'number', unit: 'm', description: 'Contour interval' },
    ],
  },
  {
    id: 'terrain_hillshade',
    name: 'Shaded relief',
    category: 'terrain',
    geometryType: 'Raster',
    // Served as PNG tiles drawn by layer-svc (apps/layer-svc/src/raster), not proxied: GUGiK's own shaded relief WMS is the national reference.
    source: 'Drawn with GDAL (gdalwarp, gdaldem hillshade) from the elevation model (NMT) that terrain_stats and contours are computed from; reference: GUGiK shaded relief of the elevation model (NMT), Geoportal.gov.pl WMS',
    coverage: 'national',
    servedVia: ['wms'],
    cadence: 'quarterly',
    kinds: [{ id: 'hillshade', description: 'Shaded relief raster (features are map-sheet footprints)' }],
    attributes: [{ name: 'wms_url', type: 'string', description: 'WMS GetMap endpoint serving the sheet' }],
  },
  {
    id: 'ortho',
    name: 'Orthophotomap',
    category: 'terrain',
    geometryType: 'Raster',
    source: 'GUGiK orthophotomap, Geoportal.gov.pl WMS',
    coverage: 'national',
    servedVia: ['wms'],
    cadence: 'quarterly', // cadence: chosen, like terrain (new flights are published in campaigns)
    kinds: [
      { id: 'orthophoto_rgb', description: 'Standard colour orthophoto' },
      { id: 'orthophoto_cir', description: 'Colour-infrared orthophoto' },
    ],
    attributes: [
      { name: 'acquired_on', type: 'date', description: 'Flight date of the sheet' },
      { name: 'pixel_size_m', type: 'number', unit: 'm', description: 'Ground pixel size' },
      { name: 'wms_url', type: 'string', description: 'WMS GetMap endpoint serving the sheet' },
    ],
  },

  // -------------------------------------------------------------------------- Risk and airspace
  {
    id: 'mining_areas',
    name: 'Mining areas and terrains',
    category: 'risk',
    geometryType: 'Polygon',
    source: 'MIDAS database of mineral deposits and mining areas, PIG-PIB',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly', // cadence: chosen, licences change a few times a month nationally
    kinds: [
      { id: 'mining_area', description: 'Mining area (obszar górniczy)' },
      { id: 'mining_terrain', description: 'Mining terrain (teren górniczy), where mining effects are expected' },
      { id: 'mineral_deposit', description: 'Documented mineral deposit' },
    ],
    kindGroups: { mining: ['mining_area', 'mining_terrain'] },
    attributes: [
      nameAttr(),
      { name: 'mineral', type: 'string', description: 'Mineral extracted or documented' },
      { name: 'licence_holder', type: 'string', description: 'Holder of the mining licence' },
      { name: 'licence_valid_until', type: 'date', description: 'Expiry of the licence' },
      { name: 'midas_id', type: 'string', description: 'MIDAS identifier' },
    ],
  },
  {
    id: 'aviation_obstacles',
    name: 'Aviation obstacle limitation surfaces and obstacles',
    category: 'risk',
    geometryType: 'Polygon',
    source: 'PAŻP (Polish Air Navigation Services Agency): AIP Poland and eTOD obstacle data; ULC aerodrome obstacle limitation surfaces',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly', // cadence: chosen, follows the 28-day AIRAC cycle
    kinds: [
      { id: 'approach_surface', description: 'Approach surface' },
      { id: 'take_off_climb_surface', description: 'Take-off climb surface' },
      { id: 'transitional_surface', description: 'Transitional surface' },
      { id: 'inner_horizontal_surface', description: 'Inner horizontal surface' },
      { id: 'conical_surface', description: 'Conical surface' },
      { id: 'outer_horizontal_surface', description: 'Outer horizontal surface' },
      { id: 'registered_obstacle', description: 'Obstacle of the national obstacle register, as its footprint' },
    ],
    kindGroups: {
      obstacle_surface: [
        'approach_surface',
        'take_off_climb_surface',
        'transitional_surface',
        'inner_horizontal_surface',
        'conical_surface',
        'outer_horizontal_surface',
      ],
    },
    attributes: [
      { name: 'aerodrome_icao', type: 'string', description: 'ICAO code of the aerodrome (surfaces only), e.g. EPWA' },
      { name: 'surface_elevation_m', type: 'number', unit: 'm', description: 'Lowest elevation of the surface above sea level' },
      { name: 'max_height_m', type: 'number', unit: 'm', description: 'Lowest permitted structure height above ground under the surface' },
      { name: 'obstacle_height_m', type: 'number', unit: 'm', description: 'Height of a registered obstacle above ground' },
      { name: 'obstacle_type', type: 'string', description: 'Type of registered obstacle (mast, chimney, wind turbine, building)' },
      { name: 'lighted', type: 'boolean', description: 'Obstacle is lit' },
    ],
  },
  {
    id: 'airspace',
    name: 'Airspace structure',
    category: 'risk',
    geometryType: 'Polygon',
    source: 'PAŻP: AIP Poland and the daily airspace use plan (AUP/UUP)',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'daily',
    kinds: [
      { id: 'ctr', description: 'Control zone (CTR)' },
      { id: 'mctr', description: 'Military control zone (MCTR)' },
      { id: 'tma', description: 'Terminal control area (TMA)' },
      { id: 'atz', description: 'Aerodrome traffic zone (ATZ)' },
      { id: 'prohibited_area', description: 'Prohibited area (P)' },
      { id: 'restricted_area', description: 'Restricted area (R)' },
      { id: 'danger_area', description: 'Danger area (D)' },
      { id: 'temporary_segregated_area', description: 'Temporary segregated area (TSA)' },
      { id: 'temporary_reserved_area', description: 'Temporary reserved area (TRA)' },
    ],
    attributes: [
      { name: 'designator', type: 'string', required: true, description: 'Airspace designator (e.g. EPR1, EPTS01)' },
      nameAttr(),
      { name: 'lower_limit_m', type: 'number', unit: 'm', description: 'Lower limit above sea level' },
      { name: 'upper_limit_m', type: 'number', unit: 'm', description: 'Upper limit above sea level' },
      { name: 'active_from', type: 'date', description: 'Start of activation (temporary areas)' },
      { name: 'active_until', type: 'date', description: 'End of activation (temporary areas)' },
    ],
  },

  // ------------------------------------------------------------------------- Market and society
  {
    id: 'transactions',
    name: 'Notarised transactions',
    category: 'market',
    geometryType: 'Point',
    source: 'RCiWN (register of prices and values of real estate), powiat surveying offices via GUGiK',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'weekly',
    kinds: [
      { id: 'land', description: 'Land (undeveloped parcel)' },
      { id: 'building', description: 'Built-up property or building' },
      { id: 'apartment', description: 'Apartment (separate premises)' },
    ],
    attributes: [
      { name: 'date', type: 'date', required: true, description: 'Date of the notarial deed' },
      { name: 'property_type', type: 'string', required: true, description: 'land, building or apartment' },
      { name: 'price_pln', type: 'number', unit: 'PLN', required: true, description: 'Transaction price' },
      { name: 'area_sqm', type: 'number', unit: 'm2', required: true, description: 'Area of the land or usable floor area' },
      { name: 'price_per_sqm_pln', type: 'number', unit: 'PLN/m2', required: true, description: 'Price per square metre' },
      { name: 'parcel_id', type: 'string', description: 'EGiB id of the (main) parcel' },
      { name: 'land_type', type: 'string', description: 'Land only: what the land was sold as, from the designation the register records: agricultural, building or other' },
      { ...teryt('gmina (7 digits)'), required: true },
    ],
  },
  {
    id: 'lokale',
    name: 'Apartment sales',
    category: 'market',
    geometryType: 'Point',
    source: 'RCiWN (register of prices and values of real estate), powiat surveying offices via GUGiK',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'weekly', // cadence: chosen, same register and cadence as transactions
    kinds: [
      { id: 'primary_market', description: 'Sale by a developer' },
      { id: 'secondary_market', description: 'Resale' },
    ],
    attributes: [
      { name: 'date', type: 'date', required: true, description: 'Date of the notarial deed' },
      { name: 'price_pln', type: 'number', unit: 'PLN', required: true, description: 'Transaction price' },
      { name: 'area_sqm', type: 'number', unit: 'm2', required: true, description: 'Usable floor area' },
      { name: 'price_per_sqm_pln', type: 'number', unit: 'PLN/m2', required: true, description: 'Price per square metre' },
      { name: 'floor', type: 'integer', description: 'Floor of the apartment (0 = ground floor)' },
      { name: 'rooms', type: 'integer', description: 'Number of rooms' },
      { name: 'market', type: 'string', description: 'primary or secondary' },
      { ...teryt('gmina (7 digits)'), required: true },
    ],
  },
  {
    id: 'prices',
    name: 'Residential price medians per city',
    category: 'market',
    geometryType: 'Point',
    source: 'GUS (prices of residential premises); medians computed in-house from RCiWN transactions',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, medians recomputed monthly from the weekly transactions
    kinds: [
      { id: 'primary_market', description: 'Median of primary-market sales' },
      { id: 'secondary_market', description: 'Median of secondary-market sales' },
    ],
    attributes: [
      { name: 'city', type: 'string', required: true, description: 'City name' },
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'period', type: 'string', required: true, description: 'Period of the median, e.g. 2025-Q3' },
      { name: 'median_price_per_sqm_pln', type: 'number', unit: 'PLN/m2', required: true, description: 'Median price per square metre' },
      { name: 'sample_size', type: 'integer', description: 'Number of transactions behind the median' },
    ],
  },
  {
    id: 'offer_prices',
    name: 'Developer offer prices per gmina',
    category: 'market',
    geometryType: 'Polygon',
    source: "Developers' statutory price disclosures published on dane.gov.pl",
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen, aggregated monthly from daily disclosures
    kinds: [
      { id: 'apartment_offer', description: 'Apartments offered by developers' },
      { id: 'house_offer', description: 'Houses offered by developers' },
    ],
    attributes: [
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'period', type: 'string', required: true, description: 'Month of the aggregate, e.g. 2025-09' },
      { name: 'median_offer_price_per_sqm_pln', type: 'number', unit: 'PLN/m2', required: true, description: 'Median offer price per square metre' },
      { name: 'offers', type: 'integer', description: 'Number of units offered' },
      { name: 'developers', type: 'integer', description: 'Number of developers publishing offers' },
    ],
  },
  {
    id: 'epc',
    name: 'Energy-performance certificates',
    category: 'market',
    geometryType: 'Point',
    source: 'Central register of energy performance certificates of buildings, Ministry of Development and Technology',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen
    kinds: [
      { id: 'single_family_house', description: 'Certificate for a single-family house' },
      { id: 'multi_family_building', description: 'Certificate for a multi-family building' },
      { id: 'apartment', description: 'Certificate for an apartment' },
      { id: 'non_residential', description: 'Certificate for a non-residential building or part' },
    ],
    attributes: [
      { name: 'certificate_number', type: 'string', required: true, description: 'Certificate number' },
      { name: 'issued_on', type: 'date', required: true, description: 'Issue date' },
      { name: 'valid_until', type: 'date', description: 'Expiry date' },
      { name: 'primary_energy_kwh_sqm_year', type: 'number', unit: 'kWh/(m2·year)', description: 'Primary energy demand indicator EP' },
      { name: 'final_energy_kwh_sqm_year', type: 'number', unit: 'kWh/(m2·year)', description: 'Final energy demand indicator EK' },
      { name: 'co2_t_year', type: 'number', unit: 't/year', description: 'CO2 emissions' },
    ],
  },
  {
    id: 'demographics',
    name: 'Population and density',
    category: 'market',
    geometryType: 'Polygon',
    source: 'GUS BDL (Local Data Bank); GUS 2021 census population grid',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'quarterly', // cadence: chosen, GUS publishes yearly; quarterly picks up releases
    kinds: [
      { id: 'gmina_stats', description: 'Population of a gmina' },
      { id: 'grid_cell_1km', description: '1 km census grid cell' },
    ],
    attributes: [
      { ...teryt('gmina (7 digits)') },
      { name: 'year', type: 'integer', required: true, description: 'Reference year' },
      { name: 'population', type: 'integer', required: true, description: 'Resident population' },
      { name: 'density_per_sqkm', type: 'number', unit: 'persons/km2', description: 'Population density' },
      { name: 'population_change_pct', type: 'number', unit: '%', description: 'Change over five years' },
    ],
  },
  {
    id: 'kowr_land',
    name: 'State agricultural land stock',
    category: 'market',
    geometryType: 'Polygon',
    source: 'KOWR (National Support Centre for Agriculture), Agricultural Property Stock of the State Treasury',
    coverage: 'national',
    servedVia: ['api', 'tiles'],
    cadence: 'monthly', // cadence: chosen, offers (tenders) are published continuously
    kinds: [
      { id: 'in_stock', description: 'In the stock, not leased' },
      { id: 'leased', description: 'Leased out' },
      { id: 'offered_for_sale', description: 'Offered for sale in a tender' },
      { id: 'offered_for_lease', description: 'Offered for lease in a tender' },
    ],
    attributes: [
      { name: 'parcel_id', type: 'string', description: 'EGiB parcel id' },
      { ...teryt('gmina (7 digits)') },
      areaSqm(),
      { name: 'offer_deadline', type: 'date', description: 'Tender deadline (offers only)' },
      { name: 'asking_price_pln', type: 'number', unit: 'PLN', description: 'Starting price (sale offers only)' },
    ],
  },
  {
    id: 'protests',
    name: 'Local opposition to renewable projects',
    category: 'market',
    geometryType: 'Polygon',
    source: 'Gmina council resolutions (BIP), public petitions and regional media, curated in-house',
    coverage: 'national',
    servedVia: ['api'],
    cadence: 'monthly', // cadence: chosen
    kinds: [
      { id: 'council_resolution', description: 'Council resolution against a project type' },
      { id: 'petition', description: 'Petition or protest' },
      { id: 'referendum', description: 'Local referendum or consultation' },
      { id: 'legal_challenge', description: 'Appeal or court challenge against a project' },
      { id: 'media_report', description: 'Reported local opposition' },
    ],
    attributes: [
      { ...teryt('gmina (7 digits)'), required: true },
      { name: 'project_type', type: 'string', description: 'wind, solar, biogas, other' },
      { name: 'reported_on', type: 'date', required: true, description: 'Date of the signal' },
      { name: 'title', type: 'string', description: 'Short description' },
      { name: 'reference_url', type: 'string', description: 'Where the signal was reported (article, resolution, petition page)' },
    ],
  },
];

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

export const LAYER_CATALOGUE: readonly LayerDefinition[] = deepFreeze(CATALOGUE);

export const LAYER_IDS: readonly string[] = Object.freeze(LAYER_CATALOGUE.map((l) => l.id));

const BY_ID: ReadonlyMap<string, LayerDefinition> = new Map(LAYER_CATALOGUE.map((l) => [l.id, l]));

/**
 * Polygon and line layers are also published cut into small pieces, as `layer_pub.<layer>_subdivided`
 * (fid, kind, geom): spatial joins and distances then touch few vertices, not a long river's
 * thousands. Parcels and terrain_stats
 * (one small polygon per parcel) are not, nor contours (read only as tiles). A distance to the pieces
 * equals the distance to the whole to within 1e-10 m (cutting a segment adds a vertex on it).
 */
export function hasSubdividedView(layer: LayerDefinition): boolean {
  if (layer.geometryType === 'LineString') return layer.id !== 'contours';
  return layer.geometryType === 'Polygon' && layer.id !== 'parcels' && layer.id !== 'terrain_stats';
}

/**
 * The most vertices a piece of `_subdivided` has (ST_Subdivide's max_vertices): smaller pieces made
 * joins and distances faster on the demo, lines most of all (docs/performance.md).
 */
export function subdividedMaxVertices(layer: LayerDefinition): number {
  return layer.geometryType === 'LineString' ? 32 : 64;
}

export function findLayer(id: string): LayerDefinition | undefined {
  return BY_ID.get(id);
}

/**
 * Expands kind ids and kind-group names of a layer into kind ids (order kept, no duplicates).
 * Unknown names are returned as given so the caller can report them.
 * `expandKinds('env_layers', ['natura2000', 'flood_risk_1pct'])`
 *   -> ['natura2000_habitat', 'natura2000_birds', 'flood_risk_1pct']
 */
export function expandKinds(layerId: string, kinds: readonly string[]): string[] {
  const groups = findLayer(layerId)?.kindGroups ?? {};
  const out: string[] = [];
  for (const k of kinds) {
    for (const id of groups[k] ?? [k]) if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** True when the name is a kind or a kind group of the layer. */
export function isKnownKind(layerId: string, kind: string): boolean {
  const layer = findLayer(layerId);
  if (!layer) return false;
  return layer.kinds.some((k) => k.id === kind) || (layer.kindGroups !== undefined && kind in layer.kindGroups);
}
