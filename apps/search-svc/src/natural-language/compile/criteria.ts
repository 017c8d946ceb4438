import type { LandUseKind, OwnerKind } from '@lp/contracts';
import type { TargetId } from '../lexicon/meanings.js';

/** Where a criterion came from in the query, quoted back in assumptions and `understood`. */
export interface Source {
  text: string;
}

/**
 * One search criterion read from the query, before it is merged with a scenario. `explicit` means
 * the query gave the number; otherwise a documented default was used (and stated).
 */
export type Criterion =
  | ({ type: 'area'; min?: number; max?: number; reading: 'min' | 'max' | 'range' | 'about' | 'bare' } & Source)
  | ({ type: 'slope'; max: number; explicit: boolean } & Source)
  | ({ type: 'vacant'; value: boolean } & Source)
  | ({ type: 'zoning'; categories?: readonly string[]; group?: string; symbols?: readonly string[]; requirePlan?: boolean; buildable?: boolean } & Source)
  | ({ type: 'land_use'; kinds: readonly LandUseKind[] } & Source)
  | ({ type: 'near'; target: TargetId | 'road_ref'; layer: string; withinM: number; explicit: boolean; kinds?: readonly string[]; where?: Record<string, unknown>; ids?: readonly string[]; gridWord?: boolean } & Source)
  /** A minimum distance: "co najmniej 2 km od szkoły", "more than 5 km from a substation". */
  | ({ type: 'far'; target: TargetId | 'road_ref'; layer: string; beyondM: number; kinds?: readonly string[]; where?: Record<string, unknown>; ids?: readonly string[] } & Source)
  | ({ type: 'exclude'; target: TargetId; layer: string; kinds?: readonly string[]; bufferM: number; explicit: boolean } & Source)
  | ({ type: 'rank'; signal: string; weight: number; reason: 'cheap' | 'large' | 'price_limit' } & Source)
  /** A price for the whole parcel ("do 200 tys. zł"): a bound on its estimate (area × the comparables' median). */
  | ({ type: 'price_estimate'; min?: number; max?: number } & Source)
  /** Who owns the parcel ("prywatna", "grunty gminne"): its registration group in the owner's groups, or (negated) outside them. */
  | ({ type: 'ownership'; owner: OwnerKind; exclude: boolean } & Source)
  | ({ type: 'limit'; value: number } & Source)
  /** The site may be several neighbouring parcels: the area asked becomes the site's (POST /v1/search/assemblies). */
  | ({ type: 'assembly' } & Source);
