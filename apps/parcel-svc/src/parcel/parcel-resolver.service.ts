import { Injectable } from '@nestjs/common';
import { AppError, PARCEL_ID_PATTERN } from '@lp/contracts';
import { foldPolish } from '@lp/geo';
import { parseParcelReference } from './parcel-reference.js';
import { ParcelRepository, type NumberedParcel } from './parcel.repository.js';

const MAX_CANDIDATES = 10;

/**
 * Turns what a caller wrote into one EGiB id: an EGiB id as it is, or a parcel number with its
 * precinct and/or gmina in words, looked up by name. Several matches answer `ambiguous_parcel`
 * with the ids to choose from; none answers `not_found` saying which part did not match.
 */
@Injectable()
export class ParcelResolver {
  constructor(private readonly parcels: ParcelRepository) {}

  async resolve(input: string): Promise<string> {
    if (PARCEL_ID_PATTERN.test(input)) return input;
    const reference = parseParcelReference(input);
    if (!reference) {
      throw AppError.invalid(`"${input}" is neither an EGiB parcel id nor a parcel number with its precinct or gmina (e.g. 34/1, obręb Chartowo, Poznań).`);
    }
    if (reference.places.length === 0) {
      throw AppError.invalid(`"${input}" gives a parcel number but no precinct or gmina; add one (e.g. ${reference.number}, obręb Chartowo, Poznań).`);
    }
    // A name without a unit word is a gmina when one has that name (Poznań is also a precinct of
    // Poznań), otherwise a precinct.
    const gminaParts = reference.places.filter((p) => p.unit !== 'precinct');
    const gminas = await this.parcels.gminasNamed(gminaParts.map((p) => p.folded));
    const gminaNames = new Set(gminas.map((g) => foldPolish(g.name)));
    const precinctParts = reference.places.filter((p) => p.unit === 'precinct' || (p.unit === 'any' && !gminaNames.has(p.folded)));
    const precincts = await this.parcels.precinctsNamed(precinctParts.map((p) => p.folded));
    const precinctNames = new Set(precincts.map((p) => foldPolish(p.name)));
    for (const part of reference.places) {
      if (part.unit === 'gmina' && !gminaNames.has(part.folded)) throw AppError.notFound(`No gmina is named ${part.text}.`);
      if (part.unit === 'precinct' && !precinctNames.has(part.folded)) throw AppError.notFound(`No cadastral precinct is named ${part.text}.`);
      if (part.unit === 'any' && !gminaNames.has(part.folded) && !precinctNames.has(part.folded)) {
        throw AppError.notFound(`No precinct or gmina is named ${part.text}.`);
      }
    }
    const gminaCodes = new Set(gminas.map((g) => g.teryt));
    const chosenPrecincts = gminaCodes.size > 0 ? precincts.filter((p) => gminaCodes.has(p.teryt)) : precincts;
    if (precincts.length > 0 && chosenPrecincts.length === 0) {
      throw AppError.notFound(`No precinct ${describe(precincts.map((p) => p.name))} lies in gmina ${describe(gminas.map((g) => g.name))}.`);
    }
    const found = chosenPrecincts.length > 0
      ? await this.parcels.numbered(reference.number, chosenPrecincts.map((p) => p.id), [...new Set(chosenPrecincts.map((p) => p.teryt))], MAX_CANDIDATES + 1)
      : await this.parcels.numbered(reference.number, [], [...gminaCodes], MAX_CANDIDATES + 1);
    const where = chosenPrecincts.length > 0 ? `precinct ${describe(chosenPrecincts.map((p) => `${p.name} (${p.id})`))}` : `gmina ${describe(gminas.map((g) => `${g.name} (${g.teryt})`))}`;
    if (found.length === 1) return found[0]!.id;
    if (found.length === 0) throw AppError.notFound(`No parcel numbered ${reference.number} lies in ${where}.`);
    const listed = found.slice(0, MAX_CANDIDATES);
    throw new AppError(
      'ambiguous_parcel',
      `${found.length > MAX_CANDIDATES ? 'More than ' + MAX_CANDIDATES : found.length} parcels numbered ${reference.number} lie in ${where}: ${listed.map(label).join('; ')}. Name the precinct, or use one of the ids in candidates.`,
      listed.map((p) => p.id),
    );
  }
}

function describe(names: string[]): string {
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

function label(parcel: NumberedParcel): string {
  return `${parcel.id} (precinct ${parcel.precinct_name ?? parcel.precinct_id}, ${parcel.gmina})`;
}
