import { foldPolish } from '@lp/geo';

/** A row of `geocode.localities`. */
export interface LocalityRow {
  /** SIMC identifier (SYM), 7 digits. */
  sym: string;
  name: string;
  name_folded: string;
  /** SIMC locality type in Polish (`wieś`, `miasto`, `część miasta`, ...). */
  locality_type: string;
  /** SIMC identifier of the locality this one is part of (SYMPOD; its own SYM when independent). */
  parent_sym: string;
  /** First six digits of the TERYT code of the gmina the locality lies in. */
  gmina6: string;
}

export interface ParsedLocalities {
  rows: LocalityRow[];
  /** Lines left out, with the reason. */
  skipped: string[];
}

/**
 * SIMC locality types (RM), as `teryt/WMRODZ.xml` names them. The codes are fixed by the register's
 * specification, so they are data here rather than parsed from the XML at every load.
 */
export const SIMC_LOCALITY_TYPES: Readonly<Record<string, string>> = {
  '00': 'część',
  '01': 'wieś',
  '02': 'kolonia',
  '03': 'przysiółek',
  '04': 'osada',
  '05': 'osada leśna',
  '06': 'osiedle',
  '07': 'schronisko turystyczne',
  '95': 'dzielnica',
  '96': 'miasto',
  '98': 'delegatura',
  '99': 'część miasta',
};

const HEADER = ['WOJ', 'POW', 'GMI', 'RODZ_GMI', 'RM', 'MZ', 'NAZWA', 'SYM', 'SYMPOD'];

/**
 * The gmina of a SIMC row. RODZ_GMI 1 and 2 are urban and rural gminas, 4 and 5 the town and the
 * rural area of an urban-rural gmina (one gmina, type 3, same six digits). 8 are the districts of
 * Warsaw and 9 the delegations of Kraków, Łódź, Poznań and Wrocław: TERYT codes them as gminas
 * 02..nn of the city's powiat, but the city is one gmina, number 01.
 */
export function gmina6Of(woj: string, pow: string, gmi: string, rodzGmi: string): string {
  return rodzGmi === '8' || rodzGmi === '9' ? `${woj}${pow}01` : `${woj}${pow}${gmi}`;
}

/**
 * Parses the SIMC register as GUS publishes it (`SIMC_Urzedowy_<date>.csv`: UTF-8 with a BOM,
 * `;`-separated, a header line). Rows whose codes do not have the register's shape are skipped and
 * reported, so one bad line never blocks the load of the rest.
 */
export function parseSimc(text: string): ParsedLocalities {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(';');
  const column = Object.fromEntries(HEADER.map((name) => [name, header.indexOf(name)]));
  const missing = HEADER.filter((name) => column[name]! < 0);
  if (missing.length > 0) throw new Error(`not a SIMC register: the header lacks ${missing.join(', ')}`);
  const rows: LocalityRow[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.trim() === '') continue;
    const fields = line.split(';');
    const field = (name: string): string => (fields[column[name]!] ?? '').trim();
    const [woj, pow, gmi, rodz, rm, name, sym, sympod] = ['WOJ', 'POW', 'GMI', 'RODZ_GMI', 'RM', 'NAZWA', 'SYM', 'SYMPOD'].map(field) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const type = SIMC_LOCALITY_TYPES[rm];
    const shapeOk = /^\d{2}$/.test(woj) && /^\d{2}$/.test(pow) && /^\d{2}$/.test(gmi) && /^[1-9]$/.test(rodz) && /^\d{7}$/.test(sym) && /^\d{7}$/.test(sympod);
    const folded = foldPolish(name);
    if (!shapeOk || !type || folded === '' || seen.has(sym)) {
      skipped.push(`line ${index + 1}: ${line.slice(0, 80)}`);
      continue;
    }
    seen.add(sym);
    rows.push({ sym, name, name_folded: folded, locality_type: type, parent_sym: sympod, gmina6: gmina6Of(woj, pow, gmi, rodz) });
  }
  return { rows, skipped };
}
