const STORAGE_KEY = 'landparcel.apiKey';

/** The API key lives in this browser only (localStorage): never in a URL, a cookie or a log. */
export const keyStore = {
  get(): string | null {
    return localStorage.getItem(STORAGE_KEY);
  },
  set(key: string): void {
    localStorage.setItem(STORAGE_KEY, key);
  },
  clear(): void {
    localStorage.removeItem(STORAGE_KEY);
  },
};
