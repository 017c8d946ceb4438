import type { UnsupportedId } from '../lexicon/meanings.js';

/**
 * Everything the interpreter assumed or decided, as data. Rendered into `assumptions` in the
 * language of the request (messages.ts), so the wording lives in one place.
 */
export type Note =
  /** Something the query asks was left out (the notes after it say what): the answer is partial. */
  | { id: 'partial' }
  | { id: 'no_place' }
  | { id: 'whole_country' }
  | { id: 'region_from_request'; name: string; unitType: string; teryt: string; overridden: string | null }
  | { id: 'locality_in_gmina'; text: string; locality: string; localityType: string; gmina: string; gminaType: string }
  | { id: 'around_place'; text: string; name: string }
  | { id: 'region_alias'; text: string; name: string; unitType: string }
  | { id: 'corrected_place'; text: string; name: string }
  | { id: 'corrected_word'; typed: string; read: string }
  | { id: 'scenario'; scenario: string; titleEn: string; titlePl: string }
  | { id: 'extra_asset'; text: string; scenario: string; kept: string }
  | { id: 'state_land_criterion'; text: string }
  | { id: 'default_flat'; pct: number }
  | { id: 'default_substation'; km: number; kv: number }
  | { id: 'default_transit'; m: number }
  | { id: 'default_capacity'; mw: number; km: number }
  | { id: 'default_distance'; text: string; m: number }
  | { id: 'anchor'; text: string; label: string }
  | { id: 'water_not_place'; text: string; name: string }
  | { id: 'boundary_anchor'; text: string; teryt: string; name: string; unitType: string; wholeGmina: boolean }
  | { id: 'grid_connection_mv'; text: string; m: number }
  | { id: 'minimum_distance'; text: string; m: number }
  | { id: 'bare_station'; text: string }
  | { id: 'bare_area'; text: string; sqm: number }
  | { id: 'about_area'; text: string; min: number; max: number }
  | { id: 'power_as_capacity'; text: string; mw: number }
  | { id: 'percent_as_slope'; text: string; pct: number }
  | { id: 'exclusion_assumed'; text: string }
  | { id: 'cheap' }
  | { id: 'large' }
  | { id: 'price_limit'; text: string }
  | { id: 'price_estimate'; text: string }
  | { id: 'statutory_minimum'; asked: number; m: number; scenario: string }
  | { id: 'unsupported'; what: UnsupportedId; text: string }
  | { id: 'not_excludable'; text: string }
  | { id: 'min_slope'; text: string }
  | { id: 'max_yield'; text: string }
  | { id: 'distance_without_target'; text: string }
  | { id: 'distance_from_place'; text: string }
  | { id: 'ignored'; words: string[] }
  | { id: 'zoning_conflict'; text: string }
  | { id: 'vacant_conflict'; text: string }
  | { id: 'one_per_layer'; text: string }
  | { id: 'replaces_scenario'; text: string }
  | { id: 'area_min_lowered'; text: string; sqm: number }
  | { id: 'clamped'; text: string; used: number; unit: string }
  | { id: 'state_land_over_pre_emption' }
  | { id: 'limit_from_text'; limit: number }
  | { id: 'assembly'; text: string; sqm: number }
  | { id: 'assembly_without_area'; text: string };

export type NoteId = Note['id'];
