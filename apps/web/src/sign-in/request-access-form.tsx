import { useState } from 'preact/hooks';
import { ApiError, postJson } from '../api/client.js';
import { useI18n } from '../i18n/i18n.js';

/** The private preview's "request access": stored for the operators (npm run keys -- requests). */
export function RequestAccessForm() {
  const { t } = useI18n();
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const answer = await postJson<{ id: string }>('/v1/access-requests', {
        name: text('name'),
        email: text('email'),
        organisation: text('organisation'),
        interfaces: text('interfaces'),
        regions: text('regions'),
        layers: text('layers'),
        purpose: text('purpose') || undefined,
      });
      setSent(answer.id);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card" aria-labelledby="request-access-title">
      <details>
        <summary>
          <h2 id="request-access-title">{t('requestAccess')}</h2>
        </summary>
        <p class="muted">{t('requestAccessIntro')}</p>
        {sent ? (
          <p role="status" class="alert ok">
            {t('requestSent', { id: sent })}
          </p>
        ) : (
          <form onSubmit={(event) => void submit(event)} class="stack">
            <label>
              {t('yourName')}
              <input name="name" required maxLength={200} autocomplete="name" />
            </label>
            <label>
              {t('email')}
              <input name="email" type="email" required maxLength={200} autocomplete="email" />
            </label>
            <label>
              {t('organisation')}
              <input name="organisation" required maxLength={200} autocomplete="organization" />
            </label>
            <fieldset>
              <legend>{t('interfaces')}</legend>
              <label class="inline">
                <input type="radio" name="interfaces" value="rest" required /> {t('interfaceRest')}
              </label>
              <label class="inline">
                <input type="radio" name="interfaces" value="mcp" /> {t('interfaceMcp')}
              </label>
              <label class="inline">
                <input type="radio" name="interfaces" value="both" /> {t('interfaceBoth')}
              </label>
            </fieldset>
            <label>
              {t('regionsOfInterest')}
              <input name="regions" required maxLength={500} />
            </label>
            <label>
              {t('layersOfInterest')}
              <input name="layers" required maxLength={500} />
            </label>
            <label>
              {t('purpose')}
              <textarea name="purpose" maxLength={2000} rows={3} />
            </label>
            {error && (
              <p role="alert" class="alert error">
                {error}
              </p>
            )}
            <button type="submit" disabled={busy}>
              {t('send')}
            </button>
          </form>
        )}
      </details>
    </section>
  );
}
