import type { OwnerKind } from '@lp/contracts';
import type { LexiconEntry } from './meanings.js';

const owner = (lang: LexiconEntry['lang'], pattern: string, kind: OwnerKind): LexiconEntry => ({ pattern, lang, meaning: { type: 'owner', owner: kind } });

/**
 * Who owns the parcel, as people say it: each phrase a set of EGiB registration groups
 * (OWNER_KINDS). The State Treasury's agricultural stock ("grunty rolne Skarbu Państwa", KOWR) is
 * the public-land scenario instead (asset-phrases.ts); "drogi powiatowe / wojewódzkie" are roads, so
 * powiat and voivodeship ownership is read only with a word of ownership.
 */
export const OWNER_PHRASES: readonly LexiconEntry[] = [
  owner('pl', '?wlasnosc*|wlasciciel* prywatn*', 'private'),
  owner('pl', 'osob* prywatn*|fizyczn*', 'private'),
  owner('en', 'private|privately ?owned|held ?owner|owners|ownership|individual|individuals|person|persons|land|property', 'private'),
  owner('en', 'owned|held by ?a ?private individual|individuals|person|persons|owner|owners', 'private'),

  // "droga gminna" is a road: the adjective counts only with a word of land or ownership
  owner('pl', 'wlasnosc*|mieni*|grunt*|dzialk*|teren*|ziemi*|nieruchomosc* gminn*|komunaln*', 'gmina'),
  owner('pl', 'gminn*|komunaln* grunt*|dzialk*|teren*|ziemi*|nieruchomosc*', 'gmina'),
  owner('pl', 'wlasnosc* gminy', 'gmina'),
  owner('en', 'owned|held by ?the ?a gmina|municipality|commune', 'gmina'),
  owner('en', 'gmina|municipal|municipally|communal owned|land|lands|property|plot|plots|ownership', 'gmina'),

  owner('pl', '?wlasnosc* skarb* panstwa', 'state_treasury'),
  owner('en', '?owned|held ?by ?the state treasury ?owned|land|property', 'state_treasury'),
  owner('en', 'treasury owned', 'state_treasury'),

  owner('pl', 'wlasnosc* powiat*', 'powiat'),
  owner('en', 'owned|held by ?the ?a powiat|county', 'powiat'),
  owner('pl', 'wlasnosc* wojewodztw*|samorzadu wojewodztwa', 'voivodeship'),
  owner('en', 'owned|held by ?the ?a voivodeship|province|region', 'voivodeship'),

  owner('pl', 'koscieln*|parafialn*', 'church'),
  owner('en', 'church|parish owned|land|lands|property', 'church'),
  owner('pl', 'spoldzielcz*', 'cooperative'),
  owner('en', 'cooperative owned|land|lands|property', 'cooperative'),
];
