import type { NaturalLanguageSearchView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';

/** How the sentence was understood: region, scenario, every filter in words, assumptions, leftovers. */
export function Interpretation({ interpretation }: { interpretation: NaturalLanguageSearchView['interpretation'] }) {
  const { t } = useI18n();
  return (
    <section class="interpretation" aria-labelledby="interpretation-title">
      <h2 id="interpretation-title">{t('interpretation')}</h2>
      <dl>
        <dt>{t('region')}</dt>
        <dd>{interpretation.region ? `${interpretation.region.name} (${interpretation.region.unit_type}, ${interpretation.region.teryt})` : t('allPoland')}</dd>
        <dt>{t('scenario')}</dt>
        <dd>{interpretation.scenario ?? t('noScenario')}</dd>
      </dl>
      <List title={t('filters')} items={interpretation.filters} />
      <List title={t('assumptions')} items={interpretation.assumptions} />
      <List title={t('notUnderstood')} items={interpretation.not_understood} />
    </section>
  );
}

function List({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  );
}
