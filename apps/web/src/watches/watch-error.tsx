import type { Translate } from '../i18n/i18n.js';
import { asApiError } from '../map-app/api-error.js';

export interface WatchErrorText {
  message: string;
  /** The service's own words (English), shown marked as such. */
  apiNote: string | null;
}

/**
 * A failed watch request in the reader's words: a key without the watches scope is told which scope
 * it lacks and what to do; the service's own refusal (a webhook URL refused, the key's limit
 * reached, a search it cannot watch) keeps the service's message, which names what was wrong.
 */
export function watchErrorText(error: unknown, t: Translate, writing: boolean): WatchErrorText {
  const failure = asApiError(error);
  if (failure.status === 403 || failure.code === 'insufficient_scope') {
    const lacksWrite = /watches:write/.test(failure.message) || (writing && !/watches:read/.test(failure.message));
    return { message: t(lacksWrite ? 'watchLacksWrite' : 'watchLacksRead'), apiNote: null };
  }
  return { message: t('watchRefused'), apiNote: failure.message };
}

export function WatchError({ error }: { error: WatchErrorText }) {
  return (
    <p role="alert" class="alert error">
      {error.message} {error.apiNote && <span lang="en">{error.apiNote}</span>}
    </p>
  );
}
