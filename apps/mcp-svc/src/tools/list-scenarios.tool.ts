import type { ScenarioListView } from '@lp/contracts';
import { z } from 'zod';
import type { GatewayClient } from '../gateway/gateway.client.js';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';

const scenarioSchema = z.object({
  id: z.string().describe('Pass as find_sites.scenario'),
  title: z.string(),
  title_pl: z.string(),
  description: z.string(),
  criteria: z
    .array(z.object({ label: z.string(), searched_as: z.string().describe('The structured filter it becomes, with effective values'), note: z.string().optional() }))
    .describe('Hard criteria; all must pass'),
  parameters: z
    .array(z.object({ id: z.string(), unit: z.string(), default: z.number(), min: z.number(), max: z.number(), description: z.string() }))
    .describe('Tunable with find_sites.params, within min..max'),
  signals: z
    .array(z.object({ signal: z.string(), weight: z.number(), unit: z.string(), direction: z.string().describe('higher or lower value ranks first') }))
    .describe('Ranking signals with default weights; re-weight with find_sites.weights'),
});

const outputSchema = z.object({ scenarios: z.array(scenarioSchema) });
export type ScenarioCatalogue = z.output<typeof outputSchema>;

/** Shared with the landparcel://scenarios resource. */
export async function readScenarios(gateway: GatewayClient): Promise<ScenarioCatalogue> {
  const list = await gateway.get<ScenarioListView>('/v1/scenarios');
  return {
    scenarios: list.scenarios.map((scenario) => ({
      id: scenario.id,
      title: scenario.title,
      title_pl: scenario.title_pl,
      description: scenario.description,
      criteria: scenario.criteria.map((criterion) => ({ label: criterion.label, searched_as: criterion.searched_as, ...(criterion.note ? { note: criterion.note } : {}) })),
      parameters: scenario.parameters.map(({ id, unit, default: value, min, max, description }) => ({ id, unit, default: value, min, max, description })),
      signals: scenario.signals.map(({ signal, weight, unit, direction }) => ({ signal, weight, unit, direction })),
    })),
  };
}

export const listScenariosTool = defineTool({
  name: 'list_scenarios',
  title: 'List site-selection scenarios',
  description: [
    'Lists the site-selection scenarios (one asset type each: solar farm, wind farm, battery storage, data centre, housing, retail, logistics, ...) with their hard criteria, tunable parameters (effective default, min, max, unit) and ranking signals with default weights.',
    'Call it before find_sites to pick the scenario id and to know which params and weights you may override. Also available as the resource landparcel://scenarios.',
  ].join(' '),
  scope: 'search:read',
  inputSchema: z.object({}),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run(_args, ctx) {
    const catalogue = await readScenarios(ctx.gateway);
    const lines = catalogue.scenarios.map(
      (scenario) =>
        `- ${scenario.id}: ${scenario.title}. Criteria: ${scenario.criteria.map((criterion) => criterion.label).join('; ')}. ` +
        `Params: ${scenario.parameters.map((parameter) => `${parameter.id}=${parameter.default} ${parameter.unit} (${parameter.min}..${parameter.max})`).join(', ')}. ` +
        `Ranked by: ${scenario.signals.map((signal) => `${signal.signal} ${signal.weight}`).join(', ')}.`,
    );
    return { structuredContent: catalogue, text: [`${catalogue.scenarios.length} scenarios:`, ...lines].join('\n') };
  },
});
