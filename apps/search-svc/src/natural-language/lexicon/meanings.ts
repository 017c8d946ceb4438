import type { OwnerKind } from '@lp/contracts';

/**
 * What a recognised phrase means. The lexicon maps phrases of both languages to these; the
 * criteria reader combines them with quantities (numbers with units) into search criteria.
 */

/** The boundary a distance from a place is measured to: an administrative unit of admin_bounds. */
export interface BoundaryAnchor {
  teryt: string;
  name: string;
  unitType: string;
  /** A gmina with villages (urban-rural or rural: Kórnik, Dywity): its whole area is measured, we hold no outline of the town or village it is named after. */
  wholeGmina: boolean;
}

/** Things a parcel can be near (or kept away from), each searched through one layer. */
export type TargetId =
  /** A distance from a named place ("20 km od Poznania"): measured to the unit's boundary. */
  | 'place'
  | 'substation'
  | 'grid_capacity'
  | 'transit'
  | 'school'
  | 'kindergarten'
  | 'nursery'
  | 'shop'
  | 'supermarket'
  | 'clinic'
  | 'hospital'
  | 'pharmacy'
  | 'water'
  | 'river'
  | 'lake'
  | 'canal'
  | 'reservoir'
  | 'motorway'
  | 'expressway'
  | 'fast_road'
  | 'national_road'
  | 'voivodeship_road'
  | 'road_access'
  | 'planned_road'
  | 'ev_charger'
  | 'fire_station'
  /** Existing installations: an asset type measured from or after a near / away cue. */
  | 'wind_installation'
  | 'solar_installation'
  | 'biogas_installation'
  | 'data_center'
  | 'warehouse_building'
  /** Homes that stand (single- and multi-family buildings): a wind or biogas setback, a BESS fire distance. */
  | 'residential_building'
  /** A PV yield the parcel's grid cell must reach ("co najmniej 1100 kWh/kWp"). */
  | 'solar_yield'
  | 'police'
  | 'power_line'
  | 'forest'
  | 'natura2000'
  | 'protected_nature'
  | 'landscape_park'
  | 'national_park'
  | 'nature_reserve'
  | 'flood_zone'
  | 'heritage'
  | 'mining'
  | 'state_land';

export type FeatureId =
  | 'flat'
  | 'vacant'
  | 'built'
  | 'buildable'
  | 'residential'
  | 'commercial'
  | 'services'
  | 'industrial'
  | 'agricultural'
  | 'local_plan'
  | 'cheap'
  | 'large'
  /** Words that say a percentage is a slope: nachylenie, spadek, slope, gradient. */
  | 'slope_word'
  /** A site may be several neighbouring parcels: "w kilku działkach", "several plots allowed". */
  | 'assembly';

export type CueId =
  /** blisko, koło, w pobliżu, near, close to: the next target is a proximity criterion. */
  | 'near'
  /** bez, poza, z dala od, outside, without, no: the next target is an exclusion. */
  | 'negate'
  /** na terenie, w obrębie, inside, within the bounds of: the parcel lies on the next target (0 m). */
  | 'inside';

/** Recognised, but no filter of the search can express it (utilities, price limits, ...). */
export type UnsupportedId = 'utilities' | 'no_local_plan' | 'building_conditions' | 'view' | 'fenced' | 'fuel_station';

export type Meaning =
  | { type: 'asset'; scenario: string }
  | {
      type: 'target';
      target: TargetId;
      kinds?: readonly string[];
      transitKinds?: readonly string[];
      bareStation?: boolean;
      voltageKv?: number;
      negated?: boolean;
      /** "przyłącze do sieci", "grid connection": grid capacity for an energy asset, the MV network otherwise. */
      gridWord?: boolean;
      /** A named feature ("stacja Kromolice"): the distance is measured from these features of the layer only. */
      anchor?: NamedAnchor;
    }
  | { type: 'feature'; feature: FeatureId }
  /** Who owns the parcel, as people say it ("prywatna", "grunty gminne", "State Treasury"): a set of EGiB registration groups. */
  | { type: 'owner'; owner: OwnerKind }
  | { type: 'cue'; cue: CueId }
  /** SN, WN, "średniego napięcia", "high voltage": qualifies a substation or a line. */
  | { type: 'voltage'; kv: number; level: 'mv' | 'hv' | 'ehv' }
  | { type: 'country' }
  | { type: 'count_noun' }
  | { type: 'unsupported'; what: UnsupportedId }
  /** Understood, and says nothing to search by: działka, szukam, plot, looking for. */
  | { type: 'filler' };

export type Language = 'pl' | 'en';

/**
 * The features a distance is measured from: by id (a substation, a station, a unit's boundary, a
 * forest complex) or by name and kinds (a river is every segment of that name).
 */
export interface NamedAnchor {
  layer: string;
  ids?: readonly string[];
  where?: Readonly<Record<string, unknown>>;
  kinds?: readonly string[];
  name: string;
  label: string;
  boundary?: BoundaryAnchor;
}

export interface LexiconEntry {
  pattern: string;
  /** The language the phrase belongs to (evidence for detecting the query's language); any: both. */
  lang: Language | 'any';
  meaning: Meaning;
}
