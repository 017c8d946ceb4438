/** Scenario ids are lower-case words joined by `_` (GET /v1/scenarios lists them). */
export const SCENARIO_ID_PATTERN = /^[a-z][a-z0-9_]{1,63}$/;
export const SCENARIO_ID_MESSAGE = 'scenario must be a scenario id such as solar_farm_site (lower-case letters, digits and _; GET /v1/scenarios lists them)';
