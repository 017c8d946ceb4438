import type { Atom } from '../compile/atoms.js';
import type { Note } from '../compile/notes.js';
import type { PlaceMention } from '../places/place-finder.js';
import { spanText, tokenize, type Token } from '../text/tokens.js';

/**
 * The one context the recognition passes share: the query's tokens, which of them a pass has taken,
 * the atoms found so far, and the evidence of the language. Each pass takes the tokens it reads, so a
 * later pass sees only what is left; the order of the passes is the order of precedence.
 */
export interface Scan {
  query: string;
  tokens: Token[];
  /** The text of tokens [start, end), as typed. */
  text: (start: number, end: number) => string;
  taken: boolean[];
  /** Whether token i is still free for a later pass. */
  free: (index: number) => boolean;
  atoms: Atom[];
  /** Tokens a lexicon phrase (or a named feature) took: a spelling correction stands only there. */
  byLexicon: Set<number>;
  /** Tokens of connectives (fillers, cues): what may stand between a number and what it measures. */
  connective: boolean[];
  notes: Note[];
  evidence: { pl: number; en: number };
  /** Names of the named features and places measured from, by id, for the filter descriptions. */
  anchorNames: Map<string, string>;
  mentions: PlaceMention[];
  /** Filler words understood but meaning nothing, quoted back when nothing else was understood. */
  fillers: Array<{ start: number; text: string }>;
  /** Tokens read as corrected spellings, to be settled once the lexicon has had its say. */
  corrected: Token[];
}

export function createScan(query: string): Scan {
  const tokens = tokenize(query);
  const taken = new Array<boolean>(tokens.length).fill(false);
  return {
    query,
    tokens,
    text: (start, end) => spanText(query, tokens, start, end),
    taken,
    free: (index) => !taken[index],
    atoms: [],
    byLexicon: new Set(),
    connective: new Array<boolean>(tokens.length).fill(false),
    notes: [],
    evidence: { pl: 0, en: 0 },
    anchorNames: new Map(),
    mentions: [],
    fillers: [],
    corrected: [],
  };
}

/** Tokens [start, end) are read: no later pass reads them. */
export function take(scan: Scan, start: number, end: number): void {
  for (let index = start; index < end; index++) scan.taken[index] = true;
}

/** Tokens [start, end) are read as a lexicon phrase (or a named feature). */
export function takeByLexicon(scan: Scan, start: number, end: number): void {
  take(scan, start, end);
  for (let index = start; index < end; index++) scan.byLexicon.add(index);
}

/** An atom found: its tokens are taken. */
export function addAtom(scan: Scan, atom: Atom): void {
  scan.atoms.push(atom);
  take(scan, atom.start, atom.end);
}

export function addPlaces(scan: Scan, found: readonly PlaceMention[]): void {
  for (const mention of found) {
    scan.mentions.push(mention);
    addAtom(scan, { kind: 'place', mention, start: mention.start, end: mention.end });
  }
}
