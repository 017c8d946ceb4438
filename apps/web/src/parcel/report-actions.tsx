import { useState } from 'preact/hooks';
import { ApiError, parcelPath, postJson, request } from '../api/client.js';
import { useI18n } from '../i18n/i18n.js';

/** The due-diligence report as a PDF (the key travels in a header, so the file is fetched, not linked) and a shareable link. */
export function ReportActions({ parcelId }: { parcelId: string }) {
  const { language, t } = useI18n();
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async (reportLanguage: 'pl' | 'en') => {
    setBusy(true);
    setError(null);
    try {
      const response = await request(parcelPath(parcelId, '/report'), { query: { language: reportLanguage }, accept: 'application/pdf' });
      const url = URL.createObjectURL(await response.blob());
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `raport-${parcelId.replace(/[^A-Za-z0-9._-]+/g, '_')}-${reportLanguage}.pdf`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 30_000);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const share = async () => {
    setBusy(true);
    setError(null);
    try {
      setLink(await postJson<{ url: string; expires_at: string }>(parcelPath(parcelId, '/report/link'), { language }));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="facts">
      <h3>{t('report')}</h3>
      <div class="row wrap">
        <button type="button" disabled={busy} onClick={() => void download('pl')}>
          {t('downloadPdf', { lang: 'PL' })}
        </button>
        <button type="button" disabled={busy} onClick={() => void download('en')}>
          {t('downloadPdf', { lang: 'EN' })}
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => void share()}>
          {t('shareLink')}
        </button>
      </div>
      {link && (
        <p class="share">
          {t('linkReady', { date: new Date(link.expires_at).toLocaleString(language === 'pl' ? 'pl-PL' : 'en-GB') })}{' '}
          <input readOnly value={link.url} aria-label={t('shareLink')} onFocus={(event) => (event.currentTarget as HTMLInputElement).select()} />
          <button type="button" class="secondary" onClick={() => void navigator.clipboard?.writeText(link.url)}>
            {t('copy')}
          </button>
        </p>
      )}
      {error && (
        <p role="alert" class="alert error">
          {error}
        </p>
      )}
    </section>
  );
}
