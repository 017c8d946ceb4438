import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { onUnauthorized } from './api/client.js';
import { keyStore } from './api/key-store.js';
import { I18n, initialLanguage, saveLanguage, translator } from './i18n/i18n.js';
import type { Language } from './i18n/messages.js';
import { MapApp } from './map-app.js';
import { prefetchParcel } from './parcel/parcel-loader.js';
import { readUrlState } from './url-state.js';
import { loadStyle, signInFailure } from './sign-in/session.js';
import { SignIn } from './sign-in/sign-in.js';

type Session = { state: 'checking' } | { state: 'signed-out'; message: string | null } | { state: 'signed-in'; style: StyleSpecification };

/** Sign-in gate, language and the map application. A deep link (`/p/<id>`) survives signing in: the URL is never changed here. */
export function App() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const i18n = useMemo(() => ({ language, t: translator(language) }), [language]);
  const [session, setSession] = useState<Session>(() => (keyStore.get() ? { state: 'checking' } : { state: 'signed-out', message: null }));

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    if (session.state === 'checking') {
      const { parcelId } = readUrlState();
      if (parcelId) prefetchParcel(parcelId);
      loadStyle()
        .then((style) => setSession({ state: 'signed-in', style }))
        .catch((error: unknown) => {
          const failure = signInFailure(error, true);
          if (failure.key === 'keyExpired' || failure.key === 'keyLacksScope') keyStore.clear();
          setSession({ state: 'signed-out', message: i18n.t(failure.key, failure.values) });
        });
    }
    return onUnauthorized(() => {
      keyStore.clear();
      setSession({ state: 'signed-out', message: translator(language)('keyExpired') });
    });
  }, [session.state]);

  const signIn = async (key: string) => {
    try {
      const style = await loadStyle(key);
      keyStore.set(key);
      setSession({ state: 'signed-in', style });
    } catch (error) {
      const failure = signInFailure(error, false);
      setSession({ state: 'signed-out', message: i18n.t(failure.key, failure.values) });
    }
  };

  const signOut = () => {
    keyStore.clear();
    setSession({ state: 'signed-out', message: null });
  };

  const switchLanguage = (next: Language) => {
    saveLanguage(next);
    setLanguage(next);
  };

  return (
    <I18n.Provider value={i18n}>
      <header class="app-header">
        <a class="brand" href="/">
          <span aria-hidden="true">▦</span> {i18n.t('appName')}
        </a>
        <div class="header-actions">
          <label class="inline">
            <span class="visually-hidden">{i18n.t('language')}</span>
            <select name="language" aria-label={i18n.t('language')} value={language} onChange={(event) => switchLanguage((event.currentTarget as HTMLSelectElement).value as Language)}>
              {/* Each language named in itself, whatever the page's language. */}
              <option value="pl" lang="pl">
                Polski
              </option>
              <option value="en" lang="en">
                English
              </option>
            </select>
          </label>
          {session.state === 'signed-in' && (
            <button type="button" class="secondary" onClick={signOut}>
              {i18n.t('signOut')}
            </button>
          )}
        </div>
      </header>
      {session.state === 'checking' && <p aria-busy="true" class="centered">{i18n.t('loading')}</p>}
      {session.state === 'signed-out' && <SignIn message={session.message} onSubmit={signIn} />}
      {session.state === 'signed-in' && <MapApp style={session.style} />}
    </I18n.Provider>
  );
}
