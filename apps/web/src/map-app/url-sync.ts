import { useRef, useState } from 'preact/hooks';
import { writeUrlState, type UrlState } from '../url-state.js';

export type UrlUpdate = (change: Partial<UrlState>, history: 'push' | 'replace') => void;

/**
 * The address bar's state: what the page shows, written back on every change (a push for a step the
 * back button should undo, a replace for a map move or a layer toggled). The ref is the latest state
 * for callbacks made before it changed.
 */
export function useUrlSync(initial: UrlState): { url: UrlState; urlRef: { current: UrlState }; update: UrlUpdate; adopt(next: UrlState): void } {
  const [url, setUrl] = useState<UrlState>(initial);
  const urlRef = useRef(url);
  urlRef.current = url;
  const update: UrlUpdate = (change, history) => {
    const next = { ...urlRef.current, ...change };
    urlRef.current = next;
    setUrl(next);
    writeUrlState(next, history);
  };
  /** The state the browser went back or forward to: shown, not written again. */
  const adopt = (next: UrlState) => {
    urlRef.current = next;
    setUrl(next);
  };
  return { url, urlRef, update, adopt };
}
