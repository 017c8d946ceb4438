import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Language } from './messages.js';

/** Names of catalogue ids in each language, by id, from the map style's metadata (gateway map-style.ts). */
export type Names = Readonly<Record<string, Readonly<Record<Language, string>>>>;

/** The catalogue's layers and kinds (constraint kinds, zoning categories) in words. */
export interface LayerNames {
  layers: Names;
  kinds: Names;
}

export const LayerNamesContext = createContext<LayerNames>({ layers: {}, kinds: {} });

/** A layer's name in the reader's language; an unknown id reads as itself with spaces. */
export function useLayerName(language: Language): (layerId: string) => string {
  const { layers } = useContext(LayerNamesContext);
  return (layerId) => layers[layerId]?.[language] ?? layerId.replaceAll('_', ' ');
}

/** A kind's name in the reader's language; an unknown id reads as itself with spaces. */
export function useKindName(language: Language): (kind: string) => string {
  const { kinds } = useContext(LayerNamesContext);
  return (kind) => kinds[kind]?.[language] ?? kind.replaceAll('_', ' ');
}
