import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { RequestAccessForm } from './request-access-form.js';

export interface SignInProps {
  message: string | null;
  onSubmit(key: string): Promise<void>;
}

/** The key form (`api_key`) and, for people without a key, the request-access form. */
export function SignIn({ message, onSubmit }: SignInProps) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const key = String(new FormData(form).get('api_key') ?? '').trim();
    if (!key) return;
    setBusy(true);
    try {
      await onSubmit(key);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <section class="card" aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">{t('signInTitle')}</h1>
        <p class="muted">{t('tagline')}</p>
        <form onSubmit={(event) => void submit(event)} class="stack">
          <label for="api_key">{t('apiKey')}</label>
          <input id="api_key" name="api_key" type="password" autocomplete="off" spellcheck={false} required aria-describedby="api-key-hint" />
          <small id="api-key-hint" class="muted">
            {t('apiKeyHint')}
          </small>
          {message && (
            <p role="alert" class="alert error">
              {message}
            </p>
          )}
          <button type="submit" disabled={busy}>
            {busy ? t('signingIn') : t('signIn')}
          </button>
        </form>
      </section>
      <RequestAccessForm />
    </main>
  );
}
