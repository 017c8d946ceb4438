import { lookUpWord } from '../text/word-table.js';

/**
 * Polish place names decline: "w Krakowie", "koło Poznania", "pod Olsztynem", "w Zielonej Górze",
 * "na Mazowszu", "w Katowicach". Rather than generate every form of 100,000 names, a query word is
 * turned back into the nominatives it may come from (a handful of candidates), and those are looked
 * up. Words are folded first (no diacritics), which removes most vowel alternations (ó/o, ą/a, ę/e).
 *
 * Each rule replaces an ending: [ending of the inflected form, ending of the nominative]. Rules may
 * over-generate (`krakowa` → `krakow`, `krakowo`, ...): only candidates that name a place matter.
 */
const RULES: ReadonlyArray<readonly [string, string]> = [
  // masculine and neuter nouns: genitive -a, locative -u/-ie, instrumental -em, dative -owi
  ['a', ''],
  ['ia', ''],
  ['a', 'o'],
  ['a', 'e'],
  ['u', ''],
  ['iu', ''],
  ['u', 'o'],
  ['u', 'e'],
  ['ie', ''],
  ['ie', 'o'],
  ['em', ''],
  ['iem', ''],
  ['em', 'o'],
  ['iem', 'o'],
  ['em', 'e'],
  ['m', ''],
  ['owi', ''],
  ['owi', 'o'],
  // feminine nouns: genitive -y/-i, dative and locative -ie/-y/-i, accusative -ę (folded -e)
  ['y', 'a'],
  ['i', 'a'],
  ['i', 'ia'],
  ['ii', 'ia'],
  ['i', ''],
  ['y', ''],
  ['ie', 'a'],
  ['e', 'a'],
  // consonant alternations before the locative -e: Sopot/Sopocie, Ostróda/Ostródzie, Góra/Górze,
  // Piła/Pile, Koło/Kole, Wólka/Wólce, Praga/Pradze, Wola/Woli, Miasto/Mieście, Las/Lesie
  ['cie', 't'],
  ['cie', 'ta'],
  ['cie', 'to'],
  ['dzie', 'd'],
  ['dzie', 'da'],
  ['dzie', 'do'],
  ['rze', 'r'],
  ['rze', 'ra'],
  ['rze', 'ro'],
  ['le', 'la'],
  ['le', 'lo'],
  ['le', 'l'],
  ['ce', 'ka'],
  ['ce', 'k'],
  ['dze', 'ga'],
  ['sze', 'cha'],
  ['scie', 'sta'],
  ['scie', 'st'],
  ['iescie', 'iasto'],
  ['esie', 'as'],
  ['snie', 'sna'],
  ['snie', 'sno'],
  ['zdzie', 'zda'],
  ['sle', 'sla'],
  // adjectives (first words of Zielona Góra, Nowy Sącz, Nowe Miasto, Gorzów Wielkopolski; voivodeships)
  ['ej', 'a'],
  ['iej', 'ia'],
  ['ym', 'y'],
  ['ym', 'e'],
  ['im', 'i'],
  ['im', 'ie'],
  ['ego', 'y'],
  ['ego', 'e'],
  ['iego', 'i'],
  ['iego', 'ie'],
  ['emu', 'y'],
  ['emu', 'e'],
  ['iemu', 'i'],
  ['iemu', 'ie'],
  ['a', 'y'],
  ['a', 'i'],
  ['a', 'ie'],
  ['e', 'y'],
  ['e', 'i'],
  ['ich', 'ie'],
  ['ich', 'i'],
  ['ych', 'y'],
  ['ych', 'e'],
  // plural names (Katowice, Kielce, Tychy, Suwałki, Tarnowskie Góry): -ach, -ami, -om, genitive -ów or no ending
  ['ach', 'y'],
  ['ach', 'e'],
  ['ach', 'i'],
  ['ami', 'y'],
  ['ami', 'e'],
  ['ami', 'i'],
  ['om', 'y'],
  ['om', 'e'],
  ['ow', 'y'],
  ['ow', 'i'],
  ['', 'e'],
  ['', 'y'],
  ['', 'i'],
  ['ek', 'ki'],
];

/** Forms no rule reaches (a compound declining inside: Biały+stok; wieś/wsi drops its vowel). Folded. */
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  wsi: ['wies'],
  wsia: ['wies'],
  bialymstoku: ['bialystok'],
  bialegostoku: ['bialystok'],
  bialymstokiem: ['bialystok'],
};

/** A nominative shorter than this is not worth trying: it would match too much. */
const MIN_BASE_LETTERS = 3;

const CONSONANT = /[bcdfghjklmnprstwxz]$/;

/**
 * The nominatives a folded word may be a form of, the word itself first. Also undoes the mobile
 * e of -ek/-ec names (Olsztynku → Olsztynek, Bolesławcu → Bolesławiec).
 */
export function baseCandidates(word: string): string[] {
  const out = new Set<string>([word]);
  if (!/^[a-z]+$/.test(word)) return [...out];
  for (const base of lookUpWord(IRREGULAR, word) ?? []) out.add(base);
  for (const [ending, replacement] of RULES) {
    if (!word.endsWith(ending)) continue;
    const stem = word.slice(0, word.length - ending.length);
    if (stem.length === 0 || stem.length + replacement.length < MIN_BASE_LETTERS) continue;
    out.add(stem + replacement);
    // mobile e: Olsztynk-u → Olsztynek, Bolesławc-u → Bolesław-iec, Zgorzelc-u → Zgorzel-ec
    if (replacement === '' && /[kc]$/.test(stem) && CONSONANT.test(stem.slice(0, -1))) {
      out.add(`${stem.slice(0, -1)}e${stem.slice(-1)}`);
      out.add(`${stem.slice(0, -1)}ie${stem.slice(-1)}`);
    }
  }
  return [...out];
}
