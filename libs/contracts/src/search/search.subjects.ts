/** NATS subjects answered by search-svc; one request and one reply type each. */
export const SearchSubjects = {
  /** SearchParcelsRequest -> SearchResponseView (POST /v1/search/parcels; answered once the engine lands). */
  parcelsRun: 'search.parcels.run',
  /** {} -> ScenarioListView (effective parameter values and weights). */
  scenariosList: 'search.scenarios.list',
  /** CompileScenarioRequest -> SearchParcelsRequest. */
  scenariosCompile: 'search.scenarios.compile',
  /** EvaluateScenarioRequest -> ScenarioFitView (report and compare_parcels scenario fit; answered once the engine lands). */
  scenariosEvaluate: 'search.scenarios.evaluate',
} as const;
