import type { LandType, ReportLanguage } from '@lp/contracts';

/** The sentence frames of the summary; the facts are filled in by report-summary.ts. */
export interface SummaryPhrases {
  area(parcelId: string, gmina: string, area: string, hectares: string): string;
  localPlan(planName: string, titled: boolean, adopted: string | null, symbol: string, allows: string, limits: string[], repealedInPart: boolean): string;
  maxHeight(metres: string): string;
  maxCoverage(pct: string): string;
  noLocalPlan: string;
  /** A general plan in force: its zone decides where no local plan applies. */
  generalPlan(symbol: string, label: string | null, allowsBuilding: boolean | null): string;
  /** A general plan not in force yet (a draft, or adopted and awaiting publication): information only. */
  draftGeneralPlan(status: string, symbol: string, label: string | null, allowsBuilding: boolean | null): string;
  /** A local plan that a court or the voivode repealed in part. */
  partiallyRepealed: string;
  zoningUnknown(planName: string | null, titled: boolean): string;
  blocking(items: string[]): string;
  restrictive(items: string[]): string;
  noConstraints(bufferM: number): string;
  constraintsUnchecked(layers: string[]): string;
  overlap(name: string, pct: string): string;
  terrain(elevationMin: string, elevationMax: string, slope: string, flatness: Flatness, aspect: string | null): string;
  terrainUnknown: string;
  nearest(items: string[]): string;
  nearestItem(label: string, distance: string): string;
  noneWithin(label: string, distance: string): string;
  distanceUnknown(labels: string[]): string;
  price(median: string, count: number, radius: string, since: string, partial: boolean): string;
  /** The price level per land type: farmland and building plots are never put in one figure. */
  priceByLandType(parts: string[], radius: string, since: string, partial: boolean): string;
  landTypeMedian(landUse: LandType, median: string, count: number): string;
  noComparables(radius: string, since: string): string;
  priceUnknown: string;
  demoDataNamed(layers: string[]): string;
  demoDataCounted(generated: number, used: number, parcels: boolean): string;
  windSetback(items: string[]): string;
  scenarioName(id: string, title: string | null): string;
  scenarioUnavailable(scenario: string): string;
  scenarioPasses(scenario: string): string;
  scenarioFails(scenario: string, failed: string[]): string;
  scenarioUnverified(scenario: string, unverified: string[], alsoFailed: boolean): string;
}

export type Flatness = 'flat' | 'gentle' | 'moderate' | 'steep';

const list = (items: string[], and: string): string =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items[items.length - 1]}`;

const EN_LAND_TYPE: Record<LandType, string> = { agricultural: 'farmland', building: 'building plots', other: 'other land' };
const PL_LAND_TYPE: Record<LandType, string> = { agricultural: 'grunty rolne', building: 'działki budowlane', other: 'inne grunty' };
/** "1 transakcja", "3 transakcje", "12 transakcji": the Polish plural a count takes. */
function transactionsPl(n: number): string {
  if (n === 1) return 'transakcja';
  const tens = n % 100;
  return n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? 'transakcje' : 'transakcji';
}

const EN_FLATNESS: Record<Flatness, string> = { flat: 'flat', gentle: 'gently sloping', moderate: 'moderately sloping', steep: 'steep' };
const PL_FLATNESS: Record<Flatness, string> = { flat: 'teren płaski', gentle: 'łagodny spadek', moderate: 'umiarkowany spadek', steep: 'teren stromy' };
export const EN_ASPECT: Record<string, string> = { N: 'north', NE: 'north-east', E: 'east', SE: 'south-east', S: 'south', SW: 'south-west', W: 'west', NW: 'north-west' };
export const PL_ASPECT: Record<string, string> = { N: 'północna', NE: 'północno-wschodnia', E: 'wschodnia', SE: 'południowo-wschodnia', S: 'południowa', SW: 'południowo-zachodnia', W: 'zachodnia', NW: 'północno-zachodnia' };

const EN: SummaryPhrases = {
  area: (id, gmina, area, ha) => `Parcel ${id} in the gmina of ${gmina} covers ${area} m² (${ha}).`,
  localPlan: (plan, titled, adopted, symbol, allows, limits, repealedInPart) =>
    `${titled ? `The local plan (${plan}${adopted ? `, adopted ${adopted}` : ''})` : `Local plan "${plan}"${adopted ? ` (adopted ${adopted})` : ''}`} puts it in zone ${symbol}, which allows ${allows}${limits.length ? `; ${limits.join(', ')}` : ''}.${repealedInPart ? ` ${EN.partiallyRepealed}` : ''}`,
  maxHeight: (m) => `buildings up to ${m} m`,
  maxCoverage: (pct) => `at most ${pct} % of the plot built over`,
  noLocalPlan: 'No local plan applies: building needs a building-conditions decision (WZ).',
  generalPlan: (symbol, label, allows) =>
    `The general plan in force puts it in zone ${symbol}${label ? ` (${label})` : ''}${allows === true ? ', which allows new building' : allows === false ? ', which does not allow new building' : ''}.`,
  draftGeneralPlan: (status, symbol, label, allows) =>
    `A general plan that is not in force (status: ${status}) proposes zone ${symbol}${label ? ` (${label})` : ''}${allows === true ? ', which would allow new building' : allows === false ? ', which would not allow new building' : ''}; it is information only and does not decide the parcel's zoning.`,
  partiallyRepealed: 'The plan has been partially repealed: check in its document whether the repeal covers this parcel.',
  zoningUnknown: (plan, titled) =>
    plan
      ? `The parcel lies in ${titled ? `a local plan (${plan})` : `local plan "${plan}"`}, but the plan's zones are not in our data yet: its zoning is unknown, not absent.`
      : 'Whether a local plan applies here is not in our data for this gmina: zoning is unknown, not absent.',
  blocking: (items) => `Blocking constraint${items.length > 1 ? 's' : ''}: ${list(items, 'and')}.`,
  restrictive: (items) => `Restrictive constraint${items.length > 1 ? 's' : ''} (development allowed under conditions): ${list(items, 'and')}.`,
  noConstraints: (buffer) => `No blocking or restrictive constraint was found on the parcel (areas within ${buffer} m were checked).`,
  constraintsUnchecked: (layers) => `Not checked for lack of data here: ${list(layers, 'and')}.`,
  overlap: (name, pct) => `${name} (${pct} % of the parcel)`,
  terrain: (min, max, slope, flatness, aspect) =>
    `Terrain: elevation ${min === max ? `${min} m` : `${min}–${max} m`}, mean slope ${slope} % (${EN_FLATNESS[flatness]})${aspect && EN_ASPECT[aspect] ? `, facing ${EN_ASPECT[aspect]}` : ''}.`,
  terrainUnknown: 'Terrain figures (elevation, slope) are not available for this area yet.',
  nearest: (items) => `Nearest: ${list(items, 'and')}.`,
  nearestItem: (label, distance) => `${label} ${distance}`,
  noneWithin: (label, distance) => `no ${label} within ${distance}`,
  distanceUnknown: (labels) => `Distance unknown for lack of data: ${list(labels, 'and')}.`,
  price: (median, count, radius, since, partial) =>
    `Price level: a median of ${median} PLN/m² from ${count} land transaction${count === 1 ? '' : 's'} within ${radius} since ${since}${partial ? ' (transaction data is partial here)' : ''}.`,
  priceByLandType: (parts, radius, since, partial) =>
    `Price level of land within ${radius} since ${since}: ${list(parts, 'and')}${partial ? ' (transaction data is partial here)' : ''}.`,
  landTypeMedian: (landUse, median, count) => `${EN_LAND_TYPE[landUse]} a median of ${median} PLN/m² (${count} transaction${count === 1 ? '' : 's'})`,
  noComparables: (radius, since) => `No land transaction within ${radius} since ${since}: the price level cannot be estimated from comparables.`,
  priceUnknown: 'Price level unknown: there is no transaction data for this gmina.',
  demoDataNamed: (layers) =>
    `Demo data: this report rests in part on generated data, not real records (${list(layers, 'and')}). It shows how the service works; do not base a purchase on it.`,
  demoDataCounted: (generated, used, parcels) =>
    `Demo data: ${generated === used ? `all ${used}` : `${generated} of the ${used}`} layers this report uses are generated, not real records${parcels ? ', the parcels themselves among them' : ''} (marked "demo" under Sources). It shows how the service works; do not base a purchase on it.`,
  windSetback: (items) =>
    `For a wind farm: the parcel lies in a statutory wind-turbine setback zone, where no turbine may stand: ${list(items, 'and')}.`,
  scenarioName: (id, title) => (title ? `"${title}" (${id})` : id),
  scenarioUnavailable: (s) => `The fit for the ${s} scenario could not be evaluated now (the scenario service did not answer); ask for the report again later.`,
  scenarioPasses: (s) => `It passes every hard criterion of the ${s} scenario.`,
  scenarioFails: (s, failed) => `It does not fit the ${s} scenario: it fails ${list(failed, 'and')}.`,
  scenarioUnverified: (s, unverified, alsoFailed) =>
    `${alsoFailed ? 'Also' : `The fit for the ${s} scenario cannot be confirmed:`} not verifiable for lack of data: ${list(unverified, 'and')}.`,
};

const PL: SummaryPhrases = {
  area: (id, gmina, area, ha) => `Działka ${id} w gminie ${gmina} ma powierzchnię ${area} m² (${ha}).`,
  localPlan: (plan, titled, adopted, symbol, allows, limits, repealedInPart) =>
    `${titled ? plan : `Miejscowy plan „${plan}”`}${adopted ? ` (uchwalony ${adopted})` : ''} obejmuje ją strefą ${symbol}, która dopuszcza ${allows}${limits.length ? `; ${limits.join(', ')}` : ''}.${repealedInPart ? ` ${PL.partiallyRepealed}` : ''}`,
  maxHeight: (m) => `wysokość zabudowy do ${m} m`,
  maxCoverage: (pct) => `powierzchnia zabudowy do ${pct} % działki`,
  noLocalPlan: 'Działka nie jest objęta planem miejscowym: zabudowa wymaga decyzji o warunkach zabudowy (WZ).',
  generalPlan: (symbol, label, allows) =>
    `Obowiązujący plan ogólny obejmuje ją strefą ${symbol}${label ? ` (${label})` : ''}${allows === true ? ', która dopuszcza nową zabudowę' : allows === false ? ', która nie dopuszcza nowej zabudowy' : ''}.`,
  draftGeneralPlan: (status, symbol, label, allows) =>
    `Plan ogólny, który jeszcze nie obowiązuje (stan: ${status}), przewiduje strefę ${symbol}${label ? ` (${label})` : ''}${allows === true ? ', która dopuszczałaby nową zabudowę' : allows === false ? ', która nie dopuszczałaby nowej zabudowy' : ''}; to tylko informacja, która nie przesądza o przeznaczeniu działki.`,
  partiallyRepealed: 'Plan został częściowo uchylony: sprawdź w jego dokumencie, czy uchylenie obejmuje tę działkę.',
  zoningUnknown: (plan, titled) =>
    plan
      ? `Działka leży w granicach ${titled ? `planu miejscowego (${plan})` : `planu „${plan}”`}, ale strefy tego planu nie są jeszcze w naszych danych: przeznaczenie jest nieznane, a nie brak planu.`
      : 'Nasze dane dla tej gminy nie mówią, czy obowiązuje tu plan miejscowy: przeznaczenie jest nieznane, a nie brak planu.',
  blocking: (items) => `Ograniczenia wykluczające zabudowę: ${list(items, 'oraz')}.`,
  restrictive: (items) => `Ograniczenia warunkowe (zabudowa możliwa po spełnieniu warunków): ${list(items, 'oraz')}.`,
  noConstraints: (buffer) => `Na działce nie stwierdzono ograniczeń wykluczających ani warunkowych (sprawdzono obszary w promieniu ${buffer} m).`,
  constraintsUnchecked: (layers) => `Nie sprawdzono z braku danych: ${list(layers, 'oraz')}.`,
  overlap: (name, pct) => `${name} (${pct} % działki)`,
  terrain: (min, max, slope, flatness, aspect) =>
    `Teren: wysokość ${min === max ? `${min} m` : `${min}–${max} m`} n.p.m., średnie nachylenie ${slope} % (${PL_FLATNESS[flatness]})${aspect && PL_ASPECT[aspect] ? `, wystawa ${PL_ASPECT[aspect]}` : ''}.`,
  terrainUnknown: 'Dane o rzeźbie terenu (wysokość, nachylenie) nie są jeszcze dostępne dla tego obszaru.',
  nearest: (items) => `Najbliżej: ${list(items, 'oraz')}.`,
  nearestItem: (label, distance) => `${label} ${distance}`,
  noneWithin: (label, distance) => `${label}: brak w promieniu ${distance}`,
  distanceUnknown: (labels) => `Odległość nieznana z braku danych: ${list(labels, 'oraz')}.`,
  price: (median, count, radius, since, partial) =>
    `Poziom cen: mediana ${median} zł/m² z ${count} transakcji gruntami w promieniu ${radius} od ${since}${partial ? ' (dane o transakcjach są tu niepełne)' : ''}.`,
  priceByLandType: (parts, radius, since, partial) =>
    `Poziom cen gruntów w promieniu ${radius} od ${since}: ${list(parts, 'oraz')}${partial ? ' (dane o transakcjach są tu niepełne)' : ''}.`,
  landTypeMedian: (landUse, median, count) => `${PL_LAND_TYPE[landUse]}: mediana ${median} zł/m² (${count} ${transactionsPl(count)})`,
  noComparables: (radius, since) => `Brak transakcji gruntami w promieniu ${radius} od ${since}: poziomu cen nie da się oszacować z transakcji porównawczych.`,
  priceUnknown: 'Poziom cen nieznany: brak danych o transakcjach w tej gminie.',
  demoDataNamed: (layers) =>
    `Dane demonstracyjne: raport opiera się częściowo na danych wygenerowanych, a nie na rzeczywistych rejestrach (${list(layers, 'oraz')}). Pokazuje działanie usługi i nie może być podstawą decyzji o zakupie.`,
  demoDataCounted: (generated, used, parcels) =>
    `Dane demonstracyjne: ${generated === used ? `wszystkie warstwy użyte w raporcie (${used})` : `${generated} z ${used} warstw użytych w raporcie`} to dane wygenerowane, a nie rzeczywiste rejestry${parcels ? ', w tym same działki' : ''} (oznaczone „demo” w źródłach). Raport pokazuje działanie usługi i nie może być podstawą decyzji o zakupie.`,
  windSetback: (items) =>
    `Dla farmy wiatrowej: działka leży w ustawowej strefie odległości, w której nie można postawić elektrowni wiatrowej: ${list(items, 'oraz')}.`,
  scenarioName: (id, title) => (title ? `„${title}” (${id})` : id),
  scenarioUnavailable: (s) => `Dopasowania do scenariusza ${s} nie udało się teraz ocenić (usługa scenariuszy nie odpowiedziała); poproś o raport ponownie później.`,
  scenarioPasses: (s) => `Działka spełnia wszystkie twarde kryteria scenariusza ${s}.`,
  scenarioFails: (s, failed) => `Działka nie pasuje do scenariusza ${s}: nie spełnia kryteriów: ${list(failed, 'oraz')}.`,
  scenarioUnverified: (s, unverified, alsoFailed) =>
    `${alsoFailed ? 'Ponadto' : `Dopasowania do scenariusza ${s} nie da się potwierdzić:`} z braku danych nie sprawdzono: ${list(unverified, 'oraz')}.`,
};

export const SUMMARY_PHRASES: Record<ReportLanguage, SummaryPhrases> = { en: EN, pl: PL };
