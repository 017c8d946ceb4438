/** NATS subjects answered by search-svc; one request and one reply type each. */
export const SearchSubjects = {
  /** SearchParcelsRequest -> SearchResponseView (POST /v1/search/parcels; answered once the engine lands). */
  parcelsRun: 'search.parcels.run',
  /** AssemblySearchRequest -> AssemblySearchResponseView (POST /v1/search/assemblies). */
  assembliesRun: 'search.assemblies.run',
  /** {} -> ScenarioListView (effective parameter values and weights). */
  scenariosList: 'search.scenarios.list',
  /** CompileScenarioRequest -> SearchParcelsRequest. */
  scenariosCompile: 'search.scenarios.compile',
  /** NaturalLanguageSearchRequest -> NaturalLanguageSearchView: interpretation and results (POST /v1/search/natural-language). */
  nlRun: 'search.nl.run',
  /** NaturalLanguageSearchRequest -> InterpretationView: interpretation only, no search (the tool server). */
  nlInterpret: 'search.nl.interpret',
  /** EvaluateScenarioRequest -> ScenarioFitView (report and compare_parcels scenario fit; answered once the engine lands). */
  scenariosEvaluate: 'search.scenarios.evaluate',
} as const;
