import { useEffect, useState } from 'preact/hooks';
import type { WatchView } from '../api/types.js';
import { formatDate, useI18n } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/messages.js';
import { WatchError, watchErrorText, type WatchErrorText } from './watch-error.js';
import { WatchEvents } from './watch-events.js';
import { deleteWatch, listWatches } from './watches-api.js';

const KIND_WORDS: Record<WatchView['kind'], MessageKey> = {
  search: 'watchKindSearch',
  scenario: 'watchKindScenario',
  query: 'watchKindQuery',
  parcel_ids: 'watchKindParcels',
};

/** The key's watches, each with its changes (opened on demand) and a delete button. */
export function WatchesPanel({ onSelectParcel }: { onSelectParcel(parcelId: string): void }) {
  const { t } = useI18n();
  const [watches, setWatches] = useState<WatchView[] | null>(null);
  const [error, setError] = useState<WatchErrorText | null>(null);

  const load = () =>
    listWatches()
      .then((list) => setWatches(list.watches))
      .catch((failure: unknown) => setError(watchErrorText(failure, t, false)));
  useEffect(() => void load(), []);

  const remove = async (watch: WatchView) => {
    if (!window.confirm(t('watchDeleteConfirm', { name: watch.name ?? t('watchUnnamed') }))) return;
    setError(null);
    try {
      await deleteWatch(watch.id);
      setWatches((current) => (current ?? []).filter((candidate) => candidate.id !== watch.id));
    } catch (failure) {
      setError(watchErrorText(failure, t, true));
    }
  };

  return (
    <section class="watches" aria-labelledby="watches-title">
      <h2 id="watches-title">{t('watchesTitle')}</h2>
      {error && <WatchError error={error} />}
      {watches === null && !error && <p aria-busy="true">{t('loading')}</p>}
      {watches?.length === 0 && <p>{t('watchesNone')}</p>}
      <ul class="watch-list">
        {watches?.map((watch) => (
          <WatchItem key={watch.id} watch={watch} onDelete={() => void remove(watch)} onSelectParcel={onSelectParcel} />
        ))}
      </ul>
    </section>
  );
}

function WatchItem({ watch, onDelete, onSelectParcel }: { watch: WatchView; onDelete(): void; onSelectParcel(parcelId: string): void }) {
  const { language, t } = useI18n();
  const [open, setOpen] = useState(false);
  const title = watch.name ?? watch.query ?? watch.parcel_ids?.join(', ') ?? t('watchUnnamed');
  return (
    <li class="watch" data-watch-id={watch.id}>
      <div class="row">
        {/* A name the user gave, in whatever language: not to be translated. */}
        <strong class="watch-name" translate={false}>
          {title}
        </strong>
        <button type="button" class="link danger" onClick={onDelete}>
          {t('watchDelete')}
        </button>
      </div>
      <p class="small muted">
        {t(KIND_WORDS[watch.kind])} · {watch.regions.length > 0 ? <span translate={false}>{watch.regions.join(', ')}</span> : t('allPoland')} ·{' '}
        {t('watchCreatedOn', { date: formatDate(language, watch.created_at) })}
        {watch.delivery && (
          <>
            {' · '}
            {t('watchDeliveries', { pending: watch.delivery.pending, failed: watch.delivery.failed })}
          </>
        )}
      </p>
      {watch.delivery?.last_error && (
        <p class="small alert error">
          {t('watchLastError', { error: '' })}
          <span lang="en">{watch.delivery.last_error}</span>
        </p>
      )}
      <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t('watchHideEvents') : t('watchEvents')}
      </button>
      {open && <WatchEvents watchId={watch.id} onSelectParcel={onSelectParcel} />}
    </li>
  );
}
