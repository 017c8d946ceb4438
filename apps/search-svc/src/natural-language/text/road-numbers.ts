import type { Token } from './tokens.js';

export interface RoadNumber {
  /** As the roads layer writes road_number: A2, S7, DK92, DW430. */
  ref: string;
  start: number;
  end: number;
}

/**
 * Road numbers: motorways A1..A50 and expressways S1..S74 written with a capital letter ("A2",
 * "S 7"), national and voivodeship roads as DK/DW with a number ("DK92", "dk 92", "DW 430").
 * A lower-case "a 2" is an article and a number, not a road.
 */
export function findRoadNumbers(tokens: readonly Token[], free: (index: number) => boolean): RoadNumber[] {
  const found: RoadNumber[] = [];
  for (let index = 0; index + 1 < tokens.length; index++) {
    const letter = tokens[index]!;
    const number = tokens[index + 1]!;
    if (!free(index) || !free(index + 1) || letter.kind !== 'word' || number.kind !== 'number' || !/^\d{1,3}$/.test(number.raw)) continue;
    const together = number.before === '' || number.before === ' ' || number.before === '-';
    let ref: string | null = null;
    if (/^[AS]$/.test(letter.raw) && together && Number(number.raw) <= 99) ref = `${letter.raw}${number.raw}`;
    else if (/^(dk|dw)$/.test(letter.fold) && together) ref = `${letter.fold.toUpperCase()}${number.raw}`;
    if (ref) {
      found.push({ ref, start: index, end: index + 2 });
      index++;
    }
  }
  return found;
}
