/** The parts of a full EGiB parcel id such as `306401_1.0001.AR_12.123/4`. */
export interface ParcelIdParts {
  /** Cadastral unit: 6-digit TERYT of the gmina, `_`, unit type digit (`306401_1`). */
  unit: string;
  /**
   * 7-digit TERYT code of the gmina. Cadastral units of urban-rural gminas are split into the town
   * (type 4) and the rural area (type 5); both belong to the gmina of type 3.
   */
  teryt: string;
  /** Precinct (obręb) id, `<unit>.<4 digits>`. */
  precinctId: string;
  /** Map sheet when the precinct is split into sheets (`AR_12`), else null. */
  sheet: string | null;
  /** Parcel number, digits with an optional `/` part (`123/4`). */
  number: string;
}

const FULL_ID = /^(\d{6})_(\d)\.(\d{4})\.(?:(AR_\d+)\.)?(\d+(?:\/\d+)?)$/;

/** Parses a full EGiB id; null when the text is not one (it may still be a partial id to search). */
export function parseParcelId(id: string): ParcelIdParts | null {
  const match = FULL_ID.exec(id.trim());
  if (!match) return null;
  const [, gmina6, typeDigit, precinct, sheet, number] = match;
  const unit = `${gmina6}_${typeDigit}`;
  return {
    unit,
    teryt: `${gmina6}${typeDigit === '4' || typeDigit === '5' ? '3' : typeDigit}`,
    precinctId: `${unit}.${precinct}`,
    sheet: sheet ?? null,
    number: number!,
  };
}

export function formatParcelId(parts: Pick<ParcelIdParts, 'precinctId' | 'sheet' | 'number'>): string {
  return parts.sheet ? `${parts.precinctId}.${parts.sheet}.${parts.number}` : `${parts.precinctId}.${parts.number}`;
}
