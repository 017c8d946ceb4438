import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Language } from './messages.js';

/** Names of the catalogue's layers in each language, from the map style's metadata (gateway map-style.ts). */
export type LayerNames = Readonly<Record<string, Readonly<Record<Language, string>>>>;

export const LayerNamesContext = createContext<LayerNames>({});

/** A layer's name in the reader's language; an unknown id reads as itself with spaces. */
export function useLayerName(language: Language): (layerId: string) => string {
  const names = useContext(LayerNamesContext);
  return (layerId) => names[layerId]?.[language] ?? layerId.replaceAll('_', ' ');
}
