import { useEffect, useState } from 'preact/hooks';
import { ApiError, getJson } from '../api/client.js';
import type { RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { parameterDescription, scenarioDescription, signalDescription, unitWords, type Worded } from '../i18n/scenario-words.js';
import { scenarioTitle, useScenarios } from './scenario-list.js';

export interface ScenarioRun {
  scenario: string;
  region: string | null;
  params: Record<string, number>;
  weights: Record<string, number>;
}

export interface ScenarioPanelProps {
  initialScenario: string | null;
  initialRegion: string | null;
  busy: boolean;
  onRun(run: ScenarioRun): void;
}

/** One of the twelve scenarios, a region, its parameters within their bounds and the signal weights. */
export function ScenarioPanel({ initialScenario, initialRegion, busy, onRun }: ScenarioPanelProps) {
  const { language, t } = useI18n();
  const { scenarios, error: loadError } = useScenarios();
  const error = loadError === null ? null : loadError instanceof ApiError ? loadError.message : String(loadError);
  const [scenarioId, setScenarioId] = useState<string | null>(initialScenario);
  const [region, setRegion] = useState<string>(initialRegion ?? '');
  const [regionOptions, setRegionOptions] = useState<RegionView[]>([]);
  const [params, setParams] = useState<Record<string, number>>({});
  const [weights, setWeights] = useState<Record<string, number>>({});

  const scenario = scenarios.find((candidate) => candidate.id === scenarioId) ?? null;
  useEffect(() => {
    if (!scenario) return;
    setParams(Object.fromEntries(scenario.parameters.map((parameter) => [parameter.id, parameter.default])));
    setWeights(Object.fromEntries(scenario.signals.map((signal) => [signal.signal, signal.weight])));
  }, [scenario?.id]);

  useEffect(() => {
    const text = region.trim();
    if (text.length < 2 || /^\d+$/.test(text)) return setRegionOptions([]);
    const abort = new AbortController();
    const timer = setTimeout(() => {
      getJson<RegionView[]>('/v1/regions', { query: { q: text, limit: 8 }, signal: abort.signal })
        .then(setRegionOptions)
        .catch(() => setRegionOptions([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [region]);

  const submit = (event: Event) => {
    event.preventDefault();
    if (!scenario) return;
    const typed = region.trim();
    const teryt = /^\d{2}(\d{2}(\d{3})?)?$/.test(typed) ? typed : (regionOptions.find((option) => option.label === typed || option.name === typed)?.teryt ?? null);
    onRun({ scenario: scenario.id, region: teryt, params, weights });
  };

  return (
    <form class="scenario stack" onSubmit={submit} aria-label={t('modeScenario')}>
      {error && (
        <p role="alert" class="alert error">
          {error}
        </p>
      )}
      <label>
        {t('scenarioPick')}
        <select name="scenario" value={scenarioId ?? ''} onChange={(event) => setScenarioId((event.currentTarget as HTMLSelectElement).value || null)} required>
          <option value="">—</option>
          {scenarios.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {scenarioTitle(scenarios, candidate.id, language)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('regionSearch')}
        <input name="region" list="region-options" value={region} onInput={(event) => setRegion((event.currentTarget as HTMLInputElement).value)} autocomplete="off" />
        <datalist id="region-options">
          {regionOptions.map((option) => (
            <option key={option.teryt} value={option.teryt}>
              {option.label}
            </option>
          ))}
        </datalist>
      </label>
      {scenario && (
        <>
          <Words class="muted small" as="p" words={scenarioDescription(scenario.id, scenario.description, language)} />
          <details>
            <summary>{t('hardCriteria')}</summary>
            <ul class="small">
              {scenario.criteria.map((criterion) => (
                // The label in the reader's language; the API's notes exist in English only.
                <li key={criterion.label} lang={language}>
                  {language === 'pl' ? criterion.label_pl : criterion.label}
                  {criterion.note ? (
                    // folded, as every API note in the application: a Polish reader is not met by English prose
                    <details>
                      <summary>{t('apiNote')}</summary>
                      <p lang="en" class="muted">
                        {criterion.note}
                      </p>
                    </details>
                  ) : null}
                </li>
              ))}
            </ul>
          </details>
          <fieldset>
            <legend>{t('parameters')}</legend>
            {scenario.parameters.map((parameter) => (
              <label key={parameter.id}>
                <Words words={parameterDescription(parameter.id, parameter.description, language)} /> ({unitWords(parameter.unit, language)})
                <input
                  type="number"
                  name={`param-${parameter.id}`}
                  min={parameter.min}
                  max={parameter.max}
                  step={parameter.integer ? 1 : 'any'}
                  value={params[parameter.id] ?? parameter.default}
                  onInput={(event) => setParams({ ...params, [parameter.id]: Number((event.currentTarget as HTMLInputElement).value) })}
                  required
                />
                <span class="muted small">
                  {parameter.min} – {parameter.max}
                </span>
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('weights')}</legend>
            {scenario.signals.map((signal) => (
              <label key={signal.signal}>
                <Words words={signalDescription(signal.signal, signal.description, language)} />: <output>{weights[signal.signal] ?? signal.weight}</output>
                <input
                  type="range"
                  name={`weight-${signal.signal}`}
                  min={0}
                  max={100}
                  step={5}
                  value={weights[signal.signal] ?? signal.weight}
                  onInput={(event) => setWeights({ ...weights, [signal.signal]: Number((event.currentTarget as HTMLInputElement).value) })}
                />
              </label>
            ))}
          </fieldset>
        </>
      )}
      <button type="submit" disabled={!scenario || busy}>
        {busy ? t('searching') : t('run')}
      </button>
    </form>
  );
}

/** A catalogue text, marked with its own language where it had to stay the API's English. */
function Words({ words, as = 'span', class: className }: { words: Worded; as?: 'span' | 'p'; class?: string }) {
  const { language } = useI18n();
  const Tag = as;
  return (
    <Tag class={className} lang={words.lang === language ? undefined : words.lang}>
      {words.text}
    </Tag>
  );
}
