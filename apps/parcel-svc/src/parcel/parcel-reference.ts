import { foldPolish } from '@lp/geo';

export type PlaceUnit = 'precinct' | 'gmina' | 'any';

/** "123/4, obręb Głuszyna, Poznań" read as a parcel number and the places that narrow it. */
export interface ParcelReference {
  number: string;
  places: Array<{ folded: string; unit: PlaceUnit; text: string }>;
}

// A parcel number, possibly after "dz.", "działka", "nr", "parcel", "plot": 123, 123/4, 12a/3.
const NUMBER = /(?:^|[\s,])(?:(?:dz(?:iałka|ialka)?|nr|parcel|plot|no)\.?\s*)*(\d+[a-z]?(?:\/\d+[a-z]?)?)(?=$|[\s,])/iu;
// Words that say what the following name is.
const PRECINCT_WORD = /^(?:w\s+|in\s+)?(?:obr(?:ęb|eb|ębie|ebie)?\.?|precinct|cadastral\s+precinct)\s+/iu;
const GMINA_WORD = /^(?:w\s+|in\s+)?(?:gm(?:ina|inie|\.)?|municipality|commune|miasto|m\.)\s+/iu;
// Splits "obr. X gmina Y" before each unit word, keeping a leading "w"/"in" with its word.
const UNIT_WORD_INSIDE = /(?<!(?:^|\s)(?:w|in))\s+(?=(?:(?:w|in)\s+)?(?:obr(?:ęb|eb|ębie|ebie)?\.?|precinct|gm(?:ina|inie|\.)?|municipality|miasto)\s)/iu;

/** The number and places of a written parcel reference, or null when it names no parcel number. */
export function parseParcelReference(text: string): ParcelReference | null {
  const match = NUMBER.exec(text);
  if (!match) return null;
  const number = match[1]!.toLowerCase();
  const rest = text.slice(0, match.index) + ' ' + text.slice(match.index + match[0].length);
  const parts = rest
    .split(',')
    .flatMap((part) => part.split(UNIT_WORD_INSIDE))
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const places = parts.flatMap((part) => {
    const unit: PlaceUnit = PRECINCT_WORD.test(part) ? 'precinct' : GMINA_WORD.test(part) ? 'gmina' : 'any';
    const name = part.replace(PRECINCT_WORD, '').replace(GMINA_WORD, '').replace(/^(?:w|in|near|koło)\s+/iu, '').trim();
    const folded = foldPolish(name);
    return folded.length > 0 ? [{ folded, unit, text: name }] : [];
  });
  return { number, places };
}
