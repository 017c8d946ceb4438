/**
 * Polish wording of the scenario hard criteria. `scenario_fit.failed_criteria` and
 * `unverified_criteria` carry the criterion labels of the scenario catalogue (English, as in the
 * spec's scenario table); they are the criteria's names on the wire, so this table is keyed by
 * them. The catalogue itself stays as it is: search-svc's scenario tests fail on a criterion label
 * that has no entry here, so a new criterion cannot reach a Polish report in English.
 */
export const CRITERION_LABELS_PL: Readonly<Record<string, string>> = Object.freeze({
  'Minimum area': 'minimalna powierzchnia',
  'No blocking zone': 'brak strefy wykluczającej zabudowę',
  'No environmental risk': 'brak ryzyka środowiskowego',
  'No environmental risk nearby': 'brak ryzyka środowiskowego w pobliżu',
  'No environmental risk within 1 km': 'brak ryzyka środowiskowego w promieniu 1 km',
  'Near a substation': 'bliskość stacji WN (co najmniej 110 kV)',
  'Grid capacity available': 'dostępna moc przyłączeniowa',
  'Grid capacity at least 20 MW': 'moc przyłączeniowa co najmniej 20 MW',
  'Minimum solar yield': 'minimalny uzysk energii słonecznej',
  'Slope within tolerance': 'dopuszczalne nachylenie terenu',
  'Not forest or orchard': 'poza lasem i sadem',
  'Statutory setback clear': 'poza ustawową strefą odległości od zabudowy (elektrownie wiatrowe)',
  'Near an MV line': 'bliskość linii średniego napięcia',
  'Near water': 'bliskość wód powierzchniowych',
  'Near transit': 'bliskość przystanku komunikacji publicznej',
  'Near a school': 'bliskość szkoły',
  'Agricultural land': 'grunty rolne',
  'Residential zoning': 'przeznaczenie mieszkaniowe',
  'Distance from homes': 'odległość od budynków mieszkalnych',
  'Fire distance from homes': 'odległość przeciwpożarowa od budynków mieszkalnych',
  'Commercial zoning': 'przeznaczenie usługowo-handlowe',
  'Industrial zoning': 'przeznaczenie przemysłowe',
  Vacant: 'działka niezabudowana',
  'No state-agricultural pre-emption': 'brak prawa pierwokupu KOWR',
  'Near a planned or trunk road': 'bliskość planowanej lub głównej drogi',
  'Existing low-rise building': 'istniejąca niska zabudowa',
  'Not heritage': 'poza ochroną konserwatorską',
  'Not contaminated': 'brak zanieczyszczenia gruntu',
  'Overlaps state agricultural land': 'grunty Zasobu Własności Rolnej Skarbu Państwa',
});

/** A criterion label in the report's language; an English label without a Polish entry is kept as is. */
export function criterionLabel(label: string, language: 'en' | 'pl'): string {
  return language === 'pl' ? (CRITERION_LABELS_PL[label] ?? label) : label;
}
