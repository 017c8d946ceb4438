/**
 * EGiB registration groups (grupy rejestrowe): who owns or holds a parcel, as the land register
 * classes its registration unit. The sixteen groups of the regulation of the Minister of Development,
 * Labour and Technology of 27 July 2021 on the land and building register (Dz.U. 2021 poz. 1390); the
 * Polish labels are the regulation's words. Shared by parcel facts (the labels), search (the filter's
 * allowed codes) and the natural-language reading (which words mean which groups).
 */
export interface RegistrationGroup {
  code: string;
  label_pl: string;
  label_en: string;
}

export const REGISTRATION_GROUPS: readonly RegistrationGroup[] = Object.freeze([
  { code: '1', label_pl: 'Skarb Państwa, jeżeli nie występuje w zbiegu z użytkownikami wieczystymi', label_en: 'State Treasury, not in perpetual usufruct' },
  { code: '2', label_pl: 'Skarb Państwa, jeżeli występuje w zbiegu z użytkownikami wieczystymi', label_en: 'State Treasury land in perpetual usufruct' },
  {
    code: '3',
    label_pl: 'jednoosobowe spółki Skarbu Państwa, przedsiębiorstwa państwowe i inne państwowe osoby prawne',
    label_en: 'State Treasury one-person companies, state enterprises and other state legal persons',
  },
  {
    code: '4',
    label_pl: 'gminy, związki międzygminne lub metropolitalne, jeżeli nie występują w zbiegu z użytkownikami wieczystymi',
    label_en: 'Gminas and inter-municipal or metropolitan unions, not in perpetual usufruct',
  },
  {
    code: '5',
    label_pl: 'gminy, związki międzygminne lub metropolitalne, jeżeli występują w zbiegu z użytkownikami wieczystymi',
    label_en: 'Gmina land (and that of inter-municipal or metropolitan unions) in perpetual usufruct',
  },
  {
    code: '6',
    label_pl: 'jednoosobowe spółki jednostek samorządu terytorialnego i inne osoby prawne, których organami założycielskimi są organy samorządu terytorialnego',
    label_en: 'One-person companies of local government units and other legal persons founded by local government',
  },
  { code: '7', label_pl: 'osoby fizyczne', label_en: 'Natural persons (private individuals)' },
  { code: '8', label_pl: 'spółdzielnie', label_en: 'Cooperatives' },
  { code: '9', label_pl: 'kościoły i związki wyznaniowe', label_en: 'Churches and religious associations' },
  { code: '10', label_pl: 'wspólnoty gruntowe', label_en: 'Land communities' },
  {
    code: '11',
    label_pl: 'powiaty i związki powiatów, jeżeli nie występują w zbiegu z użytkownikami wieczystymi',
    label_en: 'Powiats and unions of powiats, not in perpetual usufruct',
  },
  { code: '12', label_pl: 'powiaty i związki powiatów, jeżeli występują w zbiegu z użytkownikami wieczystymi', label_en: 'Powiat land in perpetual usufruct' },
  { code: '13', label_pl: 'województwa, jeżeli nie występują w zbiegu z użytkownikami wieczystymi', label_en: 'Voivodeships, not in perpetual usufruct' },
  { code: '14', label_pl: 'województwa, jeżeli występują w zbiegu z użytkownikami wieczystymi', label_en: 'Voivodeship land in perpetual usufruct' },
  { code: '15', label_pl: 'spółki prawa handlowego', label_en: 'Commercial companies' },
  { code: '16', label_pl: 'inne podmioty ewidencyjne niewymienione w pkt 1–15', label_en: 'Other registered subjects not in groups 1–15' },
]);

export const REGISTRATION_GROUP_CODES: readonly string[] = Object.freeze(REGISTRATION_GROUPS.map((g) => g.code));

export function registrationGroup(code: string): RegistrationGroup | undefined {
  return REGISTRATION_GROUPS.find((g) => g.code === code);
}

/**
 * Owners as people name them, as sets of groups: what "private land", "gmina land" or "State Treasury
 * land" means in the register. Private is natural persons and commercial companies (the owners one
 * buys from on the open market); the public owners count their land in perpetual usufruct too.
 */
export const OWNER_KINDS = Object.freeze({
  private: ['7', '15'],
  state_treasury: ['1', '2'],
  gmina: ['4', '5'],
  powiat: ['11', '12'],
  voivodeship: ['13', '14'],
  church: ['9'],
  cooperative: ['8'],
} as const satisfies Record<string, readonly string[]>);

export type OwnerKind = keyof typeof OWNER_KINDS;
