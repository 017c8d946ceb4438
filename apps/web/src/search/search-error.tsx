import type { ApiError } from '../api/client.js';
import { useI18n } from '../i18n/i18n.js';

/** A search that failed: the message, and for an ambiguous region its candidates to pick from. */
export function SearchError({ error, onPick }: { error: ApiError; onPick(teryt: string): void }) {
  const { t } = useI18n();
  const choices = error.candidates.map((label) => ({ label, teryt: /\((\d{2,7})\)\s*$/.exec(label)?.[1] ?? null }));
  return (
    <div role="alert" class="alert error">
      <p>{error.message}</p>
      {error.code === 'ambiguous_region' && choices.length > 0 && (
        <>
          <p>{t('ambiguous')}</p>
          <ul>
            {choices.map((choice) => (
              <li key={choice.label}>
                {choice.teryt ? (
                  <button type="button" class="link" onClick={() => onPick(choice.teryt!)}>
                    {choice.label}
                  </button>
                ) : (
                  choice.label
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
