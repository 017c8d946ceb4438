import type { Language, Meaning } from '../lexicon/meanings.js';
import type { PlaceMention } from '../places/place-finder.js';
import type { Quantity } from '../text/quantities.js';

/** A recognised piece of the query, covering tokens [start, end). */
export type Atom =
  | { kind: 'quantity'; quantity: Quantity; start: number; end: number }
  | { kind: 'meaning'; meaning: Meaning; lang: Language | 'any'; start: number; end: number }
  | { kind: 'symbol'; symbols: string[]; start: number; end: number }
  | { kind: 'road_ref'; ref: string; start: number; end: number }
  | { kind: 'place'; mention: PlaceMention; start: number; end: number }
  /** A bare number left over: read as a result count before "działek", "plots". */
  | { kind: 'number'; value: number; start: number; end: number };
