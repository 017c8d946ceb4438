import { useEffect, useState } from 'preact/hooks';
import type { WatchEventView } from '../api/types.js';
import { criterionWords } from '../i18n/criterion-words.js';
import { formatArea, useI18n, type Translate } from '../i18n/i18n.js';
import { useLayerName } from '../i18n/layer-names.js';
import type { Language, MessageKey } from '../i18n/messages.js';
import { WatchError, watchErrorText, type WatchErrorText } from './watch-error.js';
import { watchEvents } from './watches-api.js';

const TYPE_WORDS: Record<WatchEventView['type'], MessageKey> = {
  entered: 'eventEntered',
  left: 'eventLeft',
  facts_changed: 'eventFacts',
  coverage: 'eventCoverage',
};

const COVERAGE_WORDS: Record<string, MessageKey> = {
  missing: 'coverageStatusMissing',
  partial: 'coverageStatusPartial',
  available: 'coverageStatusAvailable',
};

const DELIVERY_WORDS: Partial<Record<WatchEventView['delivery'], MessageKey>> = {
  pending: 'deliveryPending',
  delivered: 'deliveryDelivered',
  failed: 'deliveryFailed',
};

/** A watch's feed, oldest first as the API gives it, a page at a time; a parcel opens on the map. */
export function WatchEvents({ watchId, onSelectParcel }: { watchId: string; onSelectParcel(parcelId: string): void }) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  const [events, setEvents] = useState<WatchEventView[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<WatchErrorText | null>(null);

  const more = (from: string | null) =>
    watchEvents(watchId, from)
      .then((page) => {
        setEvents((shown) => [...(from === null ? [] : (shown ?? [])), ...page.events]);
        setCursor(page.next_cursor);
      })
      .catch((failure: unknown) => setError(watchErrorText(failure, t, false)));
  useEffect(() => void more(null), [watchId]);

  if (error) return <WatchError error={error} />;
  if (events === null) return <p aria-busy="true">{t('loading')}</p>;
  if (events.length === 0) return <p class="small">{t('watchEventsNone')}</p>;
  const criterion = (id: string) =>
    id
      .split(',')
      .map((one) => criterionWords(one, language, layerName))
      .join(', ');
  return (
    <>
      <ol class="watch-events">
        {events.map((event) => (
          <li key={event.id} class={`watch-event event-${event.type}`} data-event-id={event.id}>
            {event.parcel_id && (
              <button type="button" class="link parcel-id" onClick={() => onSelectParcel(event.parcel_id!)}>
                {event.parcel_id}
              </button>
            )}{' '}
            <span class="event-what">{eventWhat(event, language, t)}</span>
            <span class="small muted">
              {' '}
              {event.criterion && <>· {t('eventBecause', { criterion: criterion(event.criterion) })} </>}·{' '}
              {new Date(event.created_at).toLocaleString(language === 'pl' ? 'pl-PL' : 'en-GB')}
              {DELIVERY_WORDS[event.delivery] && <> · {t('eventDelivery', { status: t(DELIVERY_WORDS[event.delivery]!) })}</>}
            </span>
          </li>
        ))}
      </ol>
      {cursor && (
        <button type="button" class="link" onClick={() => void more(cursor)}>
          {t('watchEventsMore')}
        </button>
      )}
    </>
  );
}

/** What happened, with before and after where the event carries them. */
function eventWhat(event: WatchEventView, language: Language, t: Translate): string {
  const before = event.before ?? {};
  const after = event.after ?? {};
  if (event.type === 'coverage' && event.parcel_id === null && typeof before['teryt'] === 'string') {
    const status = (value: unknown) => (typeof value === 'string' && COVERAGE_WORDS[value] ? t(COVERAGE_WORDS[value]) : t('unknown'));
    return t('eventCoverageGmina', { teryt: before['teryt'], before: status(before['status']), after: status(after['status']) });
  }
  if (event.type === 'coverage') return t('eventCoverageParcel');
  if (event.type === 'facts_changed') {
    if (before['exists'] === true && after['exists'] === false) return t('eventGone');
    if (before['exists'] === false && after['exists'] === true) return t('eventAppeared');
    if (typeof before['area_sqm'] === 'number' && typeof after['area_sqm'] === 'number')
      return `${t('eventFacts')}: ${t('eventArea', { before: formatArea(language, before['area_sqm']), after: formatArea(language, after['area_sqm']) })}`;
  }
  return t(TYPE_WORDS[event.type]);
}
