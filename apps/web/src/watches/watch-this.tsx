import { useState } from 'preact/hooks';
import type { CreatedWatchView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { WatchError, watchErrorText, type WatchErrorText } from './watch-error.js';
import { createWatch, type WatchTarget } from './watches-api.js';

export interface WatchThisProps {
  target: WatchTarget;
  /** 'search' for a search, scenario or sentence; 'parcel' for the parcel panel. */
  what: 'search' | 'parcel';
  defaultName: string;
  onOpenList(): void;
}

/**
 * "Watch this search" / "Watch this parcel": a name and an optional webhook URL, then the watch is
 * saved; a webhook's signing secret is shown here once, as the API shows it once.
 */
export function WatchThis({ target, what, defaultName, onOpenList }: WatchThisProps) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(defaultName);
  const [webhookUrl, setWebhookUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<WatchErrorText | null>(null);
  const [created, setCreated] = useState<CreatedWatchView | null>(null);

  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated(await createWatch(target, name.trim().slice(0, 200), webhookUrl.trim()));
    } catch (failure) {
      setError(watchErrorText(failure, t, true));
    } finally {
      setBusy(false);
    }
  };

  const label = what === 'search' ? t('watchSearch') : t('watchParcel');
  if (!open) {
    return (
      <p class="watch-this">
        <button type="button" class="secondary" onClick={() => setOpen(true)}>
          {label}
        </button>
      </p>
    );
  }
  if (created) {
    return (
      <section class="watch-this" aria-label={label}>
        <p role="status">{t('watchCreated')}</p>
        {created.webhook_secret && (
          <p class="small">
            {t('watchSecret')} <code translate={false}>{created.webhook_secret}</code>
          </p>
        )}
        <button type="button" class="link" onClick={onOpenList}>
          {t('watchOpenList')} →
        </button>
      </section>
    );
  }
  return (
    <form class="watch-this stack" aria-label={label} onSubmit={(event) => void save(event)}>
      <h3>{t('watchTitle')}</h3>
      <p class="small muted">{t('watchIntro')}</p>
      <label>
        {t('watchName')}
        <input name="watch_name" value={name} maxLength={200} onInput={(event) => setName((event.currentTarget as HTMLInputElement).value)} />
      </label>
      <label>
        {t('webhookUrl')}
        <input
          name="webhook_url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          value={webhookUrl}
          onInput={(event) => setWebhookUrl((event.currentTarget as HTMLInputElement).value)}
        />
        <span class="small muted">{t('webhookHint')}</span>
      </label>
      <div class="row">
        <button type="submit" disabled={busy}>
          {busy ? t('watchSaving') : t('watchSave')}
        </button>
        <button type="button" class="link" onClick={() => setOpen(false)}>
          {t('close')}
        </button>
      </div>
      {error && <WatchError error={error} />}
    </form>
  );
}
