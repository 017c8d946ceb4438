import type { ReportLanguage } from '@lp/contracts';

/** The words of the site report PDF beyond those it shares with the parcel report (pdf-labels.ts). */
export interface SitePdfLabels {
  kicker: string;
  title(parcels: number, hectares: string): string;
  legendMembers: string;
  site: string;
  members: string;
  totalArea: string;
  compactness: string;
  maxGap: string;
  gminas: string;
  membersTable: { parcel: string; area: string; zoning: string; slope: string; blocking: string; gaps: string };
  noPlan: string;
  siteConstraints: string;
  siteConstraintsNote: string;
  onMembers: string;
  noConstraints: string;
  gaps: string;
  gapsNote: string;
  noGaps: string;
  whichMembers: string;
  status: string;
  memberReports: string;
  disclaimer: string;
}

export const SITE_PDF_LABELS: Record<ReportLanguage, SitePdfLabels> = {
  en: {
    kicker: 'ASSEMBLED SITE DUE-DILIGENCE REPORT',
    title: (parcels, hectares) => `Site of ${parcels} parcels, ${hectares}`,
    legendMembers: 'Parcels of the site',
    site: 'The site',
    members: 'Members',
    totalArea: 'Total area',
    compactness: 'Compactness (Polsby-Popper)',
    maxGap: 'Largest gap joined',
    gminas: 'Gmina',
    membersTable: { parcel: 'Parcel', area: 'Area', zoning: 'Local plan', slope: 'Mean slope', blocking: 'Blocking constraint', gaps: 'Not checked (no data)' },
    noPlan: 'no local plan',
    siteConstraints: 'Constraints of the whole site',
    siteConstraintsNote: 'Each area once: its share of the whole site, its distance from the nearest member, and the members it lies on (or near, when informational).',
    onMembers: 'Members',
    noConstraints: 'No constraint area on the site or within 100 m of a member, where data exists (see the gaps below).',
    gaps: 'What could not be checked, by member',
    gapsNote: 'A layer without data for a member means its facts are unknown there, not absent.',
    noGaps: 'Every layer the report depends on has data for every member.',
    whichMembers: 'Members affected',
    status: 'Status',
    memberReports: 'Each member has its own full report: GET /v1/parcels/{id}/report (the JSON of this report holds all of them under members).',
    disclaimer:
      'The site is the union of its members; each must be acquired. Facts of the members come from the same data as their own reports. Not a legal opinion: check the local plan and land register before acting.',
  },
  pl: {
    kicker: 'RAPORT O TERENIE Z KILKU DZIAŁEK (DUE DILIGENCE)',
    title: (parcels, hectares) => `Teren z ${parcels} działek, ${hectares}`,
    legendMembers: 'Działki terenu',
    site: 'Teren',
    members: 'Działki',
    totalArea: 'Powierzchnia łączna',
    compactness: 'Zwartość (Polsby-Popper)',
    maxGap: 'Największa łączona przerwa',
    gminas: 'Gmina',
    membersTable: { parcel: 'Działka', area: 'Powierzchnia', zoning: 'Plan miejscowy', slope: 'Nachylenie', blocking: 'Ograniczenie wykluczające', gaps: 'Niesprawdzone (brak danych)' },
    noPlan: 'brak planu miejscowego',
    siteConstraints: 'Ograniczenia całego terenu',
    siteConstraintsNote: 'Każdy obszar raz: jego udział w całym terenie, odległość od najbliższej działki i działki, na których leży (lub w pobliżu, gdy informacyjny).',
    onMembers: 'Działki',
    noConstraints: 'Brak obszarów ograniczeń na terenie i w promieniu 100 m od działek tam, gdzie są dane (zob. braki danych niżej).',
    gaps: 'Czego nie dało się sprawdzić, według działek',
    gapsNote: 'Brak danych warstwy dla działki oznacza, że jej fakty są tam nieznane, a nie nieobecne.',
    noGaps: 'Każda warstwa, z której korzysta raport, ma dane dla każdej działki.',
    whichMembers: 'Których działek dotyczy',
    status: 'Stan',
    memberReports: 'Każda działka ma własny pełny raport: GET /v1/parcels/{id}/report (JSON tego raportu zawiera je wszystkie w polu members).',
    disclaimer:
      'Teren to suma działek; każdą trzeba nabyć. Fakty o działkach pochodzą z tych samych danych co ich własne raporty. To nie jest opinia prawna: przed decyzją sprawdź plan miejscowy i księgę wieczystą.',
  },
};
