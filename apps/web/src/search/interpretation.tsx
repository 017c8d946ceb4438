import type { NaturalLanguageSearchView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { term } from '../i18n/terms.js';
import { scenarioTitle, useScenarios } from '../scenario/scenario-list.js';

type InterpretationView = NaturalLanguageSearchView['interpretation'];

/**
 * How the sentence was understood: region, scenario (by its name), every filter in words,
 * assumptions, leftovers. The words come from the API in the language asked for; after a language
 * switch they are asked for again (search-runs), and until they come the old words are not shown
 * under the new headings.
 */
export function Interpretation({ interpretation }: { interpretation: InterpretationView }) {
  const { language, t } = useI18n();
  const { scenarios } = useScenarios();
  const current = interpretation.language === language;
  return (
    <section class="interpretation" aria-labelledby="interpretation-title">
      <h2 id="interpretation-title">{t('interpretation')}</h2>
      <dl>
        <dt>{t('region')}</dt>
        <dd>{interpretation.region ? <Region region={interpretation.region} /> : t('allPoland')}</dd>
        <dt>{t('scenario')}</dt>
        <dd>{interpretation.scenario ? scenarioTitle(scenarios, interpretation.scenario, language) : t('noScenario')}</dd>
      </dl>
      {current ? (
        <>
          <List title={t('filters')} items={interpretation.filters} />
          <List title={t('assumptions')} items={interpretation.assumptions} />
          <List title={t('notUnderstood')} items={interpretation.not_understood} />
        </>
      ) : (
        <p aria-busy="true">{t('loading')}</p>
      )}
    </section>
  );
}

/** The unit searched: its name as the register writes it, its type in the reader's words. */
function Region({ region }: { region: NonNullable<InterpretationView['region']> }) {
  const { language } = useI18n();
  return (
    <>
      <span lang="pl">{region.name}</span> ({term(language, region.unit_type)}, {region.teryt})
    </>
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
