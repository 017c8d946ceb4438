import { useEffect, useState } from 'preact/hooks';
import { getJson } from '../api/client.js';
import type { ScenarioListView, ScenarioView } from '../api/types.js';
import type { Language } from '../i18n/messages.js';

/** GET /v1/scenarios once per page: the catalogue does not change while the page is open. */
let scenarioList: Promise<ScenarioView[]> | null = null;

function loadScenarios(): Promise<ScenarioView[]> {
  scenarioList ??= getJson<ScenarioListView>('/v1/scenarios')
    .then((list) => list.scenarios)
    .catch((failure: unknown) => {
      // A failed load is tried again by the next screen that needs it.
      scenarioList = null;
      throw failure;
    });
  return scenarioList;
}

/** The scenarios of the catalogue (empty until they have come), and the error of loading them. */
export function useScenarios(): { scenarios: ScenarioView[]; error: unknown } {
  const [state, setState] = useState<{ scenarios: ScenarioView[]; error: unknown }>({ scenarios: [], error: null });
  useEffect(() => {
    loadScenarios()
      .then((scenarios) => setState({ scenarios, error: null }))
      .catch((error: unknown) => setState({ scenarios: [], error }));
  }, []);
  return state;
}

/** A scenario's title in the reader's language; its id only while the catalogue has not come. */
export function scenarioTitle(scenarios: readonly ScenarioView[], id: string, language: Language): string {
  const scenario = scenarios.find((candidate) => candidate.id === id);
  if (!scenario) return id.replaceAll('_', ' ');
  return language === 'pl' ? scenario.title_pl : scenario.title;
}
