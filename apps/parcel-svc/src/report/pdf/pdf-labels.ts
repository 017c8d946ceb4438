import type { CoverageStatus, LandType, ReportLanguage } from '@lp/contracts';

/** Every fixed word of the PDF, in both report languages. */
export interface PdfLabels {
  kicker: string;
  generated: string;
  dataVersion: string;
  page(n: number, of: number): string;
  summary: string;
  map: string;
  mapNote(scale: string): string;
  legendParcel: string;
  legendNeighbours: string;
  legendSeverity: Record<'blocking' | 'restrictive' | 'informational', string>;
  wholeMapInside: string;
  parcel: string;
  parcelId: string;
  number: string;
  precinct: string;
  gmina: string;
  area: string;
  ownership: string;
  /** The registration group is generated demo data, not read from a register. */
  generatedValue: string;
  centroid: string;
  zoning: string;
  localPlan: string;
  planName: string;
  adopted: string;
  zone: string;
  category: string;
  designation: string;
  maxHeight: string;
  maxCoverage: string;
  minBiological: string;
  zoneShare: string;
  otherZones: string;
  document: string;
  noLocalPlan: string;
  unknown: string;
  generalPlan: string;
  status: string;
  allowsBuilding: string;
  /** Under a general plan not in force: why its zone does not decide the zoning. */
  draftPlanNote: string;
  legalStatus: string;
  studium: string;
  noneApplies: string;
  preEmption: string;
  holder: string;
  basis: string;
  constraints(bufferM: number): string;
  severity: string;
  areaName: string;
  kind: string;
  overlap: string;
  distance: string;
  noConstraints: string;
  notChecked: string;
  windSetbackNote: string;
  windSetbackForWind: string;
  dataNotice: string;
  terrain: string;
  elevation: string;
  elevationMean: string;
  slopeMean: string;
  slopeP90: string;
  aspect: string;
  demResolution: string;
  infrastructure: string;
  nearestFeature: string;
  noneWithin(distance: string): string;
  noData: string;
  market: string;
  medianPrice: string;
  /** Row of the median of one land type. */
  landTypeMedian: Record<LandType, string>;
  comparables: string;
  priceEstimate: string;
  /** "12 building-land transactions in the gmina, middle half 120–170 PLN/m²" */
  priceEstimateBasis(comparables: number, landType: LandType, p25: string, p75: string): string;
  radius: string;
  since: string;
  scenarioFit: string;
  scenario: string;
  passes: string;
  failed: string;
  unverified: string;
  yes: string;
  no: string;
  coverageGaps: string;
  noGaps: string;
  layer: string;
  meaning: string;
  coverageStatus: Record<CoverageStatus, string>;
  gapNote(status: CoverageStatus): string;
  sources: string;
  version: string;
  refreshed: string;
  run: string;
  parcelSource: string;
  fetched: string;
  disclaimer: string;
}

const EN: PdfLabels = {
  kicker: 'LAND PARCEL DUE-DILIGENCE REPORT',
  generated: 'Generated',
  dataVersion: 'Data version',
  page: (n, of) => `Page ${n} of ${of}`,
  summary: 'Summary',
  map: 'Map',
  mapNote: (scale) => `Parcel boundaries and constraint areas from our own data, EPSG:2180 (PUWG 1992). Approx. scale 1:${scale}.`,
  legendParcel: 'This parcel',
  legendNeighbours: 'Neighbouring parcels',
  legendSeverity: { blocking: 'Blocking area', restrictive: 'Restrictive area', informational: 'Informational area' },
  wholeMapInside: 'The whole map lies inside',
  parcel: 'Parcel',
  parcelId: 'Parcel id (EGiB)',
  number: 'Parcel number',
  precinct: 'Precinct (obręb)',
  gmina: 'Gmina',
  area: 'Area',
  ownership: 'Owner (EGiB registration group)',
  generatedValue: 'generated demo data',
  centroid: 'Point inside (lat, lng)',
  zoning: 'Zoning and planning',
  localPlan: 'Local plan (MPZP)',
  planName: 'Plan',
  adopted: 'Adopted',
  zone: 'Zone symbol',
  category: 'Category',
  designation: 'Designation',
  maxHeight: 'Max. building height',
  maxCoverage: 'Max. building coverage',
  minBiological: 'Min. biologically active area',
  zoneShare: 'Share of the parcel in the zone',
  otherZones: 'Other zones on the parcel',
  document: 'Plan document',
  noLocalPlan: 'No local plan applies: building needs a building-conditions decision (WZ).',
  unknown: 'Unknown',
  generalPlan: 'General plan (plan ogólny)',
  status: 'Status',
  allowsBuilding: 'Allows new building',
  draftPlanNote: 'Not in force: information only, it does not decide the zoning of the parcel.',
  legalStatus: 'Legal status',
  studium: 'Study of conditions (studium)',
  noneApplies: 'None applies',
  preEmption: 'Pre-emption rights',
  holder: 'Holder',
  basis: 'Legal basis and reason',
  constraints: (b) => `Constraints on the parcel or within ${b} m`,
  severity: 'Severity',
  areaName: 'Area',
  kind: 'Kind',
  overlap: 'Overlap',
  distance: 'Distance',
  noConstraints: 'No constraint area was found on the parcel or within the buffer, in the layers that have data here.',
  notChecked: 'Not checked for lack of data here',
  windSetbackNote: 'Wind-turbine setback zones limit only where a wind turbine may stand; for any other use they are informational.',
  windSetbackForWind: 'Wind-turbine setback zones: no turbine may stand on the part of the parcel inside them (hard criterion "Statutory setback clear" of the scenario).',
  dataNotice: 'DEMO DATA',
  terrain: 'Terrain',
  elevation: 'Elevation (min – max)',
  elevationMean: 'Mean elevation',
  slopeMean: 'Mean slope',
  slopeP90: 'Slope, 90th percentile',
  aspect: 'Aspect',
  demResolution: 'Elevation model resolution',
  infrastructure: 'Nearest infrastructure',
  nearestFeature: 'Nearest feature',
  noneWithin: (d) => `none within ${d}`,
  noData: 'Unknown for lack of data here',
  market: 'Market',
  medianPrice: 'Median price of land',
  landTypeMedian: { agricultural: 'Median: farmland', building: 'Median: building plots', other: 'Median: other land' },
  comparables: 'Comparable transactions',
  priceEstimate: 'Estimated price',
  priceEstimateBasis: (comparables, landType, p25, p75) =>
    `area × median of ${comparables} ${{ agricultural: 'farmland', building: 'building-plot', other: 'other-land' }[landType]} transactions in the gmina (3 years); middle half ${p25}–${p75}`,
  radius: 'Search radius',
  since: 'Deeds since',
  scenarioFit: 'Scenario fit',
  scenario: 'Scenario',
  passes: 'Passes every hard criterion',
  failed: 'Failed criteria',
  unverified: 'Not verifiable (no data)',
  yes: 'yes',
  no: 'no',
  coverageGaps: 'Coverage gaps: what our data cannot tell here',
  noGaps: 'Every layer this report uses has data for this gmina.',
  layer: 'Layer',
  meaning: 'What it means for this report',
  coverageStatus: { available: 'available', partial: 'partial', missing: 'no data' },
  gapNote: (s) => (s === 'missing' ? 'No data in this gmina: facts from this layer are unknown, which is not the same as absent.' : 'Data for only part of this gmina: facts from this layer may be incomplete.'),
  sources: 'Sources and dates',
  version: 'Version',
  refreshed: 'Refreshed',
  run: 'Refresh run',
  parcelSource: 'Parcel geometry source',
  fetched: 'fetched',
  disclaimer:
    'Compiled automatically from public registers and derived layers at the versions listed above. It is not a legal opinion or an extract from the land register; verify key facts with the gmina and the land and mortgage register (księga wieczysta) before buying.',
};

const PL: PdfLabels = {
  kicker: 'RAPORT O DZIAŁCE (DUE DILIGENCE)',
  generated: 'Wygenerowano',
  dataVersion: 'Wersja danych',
  page: (n, of) => `Strona ${n} z ${of}`,
  summary: 'Podsumowanie',
  map: 'Mapa',
  mapNote: (scale) => `Granice działek i obszary ograniczeń z naszych danych, układ EPSG:2180 (PUWG 1992). Skala ok. 1:${scale}.`,
  legendParcel: 'Ta działka',
  legendNeighbours: 'Działki sąsiednie',
  legendSeverity: { blocking: 'Obszar wykluczający', restrictive: 'Obszar ograniczający', informational: 'Obszar informacyjny' },
  wholeMapInside: 'Cała mapa leży w obszarze',
  parcel: 'Działka',
  parcelId: 'Identyfikator (EGiB)',
  number: 'Numer działki',
  precinct: 'Obręb',
  gmina: 'Gmina',
  area: 'Powierzchnia',
  ownership: 'Właściciel (grupa rejestrowa EGiB)',
  generatedValue: 'dane demonstracyjne, wygenerowane',
  centroid: 'Punkt wewnątrz (szer., dł.)',
  zoning: 'Przeznaczenie i planowanie',
  localPlan: 'Miejscowy plan (MPZP)',
  planName: 'Plan',
  adopted: 'Uchwalony',
  zone: 'Symbol strefy',
  category: 'Kategoria',
  designation: 'Przeznaczenie',
  maxHeight: 'Maks. wysokość zabudowy',
  maxCoverage: 'Maks. powierzchnia zabudowy',
  minBiological: 'Min. powierzchnia biologicznie czynna',
  zoneShare: 'Udział działki w strefie',
  otherZones: 'Inne strefy na działce',
  document: 'Dokument planu',
  noLocalPlan: 'Działka nie jest objęta planem miejscowym: zabudowa wymaga decyzji o warunkach zabudowy (WZ).',
  unknown: 'Nieznane',
  generalPlan: 'Plan ogólny',
  status: 'Status',
  allowsBuilding: 'Dopuszcza nową zabudowę',
  draftPlanNote: 'Nie obowiązuje: to tylko informacja, która nie przesądza o przeznaczeniu działki.',
  legalStatus: 'Stan prawny',
  studium: 'Studium uwarunkowań',
  noneApplies: 'Brak',
  preEmption: 'Prawo pierwokupu',
  holder: 'Uprawniony',
  basis: 'Podstawa prawna i powód',
  constraints: (b) => `Ograniczenia na działce lub w promieniu ${b} m`,
  severity: 'Waga',
  areaName: 'Obszar',
  kind: 'Rodzaj',
  overlap: 'Pokrycie',
  distance: 'Odległość',
  noConstraints: 'Na działce ani w buforze nie stwierdzono obszarów ograniczeń (w warstwach, które mają tu dane).',
  notChecked: 'Nie sprawdzono z braku danych',
  windSetbackNote: 'Strefy odległości elektrowni wiatrowych ograniczają tylko lokalizację elektrowni wiatrowej; dla innych inwestycji mają charakter informacyjny.',
  windSetbackForWind: 'Strefy odległości elektrowni wiatrowych: na części działki w ich granicach nie można postawić elektrowni wiatrowej (twarde kryterium scenariusza).',
  dataNotice: 'DANE DEMONSTRACYJNE',
  terrain: 'Ukształtowanie terenu',
  elevation: 'Wysokość (min – maks.)',
  elevationMean: 'Średnia wysokość',
  slopeMean: 'Średnie nachylenie',
  slopeP90: 'Nachylenie, 90. percentyl',
  aspect: 'Wystawa',
  demResolution: 'Rozdzielczość modelu terenu',
  infrastructure: 'Najbliższa infrastruktura',
  nearestFeature: 'Najbliższy obiekt',
  noneWithin: (d) => `brak w promieniu ${d}`,
  noData: 'Nieznane z braku danych',
  market: 'Rynek',
  medianPrice: 'Mediana ceny gruntu',
  landTypeMedian: { agricultural: 'Mediana: grunty rolne', building: 'Mediana: działki budowlane', other: 'Mediana: inne grunty' },
  comparables: 'Transakcje porównawcze',
  priceEstimate: 'Cena szacowana',
  priceEstimateBasis: (comparables, landType, p25, p75) =>
    `powierzchnia × mediana ${comparables} transakcji (${{ agricultural: 'grunty rolne', building: 'działki budowlane', other: 'inne grunty' }[landType]}) w gminie z 3 lat; połowa między ${p25} a ${p75}`,
  radius: 'Promień wyszukiwania',
  since: 'Akty od',
  scenarioFit: 'Dopasowanie do scenariusza',
  scenario: 'Scenariusz',
  passes: 'Spełnia wszystkie twarde kryteria',
  failed: 'Niespełnione kryteria',
  unverified: 'Niesprawdzone (brak danych)',
  yes: 'tak',
  no: 'nie',
  coverageGaps: 'Luki w danych: czego nasze dane tu nie mówią',
  noGaps: 'Każda warstwa użyta w raporcie ma dane dla tej gminy.',
  layer: 'Warstwa',
  meaning: 'Znaczenie dla raportu',
  coverageStatus: { available: 'dostępne', partial: 'częściowe', missing: 'brak danych' },
  gapNote: (s) => (s === 'missing' ? 'Brak danych w tej gminie: fakty z tej warstwy są nieznane, co nie oznacza, że ich nie ma.' : 'Dane tylko dla części gminy: fakty z tej warstwy mogą być niepełne.'),
  sources: 'Źródła i daty',
  version: 'Wersja',
  refreshed: 'Odświeżono',
  run: 'Przebieg odświeżania',
  parcelSource: 'Źródło geometrii działki',
  fetched: 'pobrano',
  disclaimer:
    'Raport sporządzono automatycznie z rejestrów publicznych i warstw pochodnych w wersjach podanych powyżej. Nie jest opinią prawną ani odpisem z księgi wieczystej; przed zakupem sprawdź kluczowe informacje w gminie i w księdze wieczystej.',
};

export const PDF_LABELS: Record<ReportLanguage, PdfLabels> = { en: EN, pl: PL };
