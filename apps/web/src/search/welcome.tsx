import { useI18n } from '../i18n/i18n.js';

const EXAMPLES = {
  pl: [
    'farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV, bez Natury 2000',
    'magazyn energii w Poznaniu, co najmniej 1 ha',
    'działka budowlana w Poznaniu, niezabudowana, do 800 m od przystanku',
  ],
  en: ['warehouse near Poznań, at least 2 ha, flat', 'battery storage in Poznań within 5 km of a 110 kV substation', 'vacant building plot in Poznań near public transport'],
};

/** Shown before the first search: what to ask, with examples in the reader's language. */
export function Welcome({ onPick }: { onPick(query: string): void }) {
  const { language, t } = useI18n();
  return (
    <section class="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t('welcomeTitle')}</h2>
      <p>{t('welcomeText')}</p>
      <h3>{t('examples')}</h3>
      <ul>
        {EXAMPLES[language].map((example) => (
          <li key={example}>
            <button type="button" class="link" onClick={() => onPick(example)}>
              {example}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
