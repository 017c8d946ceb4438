import { useEffect, useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';

/** One sentence in Polish or English (`<input type="search">`). */
export function SearchBox({ initial, busy, onSearch }: { initial: string; busy: boolean; onSearch(query: string): void }) {
  const { t } = useI18n();
  const [text, setText] = useState(initial);
  useEffect(() => setText(initial), [initial]);
  return (
    <form
      role="search"
      class="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) onSearch(text.trim());
      }}
    >
      <label for="q" class="visually-hidden">
        {t('searchLabel')}
      </label>
      <input id="q" name="q" type="search" value={text} maxLength={500} placeholder={t('searchPlaceholder')} onInput={(event) => setText((event.currentTarget as HTMLInputElement).value)} />
      <button type="submit" disabled={busy}>
        {busy ? t('searching') : t('search')}
      </button>
    </form>
  );
}
