import { Injectable } from '@nestjs/common';
import { AppError, PARCEL_ID_PATTERN } from '@lp/contracts';
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
    const precinctNames = reference.places.filter((p) => p.unit !== 'gmina').map((p) => p.folded);
    const gminaNames = reference.places.filter((p) => p.unit !== 'precinct').map((p) => p.folded);
    const [precincts, gminas] = await Promise.all([this.parcels.precinctsNamed(precinctNames), this.parcels.gminasNamed(gminaNames)]);
    const explicitPrecincts = reference.places.filter((p) => p.unit === 'precinct');
    if (explicitPrecincts.length > 0 && precincts.length === 0) {
      throw AppError.notFound(`No cadastral precinct is named ${explicitPrecincts.map((p) => p.text).join(' or ')}.`);
    }
    if (precincts.length === 0 && gminas.length === 0) {
      throw AppError.notFound(`No precinct or gmina is named ${reference.places.map((p) => p.text).join(' or ')}.`);
    }
    // A gmina named beside a precinct narrows the precincts; a name that is both (Kórnik) does not empty them.
    const gminaCodes = new Set(gminas.map((g) => g.teryt));
    const inGminas = precincts.filter((p) => gminaCodes.has(p.teryt));
    const chosenPrecincts = gminas.length > 0 && inGminas.length > 0 ? inGminas : precincts;
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
