import type { SourceProfileInput } from '../source-profile.js';

/**
 * GUNB register of applications and decisions (Rejestr Wniosków, Decyzji i Zgłoszeń, RWDZ):
 * nightly CSV exports at https://wyszukiwarka.gunb.gov.pl/pobranie.html, building permits per
 * voivodeship (`wynik_<voivodeship>.zip`, since 2016). UTF-8 with a BOM, `;`-separated (the page
 * says `#`), the column `cecha` twice, quoted fields may hold line breaks, and one row per parcel
 * of a case. There are no coordinates: a permit is placed on its EGiB parcel
 * (`jednosta_numer_ew`.`obreb_numer`.`numer_dzialki`), so parcels must be loaded first.
 */
export const GUNB_PROFILES: SourceProfileInput[] = [
  {
    id: 'gunb-permits',
    layer: 'gunb_permits',
    register: 'GUNB, Rejestr Wniosków, Decyzji i Zgłoszeń (building permits)',
    publishedAt: 'https://wyszukiwarka.gunb.gov.pl/pobranie.html',
    endpoint: 'https://wyszukiwarka.gunb.gov.pl/pliki_pobranie/wynik_wielkopolskie.zip',
    licence: 'Public information published by GUNB for download; names of private investors and designers are personal data and are not loaded',
    attribution: 'Główny Urząd Nadzoru Budowlanego (GUNB), RWDZ',
    cadence: 'weekly',
    notes:
      'One zip per voivodeship (wynik_dolnoslaskie.zip ... wynik_zachodniopomorskie.zip); a permit naming several parcels is one row per parcel. ' +
      'Rows whose parcel is not in the served parcels layer are left out and counted in the run log. Notifications (wynik_zgloszenia_2022_up.zip) ' +
      'have other columns and need their own profile.',
    fetch: { kind: 'zip', members: ['*.csv'] },
    gdal: { openOptions: { SEPARATOR: 'SEMICOLON', AUTODETECT_TYPE: 'NO', HEADERS: 'YES' }, sourceSrs: 'EPSG:2180', encoding: 'UTF-8' },
    map: {
      id: { template: '{numer_gunb}/{jednosta_numer_ew}.{obreb_numer}.{numer_dzialki}' },
      kind: { constant: 'building_permit' },
      teryt: { gminaFromUnitId: 'jednosta_numer_ew' },
      geometry: { parcelPoint: { template: '{jednosta_numer_ew}.{obreb_numer}.{numer_dzialki}' } },
      attributes: {
        decision_number: { field: 'numer_decyzji_urzedu', optional: true },
        decided_on: { date: 'data_wydania_decyzji' },
        authority: { field: 'nazwa_organu', optional: true },
        building_category: { field: 'kategoria', optional: true },
        intended_use: { firstOf: [{ field: 'nazwa_zamierzenia_bud', optional: true }, { field: 'nazwa_zam_budowlanego', optional: true }] },
        parcel_ids: { template: '{jednosta_numer_ew}.{obreb_numer}.{numer_dzialki}' },
      },
    },
  },
];
